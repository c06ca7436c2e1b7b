import * as z from 'zod';

const User = z.object({
  name: z.string().min(2),
  email: z.email(),
  age: z.coerce.number().int().positive().optional(),
  tags: z.array(z.string()).default([]),
  role: z.enum(['admin', 'user']),
});

export default function Page() {
  const ok = User.safeParse({ name: 'Ada', email: 'ada@example.com', age: '36', role: 'admin' });
  const bad = User.safeParse({ name: 'A', email: 'nope', age: -1, role: 'root' });
  const lines = [
    JSON.stringify(ok),
    bad.success ? '' : z.prettifyError(bad.error),
    bad.success ? '' : JSON.stringify(bad.error.issues.map((i) => [i.code, i.path.join('.'), i.message])),
    JSON.stringify(z.toJSONSchema(User)),
    JSON.stringify(z.string().transform((s) => s.length).parse('hello')),
  ];
  return <main id="compat">{lines.map((l, i) => <pre key={i}>{l}</pre>)}</main>;
}
