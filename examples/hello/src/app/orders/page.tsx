import { Suspense } from 'react';
import { connection } from '@kit/core/request';

type Order = { id: number; total: number };

// Data from the backend (examples/backend, started by `contrib/dev demo`):
// the two reads go out in one batch; the fast one streams in while the slow
// one still runs. Without a backend the page says so instead of failing.
async function Orders() {
  try {
    const orders = await rpc<Order[]>('Orders.recent', 3);
    return (
      <ul className="orders">
        {orders.map((o) => (
          <li key={o.id}>order {o.id}: {o.total} coins</li>
        ))}
      </ul>
    );
  } catch (e) {
    return <p className="no-backend">no backend answered ({String((e as Error).message)})</p>;
  }
}

async function Report() {
  try {
    const report = await rpc<{ after: number }>('Slow.report', 1200);
    return <p className="report">the slow report took {report.after} ms</p>;
  } catch {
    return <p className="no-backend">no report without a backend</p>;
  }
}

export default async function OrdersPage() {
  await connection();
  return (
    <section>
      <h1>Orders</h1>
      <Suspense fallback={<p>loading orders…</p>}>
        <Orders />
      </Suspense>
      <Suspense fallback={<p>preparing the report…</p>}>
        <Report />
      </Suspense>
    </section>
  );
}
