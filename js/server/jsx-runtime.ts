// Server-side JSX runtime (the automatic runtime esbuild points JSX at).
// Elements are plain objects; the C walker (render/walk.c) reads them.
// No copying of props: measured 4x faster in mujs than createElement-style.
//
// Every element inherits $$typeof and `key: null` from its constructor's
// prototype, so it owns 2 properties (type, props), 3 with a key, instead of
// 4: mujs interns the name of every property it creates (one global tree
// walked with strcmp), and a render of /bench/list (426 elements) created
// ~3,900. callgrind: 3.8 % fewer instructions per render of that page
// (bench/README.md). `new` beats Object.create here: `Object` is looked up
// through the bundle's top-level scope (thousands of names) on every call.
// Reads (el.$$typeof, el.key) are unchanged; Object.keys/spread of an element
// see only type, props and an own key.
import { REACT_ELEMENT, REACT_FRAGMENT } from './symbols';

export interface Element {
  $$typeof: symbol;
  type: unknown;
  key: string | null;
  props: Record<string, unknown>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ReactElement: any = function (this: Element, type: unknown, props: Record<string, unknown>) {
  this.type = type;
  this.props = props;
};
Object.defineProperty(ReactElement.prototype, '$$typeof', { value: REACT_ELEMENT });
ReactElement.prototype.key = null;

function jsxInJS(type: unknown, props: Record<string, unknown>, key?: unknown): Element {
  const el = new ReactElement(type, props) as Element;
  if (key !== undefined) el.key = '' + key; // null too: React 19's key={null} is "null"
  return el;
}

// The engine's native jsx (render/engine.c native_jsx) makes the same
// element without a JS frame for jsx() and the constructor's: 2 JS calls
// per element fewer (callgrind, bench/README.md). Outside the engine (tests
// under Node) the JS one.
declare const __kit_jsx_init: ((proto: object) => typeof jsxInJS) | undefined;
export const jsx: (type: unknown, props: Record<string, unknown>, key?: unknown) => Element =
  typeof __kit_jsx_init === 'function' ? __kit_jsx_init(ReactElement.prototype) : jsxInJS;

// jsxs (several static children): jsx itself, except in a development build
// (kit-build --dev), where the engine's jsxs also marks the children as
// React's development jsxs does, so the browser's development React does not
// warn about their keys (render/engine.c native_jsxs, docs/dev.md).
declare const __kit_jsxs: typeof jsx | undefined;
export const jsxs: typeof jsx = typeof __kit_jsxs === 'function' ? __kit_jsxs : jsx;
export const jsxDEV = jsx;
export const Fragment = REACT_FRAGMENT;

// Templates (render/README.md "Templates"): kit-build compiles a server
// module's host JSX (`<li key={k} data-id={x}><strong>{y}</strong> costs
// {z}</li>`) into `tpl([T, x, y, z, k])`, T = `template(d, keyed)` made
// once per module: d describes the elements (a string: static text; a
// number: a hole, the index of its value in the use's array; [tag, [name,
// value, ...], children mode (0 none, 1 one child, 2 an array),
// ...children]), a keyed template's uses end with the key. The engine's
// walk expands a template element straight into the model (render/walk.c
// walk_template); to any other code it is an element: $$typeof from
// ReactElement.prototype, type, props and key getters that build the
// elements the JSX stood for on first read and keep them as own properties
// (from then on the walk reads it as any element).
export interface Template {
  d: unknown;
  k: boolean;
}
type Node = string | number | [string, unknown[], number, ...Node[]];

function expand(d: Node, h: unknown[]): unknown {
  if (typeof d === 'string') return d;
  if (typeof d === 'number') return h[d];
  const props: Record<string, unknown> = {};
  const attrs = d[1];
  for (let i = 0; i < attrs.length; i += 2) props[attrs[i] as string] = expand(attrs[i + 1] as Node, h);
  if (d[2] === 1) {
    props.children = expand(d[3] as Node, h);
  } else if (d[2] === 2) {
    const children: unknown[] = [];
    for (let i = 3; i < d.length; i++) children.push(expand(d[i] as Node, h));
    props.children = children;
  }
  return jsx(d[0], props);
}

// The elements of the use h, with its key ('' + key as jsx gives it).
function build(h: unknown[]): Element {
  const t = h[0] as Template;
  const el = expand(t.d as Node, h) as Element;
  const key = t.k ? h[h.length - 1] : undefined;
  if (key !== undefined) el.key = '' + key;
  return el;
}

interface TemplateElement {
  _h: unknown[] | null;
}

function materialize(el: TemplateElement): void {
  if (!el._h) return;
  const built = build(el._h);
  const own = (name: string, value: unknown) =>
    Object.defineProperty(el, name, { value, writable: true, enumerable: true, configurable: true });
  own('type', built.type);
  own('props', built.props);
  if (built.key !== null) own('key', built.key);
  el._h = null;
}

function accessor(name: 'type' | 'props' | 'key') {
  return {
    get(this: TemplateElement) {
      materialize(this);
      // own now (a key only when one was given: the elements' null key)
      if (Object.prototype.hasOwnProperty.call(this, name)) return (this as unknown as Record<string, unknown>)[name];
      return name === 'key' ? null : undefined;
    },
    set(this: TemplateElement, v: unknown) {
      materialize(this);
      Object.defineProperty(this, name, { value: v, writable: true, enumerable: true, configurable: true });
    },
    configurable: true,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const TemplateElement: any = function () {};
TemplateElement.prototype = Object.create(ReactElement.prototype, {
  type: accessor('type'),
  props: accessor('props'),
  key: accessor('key'),
});

// The engine's natives (render/engine.c native_tpl, render/walk.c
// kit_tpl_template); outside the engine (tests under Node) plain elements.
declare const __kit_tpl_init: ((proto: object) => (h: unknown[]) => Element) | undefined;
declare const __kit_template: ((d: unknown, keyed?: number) => Template) | undefined;
export const tpl: (h: unknown[]) => Element =
  typeof __kit_tpl_init === 'function' ? __kit_tpl_init(TemplateElement.prototype) : build;
export const template: (d: unknown, keyed?: number) => Template =
  typeof __kit_template === 'function' ? __kit_template : (d: unknown, keyed?: number) => ({ d, k: !!keyed });
