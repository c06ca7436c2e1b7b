// Props whose keys are named like Object.prototype's members ("__proto__"
// from JSON.parse is an own property): kit's HTML must show what React's
// client shows after decoding the same Flight payload (tests/conformance/client-roundtrip.mjs).
import { Keys } from '../../components/keys';

export default function Page() {
  const data = JSON.parse('{"__proto__": {"x": 1}, "a": 2, "constructor": "c", "toString": "t"}');
  return (
    <main>
      <Keys data={data} />
      <Keys data={{ nested: JSON.parse('{"__proto__": null}') }} />
    </main>
  );
}
