import type { ReactNode } from 'react';
export default function Layout({ children }: { children: ReactNode }) {
  return <html><head><title>action client</title></head><body>{children}</body></html>;
}
