import './globals.css';
import Link from '@kit/core/Link';
export default function L({ children }: { children: React.ReactNode }) {
  return <html lang="en"><body><nav><Link href="/" id="home">home</Link> <Link href="/about" id="about">about</Link></nav>{children}</body></html>;
}
