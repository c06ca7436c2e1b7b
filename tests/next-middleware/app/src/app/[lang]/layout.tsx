import Link from '@kit/core/Link';

export function generateStaticParams() {
  return [{ lang: 'en' }, { lang: 'de' }];
}

export default async function RootLayout({ children, params }: {
  children: React.ReactNode;
  params: Promise<{ lang: string }>;
}) {
  const { lang } = await params;
  return (
    <html lang={lang}>
      <body>
        <nav>
          <Link href="/en" id="to-en">en</Link> <Link href="/de" id="to-de">de</Link>{' '}
          <Link href={`/${lang}/about`} id="to-about">about</Link> <Link href="/de/secret" id="to-secret">secret</Link>
        </nav>
        {children}
      </body>
    </html>
  );
}
