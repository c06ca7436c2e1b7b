export default function Home() {
  const features = ['TSX pages and layouts', 'rendered in C + mujs', 'served over FastCGI'];
  return (
    <section className="home">
      <h1>Hello from kit</h1>
      <p>
        This page has {features.length} features &amp; no client JavaScript.
      </p>
      <ul>
        {features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
    </section>
  );
}
