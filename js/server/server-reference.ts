// Server references (docs/actions.md §1–2). kit-build appends to every
// module whose first statement is "use server":
//
//   import * as self from "<the module itself>";
//   registerServerModule(self, "<hash>", "src/app/actions.ts");
//
// Every exported function becomes a server reference: the function object
// itself is marked the way React's registerServerReference marks it
// ($$typeof = Symbol.for('react.server.reference'), $$id, $$bound), so the
// engine's walker writes it as a "$h" reference wherever it travels in Flight
// (a prop of a client component, <form action>), and the same object is
// entered in the registry the action endpoint looks ids up in.
import { REACT_SERVER_REFERENCE } from './symbols';

export type ServerFunction = ((...args: unknown[]) => unknown) & {
  readonly $$typeof?: symbol;
  readonly $$id?: string;
  readonly $$bound?: unknown[] | null;
};

const registry: Record<string, ServerFunction> = {};
const files: Record<string, string> = {};

// fn.bind(null, ...args) on a server reference is one too, carrying its
// bound arguments (React's registerServerReference does the same): Flight
// writes {"id","bound":"$@n"} and the browser calls the action with them
// first. The arguments travel to the browser: plain data only.
function bindServerReference(this: ServerFunction, thisArg: unknown): ServerFunction {
  const args = Array.prototype.slice.call(arguments, 1);
  const target = this;
  const bound = function () {
    return target.apply(thisArg, args.concat(Array.prototype.slice.call(arguments)));
  } as unknown as ServerFunction;
  Object.defineProperty(bound, '$$typeof', { value: REACT_SERVER_REFERENCE, configurable: true });
  Object.defineProperty(bound, '$$id', { value: target.$$id, configurable: true });
  Object.defineProperty(bound, '$$bound', { value: (target.$$bound || []).concat(args), configurable: true });
  Object.defineProperty(bound, 'bind', { value: bindServerReference, configurable: true });
  return bound;
}

export function registerServerReference(fn: ServerFunction, id: string): ServerFunction {
  if (typeof fn !== 'function') return fn;
  // a function exported by two "use server" modules keeps its first id
  if (fn.$$typeof !== REACT_SERVER_REFERENCE) {
    Object.defineProperty(fn, '$$typeof', { value: REACT_SERVER_REFERENCE, configurable: true });
    Object.defineProperty(fn, '$$id', { value: id, configurable: true });
    Object.defineProperty(fn, '$$bound', { value: null, configurable: true });
    Object.defineProperty(fn, 'bind', { value: bindServerReference, configurable: true });
  }
  registry[id] = fn;
  return fn;
}

// Every exported function of a "use server" module; other exports (a
// constant, a type) are not actions and are not reachable by id.
export function registerServerModule(ns: Record<string, unknown>, hash: string, file: string): void {
  files[hash] = file;
  for (const name in ns) {
    const v = ns[name];
    if (typeof v === 'function') registerServerReference(v as ServerFunction, hash + '#' + name);
  }
}

// The action of an id, or null (unknown: the endpoint answers 404).
export function lookupServerReference(id: string): ServerFunction | null {
  return Object.prototype.hasOwnProperty.call(registry, id) ? registry[id] : null;
}

// The "use server" module a hash stands for (for log lines).
export function serverModuleFile(hash: string): string {
  return Object.prototype.hasOwnProperty.call(files, hash) ? files[hash] : '?';
}

export function serverReferenceIds(): string[] {
  return Object.keys(registry).sort();
}
