// The values an inline server action closes over (docs/actions.md §1).
// kit-build (toolchain/inline-actions.mjs) hoists a nested "use server"
// function to module scope and binds, where it was, one sealed argument:
//
//   hoisted.bind(null, sealCaptures(id, [user, id], ["user", "id"]))
//
// The sealed text travels through the browser (the Flight row's bound
// arguments, the no-JS form's hidden fields) and comes back as the action's
// first argument; openCaptures() gives the values back to the function, or
// refuses the call (403) when the text was changed, forged, or sealed for
// another action. Sealing is AES-256-GCM with the build's key and the action
// id as associated data (render/seal.c): the values cannot be read in the
// page either. Arguments the component binds itself with .bind() are not
// sealed (as in Next.js): they are the component's to check.
import { REACT_SERVER_REFERENCE } from './symbols';
import { lookupServerReference } from './server-reference';

declare function __kit_seal(id: string, text: string): string;
declare function __kit_unseal(id: string, sealed: string): string | null;

const MAX_DEPTH = 32;

type Ref = ((...a: unknown[]) => unknown) & { $$typeof?: symbol; $$id?: string; $$bound?: unknown[] | null };

function kindOf(v: unknown): string {
  if (typeof v === 'function') return 'a function';
  if (typeof v === 'symbol') return 'a Symbol';
  if (typeof v === 'bigint') return 'a BigInt';
  const proto = Object.getPrototypeOf(v);
  const ctor = proto && proto.constructor;
  const name = ctor && typeof ctor.name === 'string' && ctor.name ? ctor.name : 'a class';
  return 'an instance of ' + name;
}

// where: the variable, then the keys down to the value (joined only for an error)
function unsendable(id: string, where: string[], v: unknown): Error {
  return new Error('kit: the inline server action ' + id + ' closes over `' + where.join('') + '`, ' + kindOf(v) +
    ', which cannot travel with it (the variables an inline action uses are sent, sealed, through the browser): ' +
    'use plain data there (objects, arrays, strings, numbers, booleans, null, undefined, Dates, Maps, Sets, ' +
    'server actions), or read the value inside the action');
}

function inner(id: string, v: unknown, where: string[], step: string, stack: unknown[]): unknown {
  where.push(step);
  const out = encode(id, v, where, stack);
  where.pop();
  return out;
}

// A JSON text: strings starting with "$" escaped as "$$", "$undefined",
// "$NaN", "$Infinity", "$-Infinity", "$-0", "$D<ms>"; ["$Q", [k, v]…] a Map,
// ["$W", …] a Set, ["$h", id, [bound…]] a server action. stack: the objects
// above v (a cycle, and the depth).
function encode(id: string, v: unknown, where: string[], stack: unknown[]): unknown {
  if (v === undefined) return '$undefined';
  if (v === null || typeof v === 'boolean') return v;
  if (typeof v === 'number') {
    if (v !== v) return '$NaN';
    if (v === Infinity) return '$Infinity';
    if (v === -Infinity) return '$-Infinity';
    if (v === 0 && 1 / v < 0) return '$-0';
    return v;
  }
  if (typeof v === 'string') return v.charAt(0) === '$' ? '$' + v : v;
  if (typeof v === 'function' && (v as Ref).$$typeof === REACT_SERVER_REFERENCE)
    return ['$h', (v as Ref).$$id, inner(id, (v as Ref).$$bound || [], where, '.bound', stack)];
  if (typeof v !== 'object') throw unsendable(id, where, v);
  if (stack.length >= MAX_DEPTH) throw new Error('kit: the inline server action ' + id + ' closes over `' + where[0] +
    '`, nested deeper than ' + MAX_DEPTH + ' levels');
  for (let i = 0; i < stack.length; i++)
    if (stack[i] === v) throw new Error('kit: the inline server action ' + id + ' closes over `' + where.join('') + '`, which refers to itself');
  if (v instanceof Date) return '$D' + v.getTime();
  stack.push(v);
  let out: unknown;
  if (Array.isArray(v)) {
    const a: unknown[] = [];
    for (let i = 0; i < v.length; i++) a.push(inner(id, v[i], where, '[' + i + ']', stack));
    out = a;
  } else if (v instanceof Map) {
    const a: unknown[] = ['$Q'];
    v.forEach((value, key) => {
      a.push([inner(id, key, where, '.keys()[' + (a.length - 1) + ']', stack), inner(id, value, where, '.get(…)', stack)]);
    });
    out = a;
  } else if (v instanceof Set) {
    const a: unknown[] = ['$W'];
    v.forEach((value) => { a.push(inner(id, value, where, '[' + (a.length - 1) + ']', stack)); });
    out = a;
  } else {
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) throw unsendable(id, where, v);
    const o: Record<string, unknown> = {};
    const keys = Object.keys(v as object);
    for (let i = 0; i < keys.length; i++)
      o[keys[i]] = inner(id, (v as Record<string, unknown>)[keys[i]], where, '.' + keys[i], stack);
    out = o;
  }
  stack.pop();
  return out;
}

function decode(v: unknown): unknown {
  if (typeof v === 'string') {
    if (v.charAt(0) !== '$') return v;
    if (v.charAt(1) === '$') return v.slice(1);
    if (v === '$undefined') return undefined;
    if (v === '$NaN') return NaN;
    if (v === '$Infinity') return Infinity;
    if (v === '$-Infinity') return -Infinity;
    if (v === '$-0') return -0;
    if (v.charAt(1) === 'D') return new Date(Number(v.slice(2)));
    return v;
  }
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const tag = v[0];
    if (tag === '$Q') {
      const m = new Map();
      for (let i = 1; i < v.length; i++) m.set(decode(v[i][0]), decode(v[i][1]));
      return m;
    }
    if (tag === '$W') {
      const s = new Set();
      for (let i = 1; i < v.length; i++) s.add(decode(v[i]));
      return s;
    }
    if (tag === '$h') {
      const fn = lookupServerReference(v[1]);
      const bound = decode(v[2]) as unknown[];
      if (!fn) throw new Error('kit: a captured server action ' + v[1] + ' does not exist in this build');
      return bound.length ? (fn as Function).bind.apply(fn, [null].concat(bound)) : fn;
    }
    const a: unknown[] = [];
    for (let i = 0; i < v.length; i++) a.push(decode(v[i]));
    return a;
  }
  const o: Record<string, unknown> = {};
  const keys = Object.keys(v as object);
  for (let i = 0; i < keys.length; i++) o[keys[i]] = decode((v as Record<string, unknown>)[keys[i]]);
  return o;
}

// The sealed text of the values an inline action closes over, read when the
// action is created (render): a value that cannot travel fails the render,
// naming the variable.
export function sealCaptures(id: string, values: unknown[], names: string[]): string {
  const list: unknown[] = [];
  for (let i = 0; i < values.length; i++) list.push(encode(id, values[i], [names[i]], []));
  return __kit_seal(id, JSON.stringify(list));
}

// A refusal (403): the sealed values were changed, forged, or belong to
// another action. The endpoint logs it (js/server/actions.ts failure()).
function tampered(id: string): Error {
  const e = new Error('The action\'s sealed values do not verify.') as Error & { status: number };
  e.status = 403;
  return e;
}

// The function the hoisted action stands for, given back the values it
// closed over (make: the function taking them).
export function openCaptures(id: string, sealed: unknown, make: (...values: unknown[]) => unknown): unknown {
  const text = typeof sealed === 'string' ? __kit_unseal(id, sealed) : null;
  if (text === null) throw tampered(id);
  const values = decode(JSON.parse(text)) as unknown[];
  return make.apply(null, values);
}
