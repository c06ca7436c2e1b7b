import type { ReactNode } from 'react';
import { NuqsAdapter } from '@kit/core/nuqs';
export default function L({ children }: { children: ReactNode }) {
  return <html><head><title>nuqs</title></head><body><NuqsAdapter>{children}</NuqsAdapter></body></html>;
}
