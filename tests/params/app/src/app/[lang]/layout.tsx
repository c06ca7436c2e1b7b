import Link from '@kit/core/Link';

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
