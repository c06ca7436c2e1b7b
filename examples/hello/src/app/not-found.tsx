export default function NotFound() {
  return (
    <section className="not-found">
      <h1>Not found</h1>
      <p>There is nothing at this address.</p>
    </section>
  );
}
