import { i18n, type Locale } from '../../i18n-config';

export async function generateStaticParams() {
  return i18n.locales.map((locale) => ({ lang: locale }));
}

export const metadata = {
  title: 'i18n within kit',
  description: 'How to do i18n with kit: locale routing by a middleware, dictionaries, Intl',
};

export default async function Root(props: { children: React.ReactNode; params: Promise<{ lang: Locale }> }) {
  const params = await props.params;
  return (
    <html lang={params.lang} dir={params.lang === 'ar' ? 'rtl' : 'ltr'}>
      <body>{props.children}</body>
    </html>
  );
}
