'use client';
import { usePathname } from '@kit/core/navigation';

// The path the browser shows: under a rewrite, the URL asked for.
export default function Path() {
  return <p id="path">path {usePathname()}</p>;
}
