import { ValidationError, ThrottleError, HostCallError } from '@kit/core/rpc';

// Refusals caught by the page, each shown as its own kind.
export default async function Checkout({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  const qty = Number((await searchParams).qty || '1');
  try {
    const placed = await rpc<{ id: number }>('Orders.place', { qty });
    return <p id="placed">placed order {placed.id}</p>;
  } catch (e) {
    if (e instanceof ValidationError)
      return <ul id="invalid">{Object.keys(e.errors).map((k) => <li key={k}>{k}: {e.errors[k].join(' ')}</li>)}</ul>;
    if (e instanceof ThrottleError) return <p id="throttled">slow down ({e.status}): {e.message}</p>;
    if (e instanceof HostCallError) return <p id="failed">{e.name} {e.status}: {e.message}</p>;
    throw e;
  }
}
