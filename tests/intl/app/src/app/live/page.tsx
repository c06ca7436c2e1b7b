import { connection } from '@kit/core/request';
import { textRows } from '../../lib/text-cases.mjs';

// The same rows rendered per request, by the responder's engine.
export default async function LiveText() {
  await connection();
  return (
    <dl id="text">
      {textRows().map(([id, v]) => (
        <div key={id}>
          <dt>{id}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
