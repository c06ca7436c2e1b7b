import * as v from 'valibot';

const User = v.object({
  name: v.pipe(v.string(), v.minLength(2)),
  email: v.pipe(v.string(), v.email()),
  age: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  role: v.picklist(['admin', 'user']),
});

export default function Page() {
  const ok = v.safeParse(User, { name: 'Ada', email: 'ada@example.com', age: 36, role: 'admin' });
  const bad = v.safeParse(User, { name: 'A', email: 'nope', age: 0.5, role: 'root' });
  const lines = [
    JSON.stringify(ok.output),
    JSON.stringify(bad.issues?.map((i) => [i.kind, i.type, i.message])),
    JSON.stringify(bad.issues ? v.flatten(bad.issues) : null),
  ];
  return <main id="compat">{lines.map((l, i) => <pre key={i}>{l}</pre>)}</main>;
}
