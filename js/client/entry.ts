// The browser runtime's entry (`@kit/core/client/entry`, docs/client-components.md §5).
//
// Loaded by a document whose tree holds a client reference, as
//     <script type="module" async src="<manifest entry>"></script>
// which the server must write AFTER the shell's HTML (where Fizz puts its
// bootstrap modules), e.g. right before the first Flight push. It hydrates as
// soon as the shell has been parsed: at once if the first inline Flight push
// has run (it follows the shell) or the document is parsed, else when that
// push happens (or at DOMContentLoaded).
//
// Globals it reads:  self.__kit_f  the Flight rows, pushed by inline scripts
//                                  `(self.__kit_f=self.__kit_f||[]).push("…")`
//                    self.__kit_l, self.__kit_v  (js/client/core.ts)
//                    self.__kit_fs  the state a no-JS form post left (JSON), for
//                                   hydrateRoot's formState (docs/actions.md §5)
// Globals it defines: self.__kit_register, __webpack_require__,
//                     __webpack_chunk_load__ (webpack-shim.ts),
//                     self.__kit_errors  [{kind, message, digest}] every error
//                                        React reported (recoverable, caught,
//                                        uncaught), for tests and debugging
// Event: `kit:hydrate` on document, just before hydrateRoot (tests mark the
// server's nodes then, to check React kept them).
import { register } from './webpack-shim';   // FIRST: before the Flight client
import { createElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createFromReadableStream } from 'react-server-dom-webpack/client.browser';
import * as segmentModule from './segment';
import { fallbackOf } from './segment';
import * as errorBoundaryModule from './error-boundary';
import * as linkModule from '../Link';
import { Router } from './Router';
import { RedirectBoundary } from './redirect-boundary';
import { redirectTarget, refreshInPlace, reportError, setAnswers, setBoundaryComponent, setDecoder, type Answers } from './core';

declare global {
  interface Window {
    __kit_f?: string[];
  }
}

// What kit-build knows the app never uses (esbuild's define, true when so;
// a bundle built without them keeps everything): no server component renders
// a Link, the app has no error.tsx or global-error.tsx, no server action.
// The minifier drops the code behind them (docs/client-components.md §4).
declare const __KIT_NO_LINK__: boolean;
declare const __KIT_NO_ERROR_BOUNDARY__: boolean;
declare const __KIT_NO_ACTIONS__: boolean;

// kit's own client components: no chunk to load for them.
register('@kit/core/client/segment', segmentModule as unknown as Record<string, unknown>);
if (typeof __KIT_NO_ERROR_BOUNDARY__ === 'undefined')
  register('@kit/core/client/error-boundary', errorBoundaryModule as unknown as Record<string, unknown>);
if (typeof __KIT_NO_LINK__ === 'undefined')
  register('@kit/core/Link', linkModule as unknown as Record<string, unknown>);

// Server actions: "$h" references and kit-build's stubs call it (docs/actions.md §4).
import { callServer as serverCall } from './call-server';
const callServer = typeof __KIT_NO_ACTIONS__ === 'undefined' ? serverCall : undefined;

setDecoder((body) => createFromReadableStream(body, { callServer }));

// The payload cache and the navigation requests (answer.ts): a file kit-build
// writes beside this one, named by __KIT_ANSWER__ ("./answer-<hash>.js"),
// imported by the first navigation or prefetch. Without it (a bundle built
// otherwise) every navigation is a full load.
declare const __KIT_ANSWER__: string;
const answerFile = typeof __KIT_ANSWER__ === 'undefined' ? '' : __KIT_ANSWER__;
setAnswers(() => (answerFile ? import(/* webpackIgnore: true */ answerFile) as Promise<Answers>
  : Promise.reject(new Error('kit: this bundle has no answer.ts'))));
setBoundaryComponent(RedirectBoundary);

function report(kind: string) {
  return (e: unknown) => {
    // redirect(), notFound(), forbidden() and unauthorized() digests are
    // answers, not errors: caught by the SegmentBoundary's redirect boundary
    // or a FallbackBoundary, or (the boundary was client-rendered on
    // hydration) reported as recoverable
    if (kind !== 'uncaught' && (redirectTarget(e) !== null || fallbackOf(e))) return;
    reportError(kind, e);
    if (kind === 'uncaught') setTimeout(showUncaught, 0);
  };
}

