import { connection } from '@kit/core/request';

interface Order { id: number; total: number }

// A refusal with status 404 is the app's not-found page.
// Any id, per request: await connection() declares it (reading params above
// every Suspense boundary with no URLs listed would fail the build).
export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const order = await rpc<Order>('Orders.find', Number((await params).id));
  return <p id="order">order {order.id} costs {order.total}</p>;
}
