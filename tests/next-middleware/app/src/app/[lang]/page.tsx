// Stored at build (/en, /de): the middleware still runs before the file goes.
export default async function Home({ params }: { params: Promise<{ lang: string }> }) {
  const { lang } = await params;
  return <h1>home {lang}</h1>;
}
