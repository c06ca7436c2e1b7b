// The webpack globals react-server-dom-webpack's browser client calls
// (docs/client-components.md §5, docs/wire-formats.md §2.7).
// Must be evaluated before the Flight client: that module reads
// `__webpack_require__.u` when it is evaluated. entry.ts imports this module
// first; the Flight client is CommonJS, which esbuild evaluates where its
// first importer runs, so the order holds with code splitting too.
//
//   self.__kit_register(id, exports)  every client module's chunk calls it when
//                                     it is evaluated (kit-build wraps them)
//   __webpack_require__(id)           the registered exports of module id
//   __webpack_chunk_load__(chunkId)   import() of the chunk's file, once: the
//                                     file named in the I row
//                                     ([chunkId, chunkUrl, ...]), else
//                                     /_kit/static/<chunkId>.js
export const STATIC_PREFIX = '/_kit/static/';

type Exports = Record<string, unknown>;

declare global {
  interface Window {
    __kit_register?: (id: string, exports: Exports) => void;
    __webpack_require__?: WebpackRequire;
    __webpack_chunk_load__?: (chunkId: string) => Promise<unknown>;
  }
}
interface WebpackRequire {
  (id: string): unknown;
  u: (chunkId: string) => string;
}

const modules = new Map<string, Exports>();
const chunks = new Map<string, Promise<unknown>>();

export function register(id: string, exports: Exports) {
  modules.set(id, exports);
}

export function registered(id: string): boolean {
  return modules.has(id);
}

const g = self as unknown as Window & typeof globalThis;
const earlier = g.__kit_register;
g.__kit_register = register;
// a chunk evaluated before the runtime (modulepreload + an early import) may
// have queued itself: self.__kit_register = [[id, exports], ...]
if (Array.isArray(earlier)) for (const [id, exp] of earlier as Array<[string, Exports]>) register(id, exp);

const webpackRequire = ((id: string) => {
  const m = modules.get(id);
  if (!m) throw new Error('kit: client module "' + id + '" is not loaded (its chunk did not call self.__kit_register)');
  return m;
}) as WebpackRequire;
webpackRequire.u = (chunkId: string) => STATIC_PREFIX + chunkId + '.js';

g.__webpack_require__ = webpackRequire;
g.__webpack_chunk_load__ = (chunkId: string) => {
  let p = chunks.get(chunkId);
  if (!p) {
    // the Flight client wraps .u to answer the file the I row named
    const file = g.__webpack_require__!.u(chunkId);
    const url = new URL(file, location.href).href;
    p = import(/* webpackIgnore: true */ url);
    chunks.set(chunkId, p);
    p.catch(() => chunks.delete(chunkId));
  }
  return p;
};
