// Visitor-chosen text (the query's q and u) in every place a page can put
// it: text, attributes, a link's href, a style value, the metadata in <head>,
// and the Flight rows inlined in a <script> (KIT_INLINE_FLIGHT=always).
// tests/suites/attacks.sh sends markup and script in them.
// In the server bundle only (never rendered): a path traversal that reached
// .kit/server.js would show it (tests/suites/attacks.sh).
export const serverOnly = 'kit-attacks-server-code';

type Props = { searchParams: Promise<{ q?: string; u?: string }> };

export async function generateMetadata({ searchParams }: Props) {
  const { q = '' } = await searchParams;
  return { title: q, description: q, openGraph: { title: q } };
}

export default async function Echo({ searchParams }: Props) {
  const { q = '', u = '' } = await searchParams;
  return (
    <main>
      <p id="text">{q}</p>
      <p id="attr" title={q} data-q={q} style={{ fontFamily: q }}>
        attr
      </p>
      <a id="link" href={u}>
        link
      </a>
      <textarea id="area" defaultValue={q} />
    </main>
  );
}
