// client-entry.jsx — the test client for kit's documents until kit has its own
// browser runtime (docs/wire-formats.md §2.6-2.7):
// kit's inline Flight (`(self.__kit_f=self.__kit_f||[]).push("…")`) →
// createFromReadableStream → hydrateRoot(document, …). Bundled with esbuild
// from toolchain/node_modules by hydrate.mjs; served as /__test/client.js.
//
// Around every Suspense element of the tree the client renders two components
// that add no DOM node: Catch, an error boundary (an errored boundary's digest
// lands there; it renders <p class="kit-caught" data-digest=…>), and inside the
// boundary Probe, whose effect counts boundaries whose content hydrated. A
// boundary's lazy content is unwrapped the way React unwraps a lazy, so
// Suspense elements inside streamed rows get them too.
import './setup.js'; // FIRST: webpack globals, node tracking
import { Component, Suspense, createElement, cloneElement, isValidElement, use, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createFromReadableStream } from 'react-server-dom-webpack/client.browser';

const report = self.__kit_report;
const errInfo = (e) => ({ message: String(e && e.message).slice(0, 300), digest: e && e.digest });

// --- the Flight stream, fed by kit's inline pushes; closed at DOMContentLoaded
const encoder = new TextEncoder();
let controller;
const flight = new ReadableStream({ start(c) { controller = c; } });
const queue = (self.__kit_f = self.__kit_f || []);
const feed = (chunk, at) => {
  report.flight.push(chunk);
  report.pushes.push({ at, length: chunk.length, head: chunk.slice(0, 200) });
  controller.enqueue(encoder.encode(chunk));
};
for (const chunk of queue) feed(chunk, null); // pushed before this bundle ran
queue.push = (chunk) => { feed(chunk, performance.now()); return queue.length; };

const snapshot = () => { self.__kit_dclNodes = [...self.__kit_serverNodes].filter((n) => n.isConnected); };
const close = () => { report.closedAt = performance.now(); snapshot(); controller.close(); };
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', close);
else close();

// --- the tree: wrap every Suspense element in Catch, its content in Probe
const LAZY = Symbol.for('react.lazy');
function wrap(node) {
  if (Array.isArray(node)) {
    let changed = false;
    const out = node.map((n) => { const w = wrap(n); if (w !== n) changed = true; return w; });
    return changed ? out : node;
  }
  if (!isValidElement(node)) return node;
  const props = node.props || {};
  if (node.type === Suspense) {
    const inner = cloneElement(node, { children: createElement(Probe, null, unwrapLater(props.children)) });
    return createElement(Catch, { key: node.key }, inner);
  }
  if (props.children === undefined) return node;
  const w = wrap(props.children);
  return w === props.children ? node : cloneElement(node, { children: w });
}
function unwrapLater(node) {
  if (node && node.$$typeof === LAZY) return createElement(Unwrap, { lazy: node });
  return wrap(node);
}
// What React does with a lazy child (call its init: the value, or a thrown
// thenable while the row is pending, or the row's error), then wrap the result.
function Unwrap({ lazy }) {
  return wrap(lazy._init(lazy._payload));
}
function Probe({ children }) {
  useEffect(() => { report.probes++; }, []);
  return children;
}
class Catch extends Component {
  constructor(props) { super(props); this.state = { error: null }; }
  static getDerivedStateFromError(error) { return { error }; }
  componentDidCatch(error) { report.boundaryCaught.push(errInfo(error)); }
  render() {
    const e = this.state.error;
    if (!e) return this.props.children;
    return createElement('p', { className: 'kit-caught', 'data-digest': e.digest == null ? '' : String(e.digest) }, 'caught digest=' + e.digest);
  }
}

async function callServer(id) { throw new Error('no server actions in this test: ' + id); }
const rootPromise = createFromReadableStream(flight, { callServer });
function Root() {
  useEffect(() => { report.rootCommitted = true; }, []);
  return wrap(use(rootPromise));
}

hydrateRoot(document, createElement(Root), {
  onRecoverableError(e) { report.recoverable.push(errInfo(e)); },
  onCaughtError(e) { report.caught.push(errInfo(e)); },
  onUncaughtError(e) { report.uncaught.push(errInfo(e)); },
});
report.started = true;
