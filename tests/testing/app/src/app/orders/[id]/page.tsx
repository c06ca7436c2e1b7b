interface Order { id: number; total: number }

// A refusal with status 404 is the app's not-found page.
export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const order = await rpc<Order>('Orders.find', Number((await params).id));
  return <p id="order">order {order.id} costs {order.total}</p>;
}
