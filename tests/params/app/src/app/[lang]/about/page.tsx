export default async function About({ params }: { params: Promise<{ lang: string }> }) {
  const { lang } = await params;
  return <h1>about {lang}</h1>;
}
