import { connection } from '@kit/core/request';
import { textRows } from '../../lib/text-cases.mjs';
import { numberRows } from '../../lib/number-cases.mjs';
import { dateRows } from '../../lib/date-cases.mjs';

function Rows({ id, rows }: { id: string; rows: [string, string][] }) {
  return (
    <dl id={id}>
      {rows.map(([key, v]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

// The same rows rendered per request, by the responder's engine.
export default async function LiveText() {
  await connection();
  return (
    <main>
      <Rows id="text" rows={textRows()} />
      <Rows id="number" rows={numberRows()} />
      <Rows id="date" rows={dateRows()} />
    </main>
  );
}
