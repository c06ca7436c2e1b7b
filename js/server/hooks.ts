// Hooks on the server: what the SSR of client components (phase 2 in mujs)
// sees. Nothing re-renders on the server, so state hooks return their initial
// value and setters do nothing; effects never run; contexts are a stack the C
// walker pushes and pops around providers (render/walk.c). A component that
// needs an unresolved promise (use()) throws a SuspenseException: the walker
// waits for the promise and renders the component again.
import { REACT_CONTEXT, REACT_CONSUMER, REACT_SERVER_REFERENCE } from './symbols';
import { encodeBound, formStateActive, formStateFor, nextFormStateKey } from './form-state';

export interface Context<T> {
  $$typeof: symbol;
  _currentValue: T;
  _defaultValue: T;
  Provider: Context<T>;
  Consumer: { $$typeof: symbol; _context: Context<T> };
  displayName?: string;
}

let rendering = false;
let localIdCounter = 0;
let treeId = '';
const identifierPrefix = '';

function noop() {}

function assertHooks(name: string) {
  if (!rendering)
    throw new Error(name + '() only works in a client component, and was called in a server component (or outside a ' +
      "component render): add 'use client' at the top of the file of the component calling it, or move the part " +
      'that needs it into a client component');
}

// Called by the engine around every component body it runs in phase 2.
// treeIdText is the component's position in React's tree context (the same
// encoding React's client computes), so useId() ids match on hydration.
export function renderComponent(fn: (props: unknown, ref?: unknown) => unknown, props: unknown, ref: unknown,
  treeIdText: string): unknown {
  const prevRendering = rendering, prevCounter = localIdCounter, prevTree = treeId;
  rendering = true;
  localIdCounter = 0;
  treeId = treeIdText;
  actionStates = '';
  try {
    const proto = (fn as { prototype?: { isReactComponent?: unknown } }).prototype;
    if (proto && proto.isReactComponent) return renderClass(fn as unknown as ClassType, props);
    return fn(props, ref);
  } finally {
    rendering = prevRendering;
    localIdCounter = prevCounter;
    treeId = prevTree;
  }
}

// A class component, as React's server renderer mounts one: constructed with
// (props, context), state from getDerivedStateFromProps or the legacy
// componentWillMount (whose setState calls apply before render), then
// render(). Nothing re-renders on the server: later setState calls and the
// other lifecycle methods do nothing, and an error boundary renders its
// children (errors reach the nearest Suspense boundary, as in React).
interface ClassInstance {
  props: unknown; state: unknown; context: unknown; refs: unknown;
  updater: unknown;
  render(): unknown;
  componentWillMount?(): void;
  UNSAFE_componentWillMount?(): void;
}
interface ClassType {
  new (props: unknown, context: unknown): ClassInstance;
  contextType?: Context<unknown>;
  getDerivedStateFromProps?(props: unknown, state: unknown): unknown;
  prototype: { getSnapshotBeforeUpdate?: unknown };
}

function renderClass(ctor: ClassType, props: unknown): unknown {
  const contextType = ctor.contextType;
  const context = contextType && typeof contextType === 'object' ? contextType._currentValue : {};
  let queue: unknown[] | null = null;
  let replace = false;
  const updater = {
    isMounted: () => false,
    enqueueSetState(_inst: unknown, partial: unknown) {
      if (queue) queue.push(partial);
    },
    enqueueReplaceState(_inst: unknown, state: unknown) {
      if (queue) {
        replace = true;
        queue = [state];
      }
    },
    enqueueForceUpdate() {},
  };
  const instance = new ctor(props, context);
  instance.props = props;
  instance.context = context;
  instance.refs = {};
  instance.updater = updater;
  let state = instance.state !== undefined ? instance.state : null;
  if (typeof ctor.getDerivedStateFromProps === 'function') {
    const partial = ctor.getDerivedStateFromProps(props, state);
    if (partial !== null && partial !== undefined) state = Object.assign({}, state, partial);
  } else if (typeof ctor.prototype.getSnapshotBeforeUpdate !== 'function' &&
    (typeof instance.UNSAFE_componentWillMount === 'function' || typeof instance.componentWillMount === 'function')) {
    queue = [];
    instance.state = state;
    if (typeof instance.componentWillMount === 'function') instance.componentWillMount();
    if (typeof instance.UNSAFE_componentWillMount === 'function') instance.UNSAFE_componentWillMount();
    let next = replace ? null : state;
    for (const partial of queue) {
      const p = typeof partial === 'function' ? (partial as (s: unknown, pr: unknown) => unknown).call(instance, next, props) : partial;
      if (p !== null && p !== undefined) next = replace && next === null ? p : Object.assign({}, next, p);
    }
    state = next;
    queue = null;
  }
  instance.state = state;
  return instance.render();
}

