// The template transform alone (toolchain/templates.mjs): a table of
// modules, each compiled by esbuild (JSX as automatic-runtime calls) and
// then by templateModule, then both versions run in Node with kit's server
// JSX runtime (js/server/jsx-runtime.ts, whose tpl() outside the engine
// builds the elements at once): the trees must be the same, the holes
// evaluated in the same order, the lines kept; what must stay a jsx() call
// stays one. Prints PASS/FAIL lines; run by tests/suites/templates.sh.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { templateModule } from '../../toolchain/templates.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const esbuild = createRequire(import.meta.url)('../../toolchain/node_modules/esbuild');
const runtime = path.join(here, '../../js/server/jsx-runtime.ts');

let failed = 0;
const report = (name, problem) => {
  if (problem) failed++;
  console.log(problem ? `FAIL: templates: transform: ${name}: ${problem}` : `PASS: templates: transform: ${name}`);
};

const automatic = (src) =>
  esbuild.transformSync(src, { loader: 'tsx', jsx: 'automatic', jsxImportSource: 'react', format: 'esm' }).code;

// The module's export `make` called with the log function; its tree made
// plain ({type, key, props}) for comparison.
function run(code) {
  const out = esbuild.buildSync({ stdin: { contents: code, loader: 'js', resolveDir: here }, bundle: true,
    format: 'cjs', platform: 'node', write: false, alias: { 'react/jsx-runtime': runtime }, logLevel: 'silent' });
  const mod = { exports: {} };
  new Function('module', 'exports', out.outputFiles[0].text)(mod, mod.exports);
  const log = [];
  const tree = mod.exports.make((x) => (log.push(x), x));
  return { tree: JSON.stringify(plain(tree)), log: log.join(',') };
}
function plain(x) {
  if (Array.isArray(x)) return x.map(plain);
  if (x && typeof x === 'object' && x.$$typeof) {
    const props = {};
    for (const k of Object.keys(x.props)) props[k] = plain(x.props[k]);
    return { type: typeof x.type === 'function' ? x.type.name : String(x.type), key: x.key, props };
  }
  return x === undefined ? '(undefined)' : x;
}

// [name, module source, what the compiled code must show]
const table = [
  ['an item of a list: one template, its holes, the key last',
    `export function make(f) { return [1, 2].map((i) => <li key={f(i)} data-id={f(i)}><strong>{f('n' + i)}</strong> costs {f(i * 2)} coins</li>); }`,
    (c) => /__kit\$tf\(\[__kit\$t0,\s*f\(i\),\s*f\("n" \+ i\),\s*f\(i \* 2\),\s*f\(i\)\s*\]\)/.test(c) &&
      c.includes('__kit$template(["li",["data-id",1],2,["strong",[],1,2]," costs ",3," coins"], 1)')],
  ['static attributes, text with entities, a static children prop',
    `export function make() { return <div className="a &amp; b" title='"q"'>x &lt; y {'<'}<p children="c" /></div>; }`,
    (c) => !/\bjsxs?\)?\(/.test(c.replace(/import[^;]*;/g, ''))],
  ['spread props stay a jsx() call',
    `export function make(f) { const p = { id: f('p') }; return <div {...p} title="t">x</div>; }`,
    (c) => c === null],
  ['a ref prop stays a jsx() call',
    `export function make(f) { return <input ref={f('r')} />; }`,
    (c) => c === null],
  ['a component is a hole, host JSX in its children a template of its own',
    `function Box(p) { return p.children; }\nexport function make(f) { return <section><Box x={f(1)}><b>{f(2)}</b></Box></section>; }`,
    (c) => (c.match(/__kit\$tf\(/g) || []).length === 2 && /jsx\)?\(Box/.test(c)],
  ['a keyed child is a hole, a template with its key',
    `export function make(f) { return <ul id="u">{f(0)}<li key="a">{f(1)}</li>tail</ul>; }`,
    (c) => c.includes('__kit$template(["li",[],1,1], 1)') && /,\s*"a"\s*\]\)/.test(c)],
  ['holes are evaluated in the order of the JSX',
    `export function make(f) { return <p a={f(1)} b="s" c={f(2)}>{f(3)}<b d={f(4)}>{f(5)}<i>{f(6)}</i></b>{f(7)}</p>; }`,
    (c) => c.includes('__kit$tf(')],
  ['booleans, numbers, null, undefined, arrays and nested JSX in attributes',
    `export function make(f) { return <div hidden={true} tabIndex={0} data-n={null} data-u={undefined} title={<b>t</b>}>{false}{0}{[1, <i key="k">2</i>]}{null}</div>; }`,
    (c) => c.includes('__kit$tf(')],
  ['one template per shape, shared by its uses',
    `export function make(f) { return [<b>{f(1)}</b>, <b>{f(2)}</b>, <i>{f(3)}</i>]; }`,
    (c) => (c.match(/__kit\$template\(/g) || []).length === 2],
  ['a module without JSX is not touched',
    `export function make(f) { return f(1); }`,
    (c) => c === null],
];

for (const [name, src, shows] of table) {
  const plainCode = automatic(src);
  const compiled = templateModule(plainCode);
  const code = compiled === null ? plainCode : compiled;
  try {
    if (!shows(compiled === null ? null : compiled)) {
      report(name, 'the compiled code is not as expected:\n' + compiled);
      continue;
    }
    if (compiled !== null && compiled.split('\n').length !== plainCode.split('\n').length) {
      report(name, `lines ${plainCode.split('\n').length} became ${compiled.split('\n').length}`);
      continue;
    }
    const a = run(plainCode);
    const b = run(code);
    if (a.tree !== b.tree) report(name, `the trees differ:\n  jsx: ${a.tree}\n  tpl: ${b.tree}`);
    else if (a.log !== b.log) report(name, `evaluation order ${a.log} became ${b.log}`);
    else report(name);
  } catch (e) {
    report(name, String(e && e.stack ? e.stack : e));
  }
}

// A hole keeps its line and column: esbuild's source map of the module
// still points it at its TSX (the line tables of errors, docs/build-output.md).
{
  const src = 'export function make(f) {\n  return (\n    <div\n      id="a">\n      <p>\n        {f(\n          1)}\n      </p>\n      {f(2)}\n    </div>\n  );\n}\n';
  const plainCode = automatic(src);
  const compiled = templateModule(plainCode);
  const at = (code, text) => {
    const before = code.slice(0, code.indexOf(text)).split('\n');
    return before.length + ':' + before[before.length - 1].length;
  };
  report('each hole at the line and column esbuild put it',
    compiled && ['f(2)', 'f(\n'].every((t) => at(compiled, t) === at(plainCode, t))
      ? '' : 'moved:\n' + plainCode + '\n---\n' + compiled);
}

process.exit(failed ? 1 : 0);
