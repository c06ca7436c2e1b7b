'use client';
// ErrorBoundary: what the server puts around a segment's content for its
// error.tsx, and around the root layout for global-error.tsx
// (js/server/runtime.ts; docs/errors.md):
//     <ErrorBoundary errorComponent={error.tsx's default} depth={d}>…</ErrorBoundary>
// depth is the number of layouts above it (0 for global-error.tsx).
// The client-reference id is "@kit/core/client/error-boundary", export
// "ErrorBoundary"; the browser entry registers the module itself.
//
// An error thrown by a server component below it reaches the browser as an
// errored row (E, with a digest only) where the component's output would be.
// Above every Suspense boundary, the server renders the error component in
// the HTML at once (render/html.c: it renders this component with `digest`
// instead of children), and the browser, hydrating, must render the same:
// so before rendering its children the boundary looks through them for an
// errored row (failedChild: the same places html.c looks) and shows the
// error component with that error. An error thrown while rendering in the
// browser (a client component, a navigation's payload) is caught the React
// way (getDerivedStateFromError). redirect(), notFound(), forbidden() and
// unauthorized() are never caught: they go on to the boundaries that handle
// them.
//
// The error component gets { error, reset, retry }: reset() renders the
// children again (an error of the browser's render may not come back; a
// server error stays, as in Next.js), retry() (also unstable_retry) asks the
// server for this segment again and shows what it answers.
import { Component, createElement, Suspense } from 'react';
import { reportError, retrySegment } from './core';

// What React's production Flight client (19.3) makes of an E row: its
// error #441, with the digest; the server's message never travels.
const SERVER_MESSAGE = 'Minified React error #441; visit https://react.dev/errors/441 for the full message or use ' +
  'the non-minified dev environment for full errors and additional helpful warnings.';

export interface ErrorBoundaryProps {
  errorComponent: unknown;
  depth: number;
  global?: boolean;
  digest?: string;     // server only (render/html.c): the content failed with this digest
  children?: unknown;
}

function noop() {}

export function ErrorBoundary(props: ErrorBoundaryProps): any {
  if (typeof document === 'undefined') {
    if (props.digest === undefined) return props.children;
    const error = new Error(SERVER_MESSAGE) as Error & { digest?: string };
    error.digest = props.digest;
    return createElement(props.errorComponent as any, { error, reset: noop, retry: noop, unstable_retry: noop });
  }
  return createElement(BrowserErrorBoundary, props);
}

function isAnswer(e: unknown): boolean {
  const d = e && typeof e === 'object' ? (e as { digest?: unknown }).digest : undefined;
  return typeof d === 'string' &&
    (d.indexOf('KIT_REDIRECT;') === 0 || d === 'KIT_NOT_FOUND' || d === 'KIT_FORBIDDEN' || d === 'KIT_UNAUTHORIZED');
}

const LAZY = Symbol.for('react.lazy');
const ELEMENT = Symbol.for('react.transitional.element');

interface Lazy { _init(p: unknown): unknown; _payload: unknown }

// The error of the first errored row in v, outside every Suspense boundary
// and every nested error boundary: the places render/html.c's caught_error
// looks (an element's type and props, arrays, plain objects).
function failedChild(v: unknown, depth: number): unknown {
  if (v === null || typeof v !== 'object' || depth > 500) return null;
  if (Array.isArray(v)) {
    for (const x of v) {
      const f = failedChild(x, depth + 1);
      if (f) return f;
    }
    return null;
  }
  const t = (v as { $$typeof?: unknown }).$$typeof;
  if (t === LAZY) {
    let value: unknown;
    try {
      value = (v as Lazy)._init((v as Lazy)._payload);
    } catch (x) {
      // still loading (a thenable): React suspends on it and, if it fails,
      // getDerivedStateFromError catches it then
      if (x && typeof (x as PromiseLike<unknown>).then === 'function') return null;
      return isAnswer(x) ? null : x || new Error(String(x));
    }
    return failedChild(value, depth + 1);
  }
  if (t === ELEMENT) {
    const el = v as { type: unknown; props: Record<string, unknown> | null };
    let type = el.type;
    if (type && (type as { $$typeof?: unknown }).$$typeof === LAZY) {
      // a client component's reference: its module, once loaded
      try {
        type = (type as Lazy)._init((type as Lazy)._payload);
      } catch {
        type = null;
      }
    }
    if (type === Suspense) return el.props ? failedChild(el.props.fallback, depth + 1) : null;
    if (type === ErrorBoundary) return null;
    return failedChild(el.props, depth + 1);
  }
  if (t !== undefined || Object.getPrototypeOf(v) !== Object.prototype) return null;
  for (const k in v) {
    const f = failedChild((v as Record<string, unknown>)[k], depth + 1);
    if (f) return f;
  }
  return null;
}

interface State { error: unknown }

class BrowserErrorBoundary extends Component<ErrorBoundaryProps, State> {
  state: State = { error: null };
  private shown: unknown = null;     // the error the last render showed
  private reported: unknown = null;

  static getDerivedStateFromError(error: unknown): State {
    if (isAnswer(error)) throw error;
    return { error };
  }

  reset = () => {
    this.setState({ error: null });
  };

  retry = () => {
    retrySegment(this.props.depth);
  };

  componentDidMount() {
    this.report();
  }

  componentDidUpdate() {
    this.report();
  }

  // React reports what getDerivedStateFromError caught (onCaughtError); an
  // error found in the children before rendering them is reported here, once
  private report() {
    const e = this.shown;
    if (e && e !== this.state.error && e !== this.reported) {
      this.reported = e;
      reportError('caught', e);
    }
  }

  render() {
    const error = this.state.error || failedChild(this.props.children, 0);
    this.shown = error;
    if (!error) return this.props.children as any;
    return createElement(this.props.errorComponent as any,
      { error, reset: this.reset, retry: this.retry, unstable_retry: this.retry });
  }
}

export default ErrorBoundary;
