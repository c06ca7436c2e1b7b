// Rendered per request: the second row's hole throws when the request has
// an X-Boom header. tests/suites/templates.sh checks the error names line 20.
import { headers } from '@kit/core/request';
import { Counter } from '../components/counter';

export const dynamic = 'force-dynamic';

type Row = { id: number; name: string };

export default async function Page() {
  const h = await headers();
  const boom = h.get('x-boom') !== null;
  const rows: Row[] = [{ id: 1, name: 'a <b>' }, { id: 2, name: 'c & d' }];
  return (
    <ul className="rows">
      <Counter />
      {rows.map((r) => (
        <li key={r.id} data-id={r.id}>
          <b>{r.name}</b>
          {boom && r.id === 2 ? (r as unknown as { nope: { deep: string } }).nope.deep : ' ok'}
        </li>
      ))}
    </ul>
  );
}
