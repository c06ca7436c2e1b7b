'use client';
// Client components for the useId conformance page: some call useId() (so
// React forks the tree context of their children), some do not; some put
// their children in an array position next to other nodes.
import { useId, type ReactNode } from 'react';

export function IdBox({ label, children }: { label: string; children?: ReactNode }) {
  const id = useId();
  return <div className="box" id={id} data-label={label}>{children}</div>;
}

export function IdLeaf({ n }: { n: string }) {
  const id = useId();
  return <span id={id} data-leaf={n}>{n}</span>;
}

export function TwoIds({ children }: { children?: ReactNode }) {
  const a = useId();
  const b = useId();
  return <p data-a={a} data-b={b}>{children}</p>;
}

export function Plain({ children }: { children?: ReactNode }) {
  return <section>{children}</section>;
}

// children as the second of three array children
export function Wrapper({ children }: { children?: ReactNode }) {
  return <div className="wrap"><IdLeaf n="before" />{children}<IdLeaf n="after" /></div>;
}

// calls useId and renders its children twice in different array positions
export function Twice({ children }: { children?: ReactNode }) {
  const id = useId();
  return <div id={id}>{[<i key="x">x</i>, children]}<b>{children}</b></div>;
}
