'use client';
// One client component per React hook or API. Each renders on the server in
// mujs (kit's server-side React: state hooks give their initial value,
// effects do not run) and hydrates in the browser, where the buttons work.
import {
  Children, Fragment, StrictMode, cloneElement, forwardRef, isValidElement, memo, startTransition,
  useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState,
  useSyncExternalStore, useTransition,
  type ReactElement, type ReactNode,
} from 'react';

declare global {
  interface Window { __memoRenders?: number; __kitEffects?: string[] }
}

export function StateDemo() {
  const [n, setN] = useState(() => 10);
  const [text, setText] = useState('');
  return (
    <div id="state">
      <button type="button" id="state-inc" onClick={() => setN(n + 1)}>{'state ' + n}</button>
      <input id="state-input" value={text} onChange={(e) => setText(e.target.value)} placeholder="type" />
      <span id="state-echo">{text === '' ? '(empty)' : text}</span>
    </div>
  );
}

type Action = { type: 'inc' } | { type: 'dec' } | { type: 'reset'; to: number };
function reducer(state: { count: number; steps: number }, a: Action) {
  switch (a.type) {
    case 'inc': return { count: state.count + 1, steps: state.steps + 1 };
    case 'dec': return { count: state.count - 1, steps: state.steps + 1 };
    case 'reset': return { count: a.to, steps: 0 };
  }
}

export function ReducerDemo({ start }: { start: number }) {
  const [s, dispatch] = useReducer(reducer, start, (n: number) => ({ count: n, steps: 0 }));
  return (
    <div id="reducer">
      <button type="button" id="reducer-dec" onClick={() => dispatch({ type: 'dec' })}>-</button>
      <output id="reducer-value">{s.count + ' after ' + s.steps + ' steps'}</output>
      <button type="button" id="reducer-inc" onClick={() => dispatch({ type: 'inc' })}>+</button>
      <button type="button" id="reducer-reset" onClick={() => dispatch({ type: 'reset', to: start })}>reset</button>
    </div>
  );
}

export function RefDemo() {
  const input = useRef<HTMLInputElement | null>(null);
  const clicks = useRef(0);
  const [shown, setShown] = useState(0);
  return (
    <div id="ref">
      <input id="ref-input" ref={input} defaultValue="focus me" />
      <button type="button" id="ref-focus" onClick={() => { clicks.current++; input.current?.focus(); setShown(clicks.current); }}>
        {'focus (' + shown + ')'}
      </button>
    </div>
  );
}

function primesBelow(n: number): number[] {
  const out: number[] = [];
  for (let i = 2; i < n; i++) {
    let prime = true;
    for (let j = 2; j * j <= i; j++) if (i % j === 0) { prime = false; break; }
    if (prime) out.push(i);
  }
  return out;
}

const Child = memo(function Child({ onPick, label }: { onPick: () => void; label: string }) {
  if (typeof window !== 'undefined') window.__memoRenders = (window.__memoRenders || 0) + 1;
  return <button type="button" id="memo-child" onClick={onPick}>{label}</button>;
});

export function MemoDemo() {
  const [limit, setLimit] = useState(30);
  const [other, setOther] = useState(0);
  const [picked, setPicked] = useState(0);
  const primes = useMemo(() => primesBelow(limit), [limit]);
  const onPick = useCallback(() => setPicked((p) => p + 1), []);
  return (
    <div id="memo">
      <p id="memo-primes">{primes.length + ' primes below ' + limit + ': ' + primes.join(',')}</p>
      <button type="button" id="memo-limit" onClick={() => setLimit(limit + 10)}>more</button>
      <button type="button" id="memo-other" onClick={() => setOther(other + 1)}>{'other ' + other}</button>
      <Child onPick={onPick} label={'picked ' + picked} />
    </div>
  );
}

// Effects run in the browser only: the server's HTML says "server".
export function EffectProbe() {
  const [effect, setEffect] = useState('server');
  const [layout, setLayout] = useState('server');
  useLayoutEffect(() => {
    setLayout('layout effect ran');
  }, []);
  useEffect(() => {
    (window.__kitEffects = window.__kitEffects || []).push('effect');
    setEffect('effect ran');
  }, []);
  return (
    <p id="effects">
      <span id="effect">{effect}</span> / <span id="layout-effect">{layout}</span>
    </p>
  );
}

// A store outside React: the server snapshot says "server", the browser's
// says "client:<n>"; React hydrates with the server snapshot, then switches.
let storeValue = 0;
const listeners = new Set<() => void>();
const store = {
  subscribe(l: () => void) {
    listeners.add(l);
    return () => { listeners.delete(l); };
  },
  get: () => 'client:' + storeValue,
  server: () => 'server',
  bump() {
    storeValue++;
    listeners.forEach((l) => l());
  },
};

