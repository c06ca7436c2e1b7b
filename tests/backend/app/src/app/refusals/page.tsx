import { outcome } from '../describe';

const cases: Array<[string, string, unknown[]]> = [
  ['unauthenticated', 'Refuse.unauthenticated', []],
  ['unauthorized', 'Refuse.unauthorized', []],
  ['throttle', 'Refuse.throttle', []],
  ['status', 'Refuse.status', [409, 'Conflict here']],
  ['invalid', 'Refuse.invalid', []],
  ['fail', 'Refuse.fail', []],
  ['redirect', 'Refuse.redirect', ['/login', 302]],
  ['notfound', 'Refuse.notFound', []],
  ['unknown', 'No.such', []],
];

// single=1: one call per tick (unbatched); otherwise all in one batch
export default async function Refusals({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  const single = (await searchParams).single === '1';
  const out: string[] = [];
  if (single) {
    for (const [id, fn, args] of cases) out.push(id + '=' + (await outcome(rpc(fn, ...args))));
  } else {
    const all = await Promise.all(cases.map(([, fn, args]) => outcome(rpc(fn, ...args))));
    all.forEach((o, i) => out.push(cases[i][0] + '=' + o));
  }
  return <ul>{out.map((line) => <li key={line}>{line}</li>)}</ul>;
}
