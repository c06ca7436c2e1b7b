'use client';
// Client components reading promises a server component passed as props.
import { use, type ReactNode } from 'react';

export function ShowText({ p }: { p: Promise<string> }) {
  return <p className="text">{use(p)}</p>;
}

export function ShowItem({ p }: { p: Promise<{ name: string; n: number; tags: string[] }> }) {
  const item = use(p);
  return <p className="item" data-n={item.n}>{item.name}: {item.tags.join(',')}</p>;
}

export function ShowNode({ p }: { p: Promise<ReactNode> }) {
  return <div className="node">{use(p)}</div>;
}

// the same promise twice: one row, read by both
export function ShowTwo({ a, b }: { a: Promise<string>; b: Promise<string> }) {
  return <p className="two">{use(a)} and {use(b)}</p>;
}
