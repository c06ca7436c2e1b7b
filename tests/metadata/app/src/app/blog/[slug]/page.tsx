// generateMetadata reads the params and what the layouts resolved (parent).
export async function generateMetadata(
  { params }: { params: Promise<{ slug: string }> },
  parent: Promise<{ description?: string }>,
) {
  const { slug } = await params;
  const p = await parent;
  return {
    title: `Post ${slug}`,
    description: `${p.description} — ${slug}`,
    openGraph: { title: `Post ${slug}`, type: 'article', images: [{ url: `/og/${slug}.png`, width: 1200, height: 630 }] },
  };
}

// one is stored at build time, two rendered per request
export function generateStaticParams() {
  return [{ slug: 'one' }];
}

export default async function Post({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return <h1>post {slug}</h1>;
}
