const pages: Array<[string, string]> = [
  ['/boundary-error', 'errors inside Suspense boundaries'],
  ['/nested', 'nested boundaries'],
  ['/many', '1,000 boundaries resolving at random times'],
];

export default function Home() {
  return (
    <section>
      <h1>Streaming test pages</h1>
      <ul>
        {pages.map(([href, label]) => (
          <li key={href}>
            <a href={href}>{label}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