// How many useId() calls the last component made: the engine forks the tree
// context of its children when it made any (as React does).
let lastIdCount = 0;
export function takeIdCount(): number {
  const n = lastIdCount;
  lastIdCount = 0;
  return n;
}

export function useId(): string {
  assertHooks('useId');
  const n = localIdCounter++;
  lastIdCount = localIdCounter;
  let id = '_' + identifierPrefix + 'R_' + treeId;
  if (n > 0) id += 'H' + n.toString(32);
  return id + '_';
}

export function useState<S>(init: S | (() => S)): [S, (v: unknown) => void] {
  assertHooks('useState');
  return [typeof init === 'function' ? (init as () => S)() : init, noop];
}

export function useReducer<S, A, I>(reducer: (s: S, a: A) => S, initArg: I, init?: (i: I) => S): [S, (a: A) => void] {
  assertHooks('useReducer');
  return [init ? init(initArg) : (initArg as unknown as S), noop];
}

export function useRef<T>(initial: T): { current: T } {
  assertHooks('useRef');
  return { current: initial };
}

export function useMemo<T>(fn: () => T, _deps?: unknown[]): T {
  assertHooks('useMemo');
  return fn();
}

export function useCallback<T>(fn: T, _deps?: unknown[]): T {
  assertHooks('useCallback');
  return fn;
}

export function useEffect(_fn: () => unknown, _deps?: unknown[]): void {
  assertHooks('useEffect');
}
export const useLayoutEffect = useEffect;
export const useInsertionEffect = useEffect;
export function useImperativeHandle(): void {}
export function useDebugValue(): void {}

export function useSyncExternalStore<T>(_subscribe: unknown, getSnapshot: () => T, getServerSnapshot?: () => T): T {
  assertHooks('useSyncExternalStore');
  if (!getServerSnapshot)
    throw new Error('useSyncExternalStore() needs getServerSnapshot (its third argument) to render on the server.');
  return getServerSnapshot();
}

export function useTransition(): [boolean, (fn: () => void) => void] {
  assertHooks('useTransition');
  return [false, startTransition];
}

export function startTransition(fn: () => void): void {
  fn();
}

export function useDeferredValue<T>(value: T, initial?: T): T {
  assertHooks('useDeferredValue');
  return initial !== undefined ? initial : value;
}

export function useOptimistic<S>(state: S): [S, (a: unknown) => void] {
  assertHooks('useOptimistic');
  return [state, noop];
}

// Over a server action, as React's Fizz does it: the dispatch is the action
// bound to the state, so <form action={dispatch}> posts natively with the
// state and the hook's key ($ACTION_REF_ and $ACTION_KEY fields); after such a
// no-JS post the hook whose key the form sent shows the action's result
// (js/server/form-state.ts, docs/actions.md §5).
// Fizz's form state markers of the component being rendered: one character
// per useActionState call, '!' for the hook the posted state belongs to.
let actionStates = '';
export function takeActionStateMarkers(): string {
  const m = actionStates;
  actionStates = '';
  return formStateActive() ? m : '';
}

