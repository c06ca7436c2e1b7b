import { notFound } from '@kit/core/redirect';

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[]>> };

export default async function Post({ params, searchParams }: Props) {
  const { slug } = await params;
  if (slug === 'missing') notFound();
  const query = await searchParams;
  const title = slug.replace(/-/g, ' ');
  return (
    <article>
      <h1>{title}</h1>
      <p className="slug">slug: {slug}</p>
      {query.ref ? <p className="ref">ref: {String(query.ref)}</p> : null}
    </article>
  );
}

// Built at build time (one stored page per listed slug); other slugs render per request.
export function generateStaticParams() {
  return [{ slug: 'hello-world' }, { slug: 'second-post' }];
}
