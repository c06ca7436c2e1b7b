'use client';
import { usePathname } from '@kit/core/navigation';

export function Where() {
  return <p id="pathname">{'at ' + usePathname()}</p>;
}
