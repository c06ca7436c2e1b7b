import { ordersCancel } from '../../../server-actions.generated';

// A server action from rsc-host.json's "actions" (the generated stub calls
// the backend function Orders.cancel), posted as a plain form.
export default function Cancel() {
  return (
    <form id="cancel" action={ordersCancel}>
      <input name="id" defaultValue="7" />
      <button>cancel order</button>
    </form>
  );
}
