export default async function Doc({ params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  return (
    <article>
      <h1>Docs</h1>
      <ol className="crumbs">
        {path.map((part, i) => (
          <li key={i}>{part}</li>
        ))}
      </ol>
    </article>
  );
}

// A catch-all lists arrays; async works too.
export async function generateStaticParams() {
  await Promise.resolve();
  return [{ path: ['guide', 'install'] }];
}
