// No client component below the root layout: the document has no <script>.
export default function Static() {
  return (
    <section id="page-static">
      <h1>Static</h1>
      <p>Server components only.</p>
      <a href="/" id="static-home">home</a>
    </section>
  );
}
