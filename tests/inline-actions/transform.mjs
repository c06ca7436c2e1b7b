// The inline action transform alone (toolchain/inline-actions.mjs): a table
// of modules, each hoisted and then run in Node — the component (`make`)
// creates the action, the test calls it — with stand-ins for the seal (a
// JSON copy: values as they were at creation) and the registry. Prints
// PASS/FAIL lines; run by tests/suites/inline-actions.sh.
import { createRequire } from 'node:module';
import { hoistInlineActions } from '../../toolchain/inline-actions.mjs';

const esbuild = createRequire(import.meta.url)('../../toolchain/node_modules/esbuild');

let failed = 0;
const report = (name, problem) => {
  if (problem) failed++;
  console.log(problem ? `FAIL: inline-actions: transform: ${name}: ${problem}` : `PASS: inline-actions: transform: ${name}`);
};

// The hoisted module run as strict code: make() is the component.
function load(src, file = 'page.jsx') {
  const r = hoistInlineActions(src, '/app/src/' + file, 'h');
  if (r.errors.length) return { errors: r.errors, ids: r.ids };
  const sealed = [];
  const registered = {};
  const seal = (id, values, names) => {
    sealed.push({ id, names });
    return JSON.stringify({ id, values: values.map((v) => (v === undefined ? { u: 1 } : { v })) });
  };
  const open = (id, text, make) => {
    const o = JSON.parse(text);
    if (o.id !== id) throw new Error('sealed for ' + o.id);
    return make.apply(null, o.values.map((x) => (x.u ? undefined : x.v)));
  };
  const reg = (fn, id) => { registered[id] = fn; };
  // types and JSX stripped, imports as require() of nothing
  const js = esbuild.transformSync(r.code.replace(/^;import \{ sealCaptures.*$/m, ''), {
    loader: file.endsWith('.tsx') ? 'tsx' : file.endsWith('.ts') ? 'ts' : 'jsx', jsx: 'transform', jsxFactory: '__h', format: 'cjs' }).code;
  const code = js + '\n' + r.ids.map((a) => `__reg(${a.local}, ${JSON.stringify(a.id)});`).join('\n') + '\nreturn make;';
  const make = new Function('__kit_seal_captures', '__kit_open_captures', '__reg', 'require', 'module', 'exports', '__h',
    '"use strict";\n' + code)(seal, open, reg, () => ({}), { exports: {} }, {}, (type, props) => ({ type, props }));
  return { make, sealed, registered, ids: r.ids.map((a) => a.id), code: r.code, errors: [] };
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
async function run(name, src, test, file) {
  try {
    const m = load(src, file);
    if (m.errors.length) return report(name, 'build errors: ' + m.errors.map((e) => e.text).join('; '));
    const problem = await test(m);
    report(name, problem || '');
  } catch (e) {
    report(name, 'threw ' + (e && e.stack ? e.stack.split('\n').slice(0, 3).join(' ') : e));
  }
}
const want = (got, exp) => (same(got, exp) ? '' : `got ${JSON.stringify(got)}, want ${JSON.stringify(exp)}`);

await run('a declaration capturing two parameters, called with its own argument',
  `function make(user, id) { async function rename(fd) { 'use server'; return [user.name, id, fd]; } return rename; }`,
  async (m) => want([await m.make({ name: 'Ada' }, 7)('x'), m.sealed[0].names, m.ids], [['Ada', 7, 'x'], ['user', 'id'], ['h#rename']]));

await run('a local shadowing an outer name is not captured',
  `function make(x) { const y = 1; return async (z) => { 'use server'; const x = 5; return x + y + z; }; }`,
  async (m) => want([await m.make(100)(10), m.sealed[0].names], [16, ['y']]));

await run('a parameter of the action shadowing an outer name is not captured',
  `function make(id, k) { return async function (id) { 'use server'; return id + k; }; }`,
  async (m) => want([await m.make('outer', '!')('inner'), m.sealed[0].names], ['inner!', ['k']]));

await run('names used in functions nested in the action are captured',
  `function make(a) { return async () => { 'use server'; const f = () => a * 2; function g() { return f() + 1; } return g(); }; }`,
  async (m) => want([await m.make(4)(), m.sealed[0].names], [9, ['a']]));

await run('a default parameter reading a captured variable',
  `function make(d) { return async (x = d) => { 'use server'; return x; }; }`,
  async (m) => want([await m.make(3)(), await m.make(3)(4), m.sealed[0].names], [3, 4, ['d']]));

await run('destructured bindings are captured by name (object, nested, array, rest)',
  `function make({ id, user: { name } }, [first, ...rest]) { return async () => { 'use server'; return [id, name, first, rest]; }; }`,
  async (m) => want([await m.make({ id: 1, user: { name: 'n' } }, ['a', 'b', 'c'])(), m.sealed[0].names],
    [[1, 'n', 'a', ['b', 'c']], ['id', 'name', 'first', 'rest']]));

await run('a loop\'s per-iteration let: one action per iteration with its own value',
  `function make() { const out = []; for (let i = 0; i < 3; i++) out.push(async () => { 'use server'; return i; }); return out; }`,
  async (m) => want(await Promise.all(m.make().map((a) => a())), [0, 1, 2]));

await run('a variable reassigned after the action is created: the value at creation',
  `function make() { let n = 1; const a = async () => { 'use server'; return n; }; n = 2; return a; }`,
  async (m) => want(await m.make()(), 1));

await run('module-level bindings, imports\' stand-ins and globals are not captured',
  `const K = 10; function helper(v) { return v; } class Box {}\nfunction make(p) { return async () => { 'use server'; return helper(K + Math.max(p, 0)) + (new Box() instanceof Box ? 1 : 0); }; }`,
  async (m) => want([await m.make(5)(), m.sealed[0].names], [16, ['p']]));

await run('a block-scoped variable in a module-level block is captured',
  `const out = []; { const local = 'b'; out.push(async () => { 'use server'; return local; }); }\nfunction make() { return out[0]; }`,
  async (m) => want([await m.make()(), m.sealed[0].names], ['b', ['local']]));

await run('a catch clause\'s variable and a shorthand property are captured',
  `function make() { try { throw 'e'; } catch (err) { const id = 3; return async () => { 'use server'; return { err, id }; }; } }`,
  async (m) => want([await m.make()(), m.sealed[0].names], [{ err: 'e', id: 3 }, ['err', 'id']]));

await run('this-free: a declaration action is called with this undefined; arguments are its own',
  `function make(c) { async function f(a, b) { 'use server'; return [this === undefined || this === null, arguments.length, c]; } return f; }`,
  async (m) => want(await m.make('c').call({ x: 1 }, 1, 2), [true, 2, 'c']));

await run('a class in the action extending a captured base is captured; `implements` and type arguments name no value',
  `interface I {}\nfunction make(Base: any, T: number) { return async () => { 'use server'; class X extends Base<T> implements I {} return new X().k; }; }`,
  (m) => { m.make(null, 0); return want(m.sealed[0].names, ['Base']); }, 'page.ts');

await run('an action that closes over nothing is hoisted without a seal',
  `function make() { return async (x) => { 'use server'; return x * 2; }; }`,
  async (m) => want([await m.make()(21), m.sealed.length], [42, 0]));

await run('a module-scope declaration stays in place, registered under its name',
  `export async function save(x) { 'use server'; return x; }\nfunction make() { return save; }`,
  async (m) => want([m.ids, /function \$\$kit_inline_/.test(m.code)], [['h#save'], false]));

await run('ids: names, $$inline_<n> for anonymous ones, a repeated name made unique',
  `function a() { async function go() { 'use server'; } return go; }\nfunction b() { async function go() { 'use server'; } return go; }\nfunction make() { return async () => { 'use server'; }; }`,
  (m) => want(m.ids, ['h#go$$inline_0', 'h#go$$inline_1', 'h#$$inline_2']));

await run('TypeScript and JSX: types and type-only names are not captured, JSX props are hoisted',
  `import { db } from './db';\ntype User = { id: string };\nfunction make({ id }: { id: string }) {\n  const u: User = { id };\n  const el = <form action={async (fd: FormData): Promise<string> => { 'use server'; return (u as User).id + String(fd) + typeof db; }} />;\n  return el.props.action;\n}`,
  async (m) => want([await m.make({ id: 'u1' })('-'), m.sealed[0].names], ['u1-undefined', ['u']]), 'page.tsx');

// what does not build, with the reason
const errors = (src, file = 'page.jsx') => hoistInlineActions(src, '/app/src/' + file, 'h').errors.map((e) => e.text);
report('an arrow action using the enclosing this is refused', /uses `this`/.test(errors(
  `function make() { return async () => { 'use server'; return this; }; }`).join()) ? '' : 'no error');
report('an arrow action using the enclosing arguments is refused', /uses `arguments`/.test(errors(
  `function make() { return async () => { 'use server'; return arguments[0]; }; }`).join()) ? '' : 'no error');
report('an action inside an action is refused', /inside another one/.test(errors(
  `function make() { return async () => { 'use server'; return async () => { 'use server'; }; }; }`).join()) ? '' : 'no error');
report('a "use server" method is refused', /method/.test(errors(
  `const o = { async go() { 'use server'; } };`).join()) ? '' : 'no error');
report('a directive after a statement is not a directive (no action)', load(
  `function make() { return async () => { let x; 'use server'; return 1; }; }`).ids.length === 0 ? '' : 'hoisted');

process.exitCode = failed ? 1 : 0;
