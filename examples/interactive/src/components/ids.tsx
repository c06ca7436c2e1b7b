'use client';
// useId(): the server (kit in mujs) must compute the ids React's client
// computes for the same tree, or labels point at nothing after hydration.
// Each component records in the browser, after hydration, the id React gave
// it (data-client-id, set by an effect): the test compares it with the id
// attribute the server wrote (React keeps server attributes on hydration).
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';

function useClientIdProbe(id: string) {
  const ref = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (ref.current) ref.current.setAttribute('data-client-id', id);
  }, [id]);
  return ref;
}

export function Field({ label }: { label: string }) {
  const id = useId();
  const hint = useId();
  const ref = useClientIdProbe(id);
  return (
    <div className="field" ref={ref as RefObject<HTMLDivElement>}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={hint} />
      <small id={hint}>{'hint for ' + label}</small>
    </div>
  );
}

// No useId of its own: must not shift the ids below it.
function Plain({ children }: { children?: ReactNode }) {
  return <div className="plain">{children}</div>;
}

export function Group({ title, children }: { title: string; children?: ReactNode }) {
  const id = useId();
  const ref = useClientIdProbe(id);
  return (
    <fieldset className="group" aria-labelledby={id} ref={ref as RefObject<HTMLFieldSetElement>}>
      <legend id={id}>{title}</legend>
      <Plain>{children}</Plain>
    </fieldset>
  );
}

export function FieldList({ names }: { names: string[] }) {
  const [extra, setExtra] = useState<string[]>([]);
  const [tick, setTick] = useState(0);
  return (
    <div id="field-list" data-tick={tick}>
      {names.concat(extra).map((n) => <Field key={n} label={n} />)}
      <button type="button" id="ids-add" onClick={() => setExtra((x) => x.concat('added ' + (x.length + 1)))}>add a field</button>
      <button type="button" id="ids-rerender" onClick={() => setTick(tick + 1)}>{'re-render ' + tick}</button>
    </div>
  );
}

// Several useId calls and siblings with and without ids.
export function Many() {
  const a = useId();
  const b = useId();
  const c = useId();
  const ref = useClientIdProbe(a + ' ' + b + ' ' + c);
  return (
    <p className="many" ref={ref as RefObject<HTMLParagraphElement>} data-ids={a + ' ' + b + ' ' + c}>
      <span id={a}>a</span>
      <span id={b}>b</span>
      <span id={c}>c</span>
    </p>
  );
}

// Minimal cases: F shows its id; the wrappers call useId() or not, and get F
// as children from the server component (C–H) or render it themselves (J, K).
export function F({ n }: { n: string }) {
  const id = useId();
  const ref = useRef<HTMLSpanElement | null>(null);
  useEffect(() => {
    if (ref.current) ref.current.setAttribute('data-client-id', id);
  }, [id]);
  return <span ref={ref} id={id} data-n={n} className="id-case">{n}</span>;
}
export function NoIdWrap({ children }: { children?: ReactNode }) { return <div>{children}</div>; }
export function NoIdWrap2({ children }: { children?: ReactNode }) { return <div><b>x</b>{children}</div>; }
export function IdWrap({ children }: { children?: ReactNode }) { const id = useId(); return <div title={id}>{children}</div>; }
export function IdWrap2({ children }: { children?: ReactNode }) { const id = useId(); return <div title={id}><b>x</b>{children}</div>; }
export function IdFrag({ children }: { children?: ReactNode }) { useId(); return <>{children}</>; }
export function IdDirect() { const id = useId(); return <div title={id}><F n="J1" /></div>; }
export function IdDirect2() { const id = useId(); return <div title={id}><F n="K1" /><F n="K2" /></div>; }
