// A deep tree: 64 nested components (each one a C walk step), and a 200-deep
// chain of host elements built in a loop. Proves the walk's stack does not grow.
function Nest({ n }: { n: number }) {
  if (n === 0) return <b>leaf</b>;
  return <div data-d={n}><Nest n={n - 1} /></div>;
}

export default function Page() {
  let chain = <i>bottom</i>;
  for (let i = 0; i < 200; i++) chain = <span className={'d' + i}>{chain}</span>;
  return (
    <main>
      <Nest n={64} />
      {chain}
    </main>
  );
}
