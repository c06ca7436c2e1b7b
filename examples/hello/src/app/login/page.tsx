export default async function Login({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await searchParams;
  return (
    <section>
      <h1>Sign in</h1>
      <p className="next">then back to {next ?? '/'}</p>
    </section>
  );
}
