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
