import { connection } from '@kit/core/request';

async function OrderList() {
  const orders = (await rpc('Orders.list')) as string[];
  return <ul>{orders.map((o) => <li key={o}>{o}</li>)}</ul>;
}

// The backend is down (RSC_BACKEND points at a closed port): rpc() fails the render.
export default async function Orders() {
  await connection();
  return <main><OrderList /></main>;
}
