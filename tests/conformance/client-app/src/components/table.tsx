'use client';
// A "use client" module whose non-component exports a server component
// passes to a client component (shadcn's columns pattern): they cross as
// client references, as React sends them (case "exports").
export const columns = [
  { key: 'name', title: 'Name' },
  { key: 'qty', title: 'Qty' },
];

export function formatQty(n: number) {
  return n + ' pcs';
}

export function Cell({ value }: { value: string }) {
  return <td className="cell">{value}</td>;
}

export function Table({ columns, rows, format, cell: C }: {
  columns: { key: string; title: string }[];
  rows: { name: string; qty: number }[];
  format: (n: number) => string;
  cell: (p: { value: string }) => React.ReactNode;
}) {
  return (
    <table>
      <thead>
        <tr>{columns.map((c) => <th key={c.key}>{c.title}</th>)}</tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.name}>
            <C value={r.name} />
            <td>{format(r.qty)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
