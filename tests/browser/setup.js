// setup.js — evaluated first in the test client bundle (client-entry.jsx
// imports it before React):
//  1. the webpack globals react-server-dom-webpack's client reads at load time
//     (kit's pages have no client components yet, so no module is ever loaded);
//  2. every element or text node created from script is flagged __kitClient,
//     and every element the parser (or kit's inline scripts) put into the
//     document is remembered as a server node: the test then tells nodes React
//     re-created from the server's own.
const modules = new Map();
self.__registerModule = (id, exports) => { modules.set(id, exports); };
function __webpack_require__(id) {
  const m = modules.get(id);
  if (!m) throw new Error('client module not loaded: ' + id);
  return m;
}
__webpack_require__.u = (chunkId) => chunkId + '.js';
self.__webpack_require__ = __webpack_require__;
self.__webpack_chunk_load__ = (chunkId) => Promise.reject(new Error('no client chunks in this test: ' + chunkId));
// kit wraps every layout's children in its SegmentBoundary (a client
// component the real runtime registers itself): here it renders its children,
// which is what it does on a page until a navigation replaces them.
modules.set('@kit/core/client/segment', {
  SegmentBoundary: (props) => props.children,
  // the boundary of notFound() & co. inside Suspense (docs/errors.md): its children until it catches one
  FallbackBoundary: (props) => props.children,
});

const report = (self.__kit_report = self.__kit_report || {});
Object.assign(report, {
  started: false, recoverable: [], caught: [], uncaught: [], boundaryCaught: [], probes: 0,
  pushes: [], flight: [], closedAt: null, rootCommitted: false,
});

for (const [proto, names] of [[Document.prototype, ['createElement', 'createElementNS', 'createTextNode']]]) {
  for (const name of names) {
    const orig = proto[name];
    proto[name] = function () {
      const node = orig.apply(this, arguments);
      node.__kitClient = 1;
      return node;
    };
  }
}

// Server nodes: the elements present now and every element added later that
// script did not create (the parser's, and those kit's completion script moves).
const server = (self.__kit_serverNodes = new Set());
const remember = (el) => { if (!el.__kitClient) server.add(el); };
document.querySelectorAll('*').forEach(remember);
new MutationObserver((records) => {
  for (const r of records) {
    for (const n of r.addedNodes) {
      if (n.nodeType !== 1) continue;
      remember(n);
      n.querySelectorAll('*').forEach(remember);
    }
  }
}).observe(document, { childList: true, subtree: true });