export function StoreDemo() {
  const v = useSyncExternalStore(store.subscribe, store.get, store.server);
  return (
    <div id="store">
      <span id="store-value">{v}</span>
      <button type="button" id="store-bump" onClick={store.bump}>bump</button>
    </div>
  );
}

function slowList(n: number) {
  const items: ReactNode[] = [];
  for (let i = 0; i < n; i++) items.push(<li key={i}>{'item ' + i}</li>);
  return items;
}

export function TransitionDemo() {
  const [tab, setTab] = useState('a');
  const [isPending, startTabTransition] = useTransition();
  const [global, setGlobal] = useState(0);
  return (
    <div id="transition">
      <span id="transition-pending">{isPending ? 'pending' : 'idle'}</span>
      <button type="button" id="transition-b" onClick={() => startTabTransition(() => setTab('b'))}>tab b</button>
      <button type="button" id="transition-global" onClick={() => startTransition(() => setGlobal(global + 1))}>{'global ' + global}</button>
      <span id="transition-tab">{'tab ' + tab}</span>
      <ul id="transition-list">{slowList(tab === 'a' ? 3 : 5)}</ul>
    </div>
  );
}

export function DeferredDemo() {
  const [q, setQ] = useState('kit');
  const deferred = useDeferredValue(q);
  const initial = useDeferredValue('ready', 'initial');
  return (
    <div id="deferred">
      <input id="deferred-input" value={q} onChange={(e) => setQ(e.target.value)} />
      <span id="deferred-value">{'deferred ' + deferred}</span>
      <span id="deferred-initial">{initial}</span>
    </div>
  );
}

// forwardRef: the parent focuses the input through the ref.
const FancyInput = forwardRef<HTMLInputElement, { label: string }>(function FancyInput({ label }, ref) {
  return (
    <label className="fancy">
      {label} <input id="fancy-input" ref={ref} defaultValue="" />
    </label>
  );
});

export function ForwardRefDemo() {
  const r = useRef<HTMLInputElement | null>(null);
  const [tag, setTag] = useState('none');
  return (
    <div id="forward-ref">
      <FancyInput label="fancy" ref={r} />
      <button type="button" id="forward-ref-focus" onClick={() => { r.current?.focus(); setTag(r.current ? r.current.tagName : 'null'); }}>
        {'ref ' + tag}
      </button>
    </div>
  );
}

// Children, cloneElement, isValidElement, Fragment
function Numbered({ children }: { children: ReactNode }) {
  return (
    <ol id="children-list">
      {Children.map(children, (child, i) => {
        if (isValidElement(child)) return cloneElement(child as ReactElement<{ 'data-index'?: number }>, { 'data-index': i });
        return typeof child === 'string' ? <li className="text">{child}</li> : null;
      })}
      <li id="children-total">{'elements ' + Children.toArray(children).length}</li>
    </ol>
  );
}

export function ChildrenDemo() {
  const [extra, setExtra] = useState(false);
  return (
    <div id="children">
      <Numbered>
        <li>first</li>
        {'a string'}
        <>
          <li>in a fragment</li>
        </>
        {[1, 2].map((n) => (
          <Fragment key={n}>
            <li>{'keyed ' + n}</li>
          </Fragment>
        ))}
        {extra && <li id="children-extra">extra</li>}
      </Numbered>
      <button type="button" id="children-add" onClick={() => setExtra(true)}>add</button>
    </div>
  );
}

// React counts empty nodes (null, undefined, booleans) in Children.count and
// calls Children.map's function for them (with null); Children.only throws
// for anything but one element. The page puts this probe in a Suspense
// boundary of its own: a server that disagrees makes only it client-render.
export function ChildrenCountProbe({ children }: { children?: ReactNode }) {
  let calls = 0;
  Children.map(children, () => { calls++; return null; });
  let only = 'only ok';
  try {
    Children.only(children);
  } catch {
    only = 'only throws';
  }
  return <p id="children-count">{'count ' + Children.count(children) + ', map calls ' + calls + ', ' + only}</p>;
}

export function StrictDemo({ children }: { children?: ReactNode }) {
  const [n, setN] = useState(0);
  return (
    <StrictMode>
      <div id="strict">
        <button type="button" id="strict-inc" onClick={() => setN(n + 1)}>{'strict ' + n}</button>
        {children}
      </div>
    </StrictMode>
  );
}
