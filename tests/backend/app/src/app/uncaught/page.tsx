const fns: Record<string, [string, unknown[]]> = {
  unauthenticated: ['Refuse.unauthenticated', []],
  unauthorized: ['Refuse.unauthorized', []],
  throttle: ['Refuse.throttle', []],
  invalid: ['Refuse.invalid', []],
  status: ['Refuse.status', [409, 'Conflict']],
  fail: ['Refuse.fail', []],
  redirect: ['Refuse.redirect', ['/login']],
  redirect302: ['Refuse.redirect', ['/elsewhere', 302]],
  notfound: ['Refuse.notFound', []],
};

// A refusal nobody catches, above every Suspense boundary: its own status.
export default async function Uncaught({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  const [fn, args] = fns[(await searchParams).kind] || ['Hello.greet', []];
  const v = await rpc(fn, ...args);
  return <p id="value">{String(v)}</p>;
}