// An uncaught error (one no error boundary caught: a form action that threw,
// an event's state update that threw while rendering) makes React unmount
// its root, which is the whole document: the visitor would see a blank page.
// Say so instead, as Next.js's "Application error" does.
function showUncaught() {
  if (errorShell) return showApplicationError();
  const host = document.body || document.documentElement;
  if (!host || (document.body && document.body.innerText.trim() !== '')) return;
  const p = document.createElement('p');
  p.id = 'kit-uncaught-error';
  p.textContent = 'This page stopped after an error in the browser (see the console). Reload the page to go on.';
  host.appendChild(p);
}

// The error shell with no error boundary above the component that failed on
// the server: when it fails in the browser too, nothing is left of the page.
// Next.js then shows its "Application error" page; kit shows the same line.
let errorShell = false;

function showApplicationError() {
  const root = document.documentElement || document.appendChild(document.createElement('html'));
  const body = document.body || root.appendChild(document.createElement('body'));
  if (document.getElementById('kit-application-error') || body.innerText.trim() !== '') return;
  const h = document.createElement('h2');
  h.id = 'kit-application-error';
  h.textContent = 'Application error: a client-side exception has occurred while loading ' + location.hostname +
    ' (see the browser console for more information).';
  body.appendChild(h);
}

// A page answering a no-JS form post of a useActionState form carries the
// state the action returned (self.__kit_fs, JSON) and Fizz's <!--F!-->
// markers: React's hydration gives that hook the state (docs/actions.md §5).
// Only the first element is read by React; the others are React's key path,
// action id and bound arity, which kit's server has already matched.
function postedFormState(): [unknown, string, string, number] | null {
  if (typeof __KIT_NO_ACTIONS__ !== 'undefined') return null;
  const fs = (self as unknown as { __kit_fs?: unknown }).__kit_fs;
  if (typeof fs !== 'string' || !fs) return null;
  try {
    return [JSON.parse(fs), '', '', 1];
  } catch {
    return null;
  }
}

function start() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const flight = new ReadableStream<Uint8Array>({ start(c) { controller = c; } });
  const queue = (self.__kit_f = self.__kit_f || []);
  for (const chunk of queue) controller.enqueue(encoder.encode(chunk));
  queue.push = (...chunks: string[]) => {
    for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
    return queue.length;
  };
  const close = () => controller.close();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', close);
  else close();

  const initial = createFromReadableStream(flight, { callServer });
  const options = {
    onRecoverableError: report('recoverable'),
    onCaughtError: report('caught'),
    onUncaughtError: report('uncaught'),
    // kit-build --dev: the dev client (js/client/dev-client.ts) wraps the
    // three to show what they report in its overlay, with the component
    // stack, and gets the in-place refresh of live reload; a production
    // build folds this away (same size; only the minifier's names differ)
    ...(process.env.NODE_ENV === 'production' || !(self as DevSelf).__kit_dev ? {} : (self as DevSelf).__kit_dev!.wrap(report, refreshInPlace)),
  };
  // The error shell (<html id="__kit_error__">, docs/errors.md §6): a client
  // component failed while the server rendered the document. Nothing to
  // hydrate: the browser renders the page from its rows, and the error
  // boundary shows the error if it happens here too (with none, the
  // application error page).
  if (document.documentElement.id === '__kit_error__') {
    errorShell = true;
    createRoot(document, options).render(createElement(Router, { initial }));
    return;
  }
  document.dispatchEvent(new Event('kit:hydrate'));
  hydrateRoot(document, createElement(Router, { initial }), { formState: postedFormState(), ...options });
}

// the dev client's hook (kit-build --dev only)
type Handler = (e: unknown, info?: { componentStack?: string }) => void;
type DevSelf = { __kit_dev?: { wrap(report: (kind: string) => Handler, refresh: () => Promise<void>): Record<string, Handler> } };

function whenShellParsed(go: () => void) {
  if (self.__kit_f || document.readyState !== 'loading') return go();
  let started = false;
  const once = () => {
    if (!started) {
      started = true;
      go();
    }
  };
  // The first `(self.__kit_f=self.__kit_f||[])` assigns: start right then,
  // before its push runs (the push lands in the stream).
  Object.defineProperty(self, '__kit_f', {
    configurable: true,
    enumerable: true,
    get() { return undefined; },
    set(v) {
      Object.defineProperty(self, '__kit_f', { value: v, writable: true, configurable: true, enumerable: true });
      once();
    },
  });
  document.addEventListener('DOMContentLoaded', () => {
    if (!started && Object.getOwnPropertyDescriptor(self, '__kit_f')?.get)
      Object.defineProperty(self, '__kit_f', { value: undefined, writable: true, configurable: true, enumerable: true });
    once();
  });
}

whenShellParsed(start);
