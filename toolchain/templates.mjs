// Templates: a server module's host JSX compiled at build time
// (render/README.md "Templates", docs/build-output.md).
//
// esbuild turns `<li data-id={x}><strong>{y}</strong> costs {z}</li>` into
// `jsx("li", { "data-id": x, children: [jsx("strong", { children: y }),
// " costs ", z] })`: per use two elements, two props objects and a children
// array, which the render's walk reads back one by one. Here each such call
// whose type is a string and whose props object has only static names
// (no spread, no ref or key prop) becomes `tpl([T, x, y, z, key])`: T
// describes the elements once per module (template(d, keyed),
// js/server/jsx-runtime.ts), the array holds the values in the order the
// JSX evaluated them, the key (when given) last. Children
// that are such calls without a key join their parent's template; anything
// else (a component, a keyed element, an expression) is a hole, and JSX
// inside a hole is compiled on its own.
//
// templateModule(code) works on esbuild's output for one module (JSX already
// made automatic-runtime calls), keeping every hole at its line and column
// (esbuild's source map of the module stays true: the line tables of errors).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const acorn = require('acorn');

const TPL = '__kit$tpl';
const TPL_LOCAL = '__kit$tf'; // tpl in a variable of the module: no property read of the runtime's exports per use
const TEMPLATE = '__kit$template';
const FORBIDDEN = new Set(['ref', 'key', '__proto__']);

function isString(n) {
  return n && n.type === 'Literal' && typeof n.value === 'string';
}

function propName(p) {
  if (p.type !== 'Property' || p.kind !== 'init' || p.computed || p.method) return null;
  if (p.key.type === 'Identifier') return p.key.name;
  if (isString(p.key)) return p.key.value;
  return null;
}

// Each child node of an AST node (acorn's shape).
function childNodes(n) {
  const out = [];
  for (const k of Object.keys(n)) {
    if (k === 'type' || k === 'start' || k === 'end') continue;
    const v = n[k];
    if (Array.isArray(v)) {
      for (const x of v) if (x && typeof x.type === 'string') out.push(x);
    } else if (v && typeof v.type === 'string') {
      out.push(v);
    }
  }
  return out;
}

export function templateModule(code) {
  let ast;
  try {
    ast = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  } catch {
    return null;
  }
  const jsxNames = new Set();
  for (const s of ast.body) {
    if (s.type !== 'ImportDeclaration' || s.source.value !== 'react/jsx-runtime') continue;
    for (const sp of s.specifiers)
      if (sp.type === 'ImportSpecifier' && (sp.imported.name === 'jsx' || sp.imported.name === 'jsxs'))
        jsxNames.add(sp.local.name);
  }
  if (!jsxNames.size) return null;

  // The props of a call that can be a template: [[name, value node]...] and
  // the children's value node (or undefined), or null.
  function shape(n) {
    if (n.type !== 'CallExpression' || n.optional || n.callee.type !== 'Identifier' || !jsxNames.has(n.callee.name))
      return null;
    const a = n.arguments;
    if (a.length < 2 || a.length > 3 || !isString(a[0]) || a[1].type !== 'ObjectExpression') return null;
    if (a.length === 3 && a[2].type === 'SpreadElement') return null;
    const attrs = [];
    let children;
    const seen = new Set();
    const props = a[1].properties;
    for (let i = 0; i < props.length; i++) {
      const name = propName(props[i]);
      if (name === null || FORBIDDEN.has(name) || seen.has(name)) return null;
      seen.add(name);
      if (name === 'children') {
        if (i !== props.length - 1) return null;
        children = props[i].value;
      } else {
        attrs.push([name, props[i].value]);
      }
    }
    return { tag: a[0].value, attrs, children, key: a.length === 3 ? a[2] : null };
  }

  const templates = new Map(); // description's JSON -> variable
  let edits = 0;

  // The output, written in order; col is the column it is at. Each hole is
  // written at the line and column it had (newlines and spaces for what the
  // call around it was), so that the source map esbuild made for the module
  // still points every expression at its TSX (kit's line tables read it).
  const out = [];
  let col = 0;
  const write = (t) => {
    out.push(t);
    const nl = t.lastIndexOf('\n');
    col = nl < 0 ? col + t.length : t.length - nl - 1;
  };
  const columnOf = (pos) => pos - (code.lastIndexOf('\n', pos - 1) + 1);
  // newlines from a to b, then spaces up to b's column
  const moveTo = (a, b) => {
    const n = (code.slice(a, b).match(/\n/g) || []).length;
    if (n) write('\n'.repeat(n));
    const c = columnOf(b);
    if (col < c) write(' '.repeat(c - col));
  };

  // The source of node n, the calls inside it compiled.
  function render(n) {
    let at = n.start;
    (function collect(m) {
      const s = shape(m);
      if (s) {
        write(code.slice(at, m.start));
        compile(m, s);
        at = m.end;
        return;
      }
      for (const c of childNodes(m)) collect(c);
    })(n);
    write(code.slice(at, n.end));
  }

  function compile(call, s) {
    const holes = [];
    const hole = (v) => (holes.push(v), holes.length); // [template, holes...]: from 1
    const element = (sh) => {
      const attrs = [];
      for (const [name, v] of sh.attrs) attrs.push(name, isString(v) ? v.value : hole(v));
      const d = [sh.tag, attrs];
      const c = sh.children;
      const node = (v) => {
        if (isString(v)) return v.value;
        const inner = shape(v);
        if (inner && !inner.key) return element(inner);
        return hole(v);
      };
      if (c === undefined) d.push(0);
      else if (c.type === 'ArrayExpression' && c.elements.every((x) => x && x.type !== 'SpreadElement'))
        d.push(2, ...c.elements.map(node));
      else d.push(1, node(c));
      return d;
    };
    const d = element(s);
    const json = JSON.stringify(d) + (s.key ? ', 1' : '');
    let name = templates.get(json);
    if (!name) {
      name = `__kit$t${templates.size}`;
      templates.set(json, name);
    }
    edits++;
    write(`${TPL_LOCAL}([${name}`);
    let at = call.start;
    for (const h of [...holes, ...(s.key ? [s.key] : [])]) {
      write(', ');
      moveTo(at, h.start);
      render(h);
      at = h.end;
    }
    write(']');
    moveTo(at, call.end - 1);
    write(')');
  }

  render(ast);
  if (!edits) return null;
  const body = out.join('');
  const defs = [...templates].map(([args, name]) => `${name} = ${TEMPLATE}(${args})`);
  // on the first line: the lines below stay where they were
  return `import { tpl as ${TPL}, template as ${TEMPLATE} } from "react/jsx-runtime"; var ${TPL_LOCAL} = ${TPL}, ${defs.join(', ')}; ` + body;
}