export function useActionState<S>(action: unknown, initialState: S, _permalink?: string): [S, (p: unknown) => void, boolean] {
  assertHooks('useActionState');
  const ref = action as { $$typeof?: unknown; $$id?: unknown } | null;
  if (typeof action !== 'function' || ref!.$$typeof !== REACT_SERVER_REFERENCE || typeof ref!.$$id !== 'string') {
    actionStates += '.';
    return [initialState, noop, false];
  }
  const id = ref!.$$id as string;
  const key = nextFormStateKey(id);
  const posted = formStateFor(key);
  actionStates += posted[0] ? '!' : '.';
  const state = posted[0] ? posted[1] as S : initialState;
  const dispatch = function () {};
  Object.defineProperty(dispatch, '$$typeof', { value: REACT_SERVER_REFERENCE });
  Object.defineProperty(dispatch, '$$id', { value: id });
  Object.defineProperty(dispatch, '$$bound', { value: [state] });
  Object.defineProperty(dispatch, '$$kitBound', { value: encodeBound([state]) });
  Object.defineProperty(dispatch, '$$kitKey', { value: key });
  return [state, dispatch, false];
}

export function useFormStatus() {
  return { pending: false, data: null, method: null, action: null };
}

// --- contexts ---------------------------------------------------------------

export function createContext<T>(defaultValue: T): Context<T> {
  const ctx = { $$typeof: REACT_CONTEXT, _currentValue: defaultValue, _defaultValue: defaultValue } as Context<T>;
  ctx.Provider = ctx;
  ctx.Consumer = { $$typeof: REACT_CONSUMER, _context: ctx };
  return ctx;
}

export function useContext<T>(ctx: Context<T>): T {
  assertHooks('useContext');
  return ctx._currentValue;
}

const providerStack: Array<{ ctx: Context<unknown>; prev: unknown }> = [];

export function pushProvider(ctx: Context<unknown>, value: unknown): void {
  providerStack.push({ ctx, prev: ctx._currentValue });
  ctx._currentValue = value;
}

export function popProvider(): void {
  const top = providerStack.pop();
  if (top) top.ctx._currentValue = top.prev;
}

// A component that waits (use() of a pending promise) is rendered again
// later, possibly after other providers were pushed and popped: its context
// values are saved and put back around the retry.
export function saveContexts(): Array<[Context<unknown>, unknown]> {
  const out: Array<[Context<unknown>, unknown]> = [];
  for (let i = 0; i < providerStack.length; i++) out.push([providerStack[i].ctx, providerStack[i].ctx._currentValue]);
  return out;
}

export function restoreContexts(saved: Array<[Context<unknown>, unknown]>): number {
  for (let i = 0; i < saved.length; i++) pushProvider(saved[i][0], saved[i][1]);
  return saved.length;
}

export function providerDepth(): number {
  return providerStack.length;
}

export function resetContexts(): void {
  while (providerStack.length) popProvider();
}

// --- use() ------------------------------------------------------------------

export class SuspenseException {
  thenable: PromiseLike<unknown>;
  constructor(thenable: PromiseLike<unknown>) {
    this.thenable = thenable;
  }
}

interface Tracked<T> extends PromiseLike<T> { _s?: number; _v?: T; status?: string; value?: T; reason?: unknown }

export function use<T>(usable: PromiseLike<T> | Context<T>): T {
  if (usable && (usable as Context<T>).$$typeof === REACT_CONTEXT) return (usable as Context<T>)._currentValue;
  const t = usable as Tracked<T>;
  if (t && typeof t.then === 'function') {
    // our Promise exposes its state; others follow React's status convention
    if (t._s === 1) return t._v as T;
    if (t._s === 2) throw t._v;
    if (t.status === 'fulfilled') return t.value as T;
    if (t.status === 'rejected') throw t.reason;
    if (!t.status) {
      t.status = 'pending';
      t.then((v) => { t.status = 'fulfilled'; t.value = v; }, (e) => { t.status = 'rejected'; t.reason = e; });
    }
    throw new SuspenseException(t);
  }
  throw new Error('use() was given something that is neither a promise nor a context.');
}
