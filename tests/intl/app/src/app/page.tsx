import { textRows } from '../lib/text-cases.mjs';

export default function Text() {
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
