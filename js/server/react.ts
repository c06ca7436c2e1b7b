// kit's server-side `react`: what server components (and, later, the SSR of
// client components) import as 'react' inside the mujs bundle. Element
// creation matches React 19 (key out of props, ref kept as a prop).
import {
  REACT_ELEMENT, REACT_FRAGMENT, REACT_SUSPENSE, REACT_STRICT_MODE, REACT_PROFILER,
  REACT_FORWARD_REF, REACT_MEMO,
} from './symbols';
import { jsx, Element } from './jsx-runtime';
import {
  useState, useReducer, useRef, useMemo, useCallback, useEffect, useLayoutEffect, useInsertionEffect,
  useImperativeHandle, useDebugValue, useSyncExternalStore, useTransition, startTransition, useDeferredValue,
  useOptimistic, useActionState, useId, useContext, createContext, use,
} from './hooks';
import { REACT_LAZY } from './symbols';

export {
  useState, useReducer, useRef, useMemo, useCallback, useEffect, useLayoutEffect, useInsertionEffect,
  useImperativeHandle, useDebugValue, useSyncExternalStore, useTransition, startTransition, useDeferredValue,
  useOptimistic, useActionState, useId, useContext, createContext, use,
};

export const Fragment = REACT_FRAGMENT;
export const Suspense = REACT_SUSPENSE;
export const StrictMode = REACT_STRICT_MODE;
export const Profiler = REACT_PROFILER;
export const version = '19.3.1';

export function createElement(type: unknown, config?: Record<string, unknown> | null, ...children: unknown[]): Element {
  const props: Record<string, unknown> = {};
  let key: unknown = null;
  if (config != null) {
    for (const name in config) {
      if (!Object.prototype.hasOwnProperty.call(config, name)) continue;
      if (name === 'key') key = config[name];
      else if (name !== '__self' && name !== '__source') props[name] = config[name];
    }
  }
  if (children.length === 1) props.children = children[0];
  else if (children.length > 1) props.children = children;
  const defaults = type && (type as { defaultProps?: Record<string, unknown> }).defaultProps;
  if (defaults) {
    for (const name in defaults) if (props[name] === undefined) props[name] = defaults[name];
  }
  return jsx(type, props, key);
}

export function isValidElement(x: unknown): x is Element {
  return typeof x === 'object' && x !== null && (x as Element).$$typeof === REACT_ELEMENT;
}

export function cloneElement(el: Element, config?: Record<string, unknown> | null, ...children: unknown[]): Element {
  const props: Record<string, unknown> = {};
  for (const name in el.props) props[name] = el.props[name];
  let key: unknown = el.key;
  if (config != null) {
    for (const name in config) {
      if (!Object.prototype.hasOwnProperty.call(config, name)) continue;
      if (name === 'key') key = config[name];
      else props[name] = config[name];
    }
  }
  if (children.length === 1) props.children = children[0];
  else if (children.length > 1) props.children = children;
  return jsx(el.type, props, key);
}

export function forwardRef(render: (props: unknown, ref: unknown) => unknown) {
  return { $$typeof: REACT_FORWARD_REF, render };
}

// lazy(): the walker awaits the loader's promise, then renders its default export.
export function lazy<T>(load: () => PromiseLike<{ default: T }>) {
  return { $$typeof: REACT_LAZY, _load: load, _payload: null as null | PromiseLike<{ default: T }> };
}

export function createRef<T>(): { current: T | null } {
  return { current: null };
}

// React's Component: setState/forceUpdate go to the updater the server
// renderer gives each instance (hooks.ts renderClass), as in React.
interface Updater {
  enqueueSetState(inst: unknown, partial: unknown, cb?: unknown, name?: string): void;
  enqueueReplaceState(inst: unknown, state: unknown): void;
  enqueueForceUpdate(inst: unknown): void;
}
const noopUpdater: Updater = { enqueueSetState() {}, enqueueReplaceState() {}, enqueueForceUpdate() {} };

export class Component<P = Record<string, unknown>, S = Record<string, unknown>> {
  props: P;
  state: S | undefined;
  context: unknown;
  refs: Record<string, unknown>;
  updater: Updater;
  constructor(props: P, context?: unknown, updater?: Updater) {
    this.props = props;
    this.context = context;
    this.refs = {};
    this.updater = updater || noopUpdater;
  }
  setState(partial: unknown, callback?: unknown): void {
    if (typeof partial !== 'object' && typeof partial !== 'function' && partial != null)
      throw new Error('takes an object of state variables to update or a function which returns an object of state variables.');
    this.updater.enqueueSetState(this, partial, callback, 'setState');
  }
  forceUpdate(): void {
    this.updater.enqueueForceUpdate(this);
  }
}
(Component.prototype as unknown as { isReactComponent: object }).isReactComponent = {};
export class PureComponent<P = Record<string, unknown>, S = Record<string, unknown>> extends Component<P, S> {}

export function memo(type: unknown, compare?: unknown) {
  return { $$typeof: REACT_MEMO, type, compare: compare === undefined ? null : compare };
}

// cache(): in a server component, results are shared within one request.
export { cache } from '../cache';
import { cache } from '../cache';

// React's Children semantics: empty nodes (null, undefined, booleans) count
// and reach map/forEach callbacks as null; a null result is left out of map's
// array (so toArray, an identity map, drops them).
function flatten(children: unknown, out: unknown[]): unknown[] {
  if (Array.isArray(children)) {
    for (let i = 0; i < children.length; i++) flatten(children[i], out);
  } else {
    out.push(children === undefined || typeof children === 'boolean' ? null : children);
  }
  return out;
}

function map(children: unknown, fn: (c: unknown, i: number) => unknown, thisArg?: unknown): unknown {
  if (children === null || children === undefined) return children;
  const out: unknown[] = [];
  flatten(children, []).forEach((c, i) => {
    const r = fn.call(thisArg, c, i);
    if (Array.isArray(r)) flatten(r, []).forEach((x) => { if (x != null) out.push(x); });
    else if (r != null) out.push(r);
  });
  return out;
}

export const Children = {
  map,
  toArray(children: unknown): unknown[] {
    return (map(children, (c) => c) as unknown[] | null | undefined) || [];
  },
  forEach(children: unknown, fn: (c: unknown, i: number) => void, thisArg?: unknown) {
    if (children === null || children === undefined) return;
    flatten(children, []).forEach((c, i) => { fn.call(thisArg, c, i); });
  },
  count(children: unknown) {
    return children === null || children === undefined ? 0 : flatten(children, []).length;
  },
  only(children: unknown) {
    if (!isValidElement(children)) throw new Error('React.Children.only expected to receive a single React element child.');
    return children;
  },
};

export default {
  Fragment, Suspense, StrictMode, Profiler, version, createElement, isValidElement, cloneElement,
  forwardRef, memo, cache, Children, lazy, createRef, Component, PureComponent,
  useState, useReducer, useRef, useMemo, useCallback, useEffect, useLayoutEffect, useInsertionEffect,
  useImperativeHandle, useDebugValue, useSyncExternalStore, useTransition, startTransition, useDeferredValue,
  useOptimistic, useActionState, useId, useContext, createContext, use,
};
