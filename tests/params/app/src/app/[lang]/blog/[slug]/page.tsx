// Called once per language the layout lists, with it in params.
export async function generateStaticParams({ params }: { params: { lang: string } }) {
  return [{ slug: `${params.lang}-first` }, { slug: `${params.lang}-second` }];
}

export default async function Post({ params }: { params: Promise<{ lang: string; slug: string }> }) {
  const { lang, slug } = await params;
  return <h1>post {lang} {slug}</h1>;
}
