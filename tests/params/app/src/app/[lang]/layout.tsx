import Link from '@kit/core/Link';

// The languages: every page below is built for each (as in Next.js, a
// layout's generateStaticParams reaches the pages under it).
export function generateStaticParams() {
  return [{ lang: 'de' }, { lang: 'cs' }];
}

// The root layout of Next.js's i18n-routing example: <html lang> from the
// [lang] param. A navigation to another language must render it again.
export default async function RootLayout({ children, params }: {
  children: React.ReactNode;
  params: Promise<{ lang: string }>;
}) {
  const { lang } = await params;
  return (
    <html lang={lang}>
      <body>
        <nav>
          <Link href="/de" id="to-de">de</Link> <Link href="/cs" id="to-cs">cs</Link>{' '}
          <Link href={`/${lang}/about`} id="to-about">about</Link>
        </nav>
        <p id="layout-lang">layout {lang}</p>
        {children}
      </body>
    </html>
  );
}
