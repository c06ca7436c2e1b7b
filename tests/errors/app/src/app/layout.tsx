import Link from '@kit/core/Link';
import { cookies, connection } from '@kit/core/request';

// The root layout. The cookie root=boom makes it throw: global-error.tsx
// then replaces it (its own <html> and <body>).
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  await connection();
  if ((await cookies()).get('root')?.value === 'boom') throw new Error('the root layout failed');
  return (
    <html lang="en">
      <body>
        <nav>
          <Link href="/" id="to-home">home</Link> <Link href="/dash" id="to-dash">dash</Link>{' '}
          <Link href="/dash/fail" id="to-fail">fail</Link> <Link href="/dash/missing" id="to-missing">missing</Link>{' '}
          <Link href="/dash/deny" id="to-deny">deny</Link> <Link href="/dash/client" id="to-client">client</Link>{' '}
          <Link href="/dash/smissing" id="to-smissing">smissing</Link> <Link href="/dash/sdeny" id="to-sdeny">sdeny</Link>{' '}
          <Link href="/tpl/a" id="to-a">a</Link> <Link href="/tpl/b" id="to-b">b</Link>
        </nav>
        <p id="root-layout">root layout</p>
        {children}
      </body>
    </html>
  );
}
