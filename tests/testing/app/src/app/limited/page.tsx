// A refusal nobody catches answers its own status (429 here).
export default async function Limited() {
  const orders = await rpc<unknown[]>('Orders.recent');
  return <p id="limited">{orders.length} orders</p>;
}
