// params and searchParams arrive as promises; a repeated query key is an array.
type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[]>>;
};

export default async function Page({ params, searchParams }: Props) {
  const { id } = await params;
  const sp = await searchParams;
  const keys = Object.keys(sp).sort();
  return (
    <article data-id={id}>
      <h1>item {id}</h1>
      <dl>
        {keys.map((k) => {
          const v = sp[k];
          return (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{Array.isArray(v) ? 'array:' + v.join('|') : 'string:' + v}</dd>
            </div>
          );
        })}
      </dl>
    </article>
  );
}

// kit-build: one listed URL (the conformance case carries a query string, so
// it is rendered, not served from the store); listing none would fail the
// build, since the page reads its params above every Suspense boundary.
export function generateStaticParams() {
  return [{ id: 'listed' }];
}
