// A client module's exports (an array, a function, a component) passed by a
// server component as props of a client component.
import { Cell, Table, columns, formatQty } from '../../components/table';

export default function Page() {
  return (
    <main>
      <Table columns={columns} rows={[{ name: 'apple', qty: 3 }, { name: 'pear', qty: 5 }]} format={formatQty} cell={Cell} />
    </main>
  );
}
