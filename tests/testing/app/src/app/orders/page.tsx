interface Order { id: number; total: number }

// What the backend answered, rendered.
export default async function Orders() {
  const orders = await rpc<Order[]>('Orders.recent', 3);
  return <ul id="orders">{orders.map((o) => <li key={o.id}>order {o.id}: {o.total}</li>)}</ul>;
}
