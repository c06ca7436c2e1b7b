// A 500-item keyed list.
export default function Page() {
  const items: number[] = [];
  for (let i = 0; i < 500; i++) items.push(i);
  return (
    <ol start={1}>
      {items.map((i) => (
        <li key={i} id={'item-' + i} className={i % 2 ? 'odd' : 'even'}>
          item {i}: <b>{i * i}</b>
        </li>
      ))}
    </ol>
  );
}
