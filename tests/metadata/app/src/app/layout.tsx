import Link from '@kit/core/Link';

// The root layout's metadata: a title template for the segments below, a
// default title for itself, Open Graph (which twitter inherits) and a base
// for relative URLs.
export const metadata = {
  metadataBase: 'https://acme.test',
  title: { template: '%s | Acme', default: 'Acme' },
  description: 'The Acme site',
  keywords: ['rockets', 'anvils'],
  openGraph: { siteName: 'Acme', images: ['/og.png'] },
  icons: { icon: '/icon.png', apple: '/apple.png' },
};

export const viewport = { themeColor: '#112233' };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <nav>
          <Link href="/" id="to-home">home</Link> <Link href="/about" id="to-about">about</Link>{' '}
          <Link href="/blog/one" id="to-one">one</Link> <Link href="/blog/two" id="to-two">two</Link>
        </nav>
        {children}
      </body>
    </html>
  );
}
