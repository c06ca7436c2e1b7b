const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function Slow({ ms, label }: { ms: number; label: string }) {
  await wait(ms);
  return <li>{label} after {ms} ms</li>;
}

export default async function AsyncPage() {
  await wait(5);
  return (
    <section>
      <h1>Async components</h1>
      <ul>
        <Slow ms={20} label="second" />
        <Slow ms={10} label="first" />
      </ul>
    </section>
  );
}
