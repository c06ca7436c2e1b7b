import { getPostBySlug, getPostSlugs } from '../../../lib/posts';

export function generateStaticParams() {
  return getPostSlugs().map((slug) => ({ slug }));
}

export default async function Post({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const post = getPostBySlug(slug);
  return (
    <article>
      <h1>{post.title}</h1>
      <p id="content">{post.content.trim()}</p>
    </article>
  );
}
