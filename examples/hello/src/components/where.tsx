'use client';
import { usePathname } from '@kit/core/navigation';

export function Where() {
  return <p className="where">you are at {usePathname()}</p>;
}
