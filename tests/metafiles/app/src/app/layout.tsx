import Link from '@kit/core/Link';

export const metadata = {
  metadataBase: 'https://acme.test',
  title: { template: '%s | Acme', default: 'Acme' },
  openGraph: { siteName: 'Acme' },
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <nav>
          <Link href="/" id="to-home">home</Link> <Link href="/docs/guide" id="to-guide">guide</Link>{' '}
          <Link href="/blog" id="to-blog">blog</Link> <Link href="/icons" id="to-icons">icons</Link>
        </nav>
        {children}
      </body>
    </html>
  );
}
