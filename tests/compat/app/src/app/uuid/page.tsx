import { MAX, NIL, parse, stringify, v3, v4, v5, v7, validate, version } from 'uuid';

const random = Uint8Array.from({ length: 16 }, (_, i) => (i * 37 + 11) & 255);

export default function Page() {
  const five = v5('kit.dev', v5.URL);
  const lines = [
    five, v3('kit.dev', v3.DNS), v4({ random }), v7({ msecs: 1709807415000, random, seq: 0 }),
    String(validate(five)), String(version(five)), stringify(parse(five)), NIL, MAX, String(validate('nope')),
  ];
  return <main id="compat">{lines.map((l, i) => <p key={i}>{l}</p>)}</main>;
}
