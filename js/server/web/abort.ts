// AbortController and AbortSignal, minimal: aborted, reason, onabort,
// add/removeEventListener('abort'), throwIfAborted(), AbortSignal.abort(),
// AbortSignal.timeout() (on the prelude's setTimeout) and AbortSignal.any().
// There is no DOMException in mujs: the default reasons are Errors named
// "AbortError" / "TimeoutError" with the platform's messages and codes.
import { hide } from './util';

function domError(name: string, message: string, code: number): Error {
  const e: any = new Error(message);
  e.name = name;
  e.code = code;
  return e;
}

type Listener = ((ev: AbortEvent) => void) | { handleEvent(ev: AbortEvent): void };
interface AbortEvent { type: 'abort'; target: AbortSignal; currentTarget: AbortSignal }

let constructing = false;

export class AbortSignal {
  declare _a: boolean;
  declare _r: unknown;
  declare _l: Array<{ fn: Listener; once: boolean }>;
  declare onabort: ((ev: AbortEvent) => void) | null;

  constructor() {
    if (!constructing)
      throw new TypeError('Illegal constructor');
    hide(this, '_a', false);
    hide(this, '_r', undefined);
    hide(this, '_l', []);
    this.onabort = null;
  }
  get aborted(): boolean { return this._a; }
  get reason(): unknown { return this._r; }
  throwIfAborted(): void {
    if (this._a)
      throw this._r;
  }
  addEventListener(type: string, fn: Listener | null, options?: boolean | { once?: boolean }): void {
    if (type !== 'abort' || !fn)
      return;
    for (let i = 0; i < this._l.length; i++) if (this._l[i].fn === fn) return;
    this._l.push({ fn, once: typeof options === 'object' && options !== null && !!options.once });
  }
  removeEventListener(type: string, fn: Listener | null): void {
    if (type !== 'abort')
      return;
    const out = [];
    for (let i = 0; i < this._l.length; i++) if (this._l[i].fn !== fn) out.push(this._l[i]);
    this._l = out;
  }
  dispatchEvent(ev: { type: string }): boolean {
    if (ev && ev.type === 'abort')
      fire(this);
    return true;
  }
  static abort(reason?: unknown): AbortSignal {
    const s = newSignal();
    signalAbort(s, reason);
    return s;
  }
  static timeout(ms: number): AbortSignal {
    const s = newSignal();
    setTimeout(function () {
      signalAbort(s, domError('TimeoutError', 'The operation was aborted due to timeout', 23));
    }, ms);
    return s;
  }
  static any(signals: Iterable<AbortSignal>): AbortSignal {
    const list: AbortSignal[] = Array.isArray(signals) ? signals : Array.from(signals);
    const s = newSignal();
    for (let i = 0; i < list.length; i++) {
      if (list[i].aborted) {
        signalAbort(s, list[i].reason);
        return s;
      }
    }
    for (let i = 0; i < list.length; i++) followSignal(s, list[i]);
    return s;
  }
}

export function newSignal(): AbortSignal {
  constructing = true;
  try { return new AbortSignal(); } finally { constructing = false; }
}

function fire(s: AbortSignal) {
  const ev: AbortEvent = { type: 'abort', target: s, currentTarget: s };
  const ls = s._l.slice();
  s._l = [];
  for (let i = 0; i < ls.length; i++) {
    if (!ls[i].once)
      s._l.push(ls[i]);
  }
  if (typeof s.onabort === 'function')
    callListener(s.onabort, ev);
  for (let i = 0; i < ls.length; i++) callListener(ls[i].fn, ev);
}

function callListener(fn: Listener, ev: AbortEvent) {
  try {
    if (typeof fn === 'function')
      fn.call(ev.target, ev);
    else if (fn && typeof fn.handleEvent === 'function')
      fn.handleEvent(ev);
  } catch (e) {
    // like the platform: a throwing listener does not stop the others
    queueMicrotask(function () { throw e; });
  }
}

/** Aborts s with reason (an AbortError when undefined); does nothing if already aborted. */
export function signalAbort(s: AbortSignal, reason?: unknown): void {
  if (s._a)
    return;
  s._a = true;
  s._r = reason === undefined ? domError('AbortError', 'This operation was aborted', 20) : reason;
  fire(s);
}

/** Makes follower abort when parent does (with the same reason). */
export function followSignal(follower: AbortSignal, parent: AbortSignal): void {
  if (parent.aborted) {
    signalAbort(follower, parent.reason);
    return;
  }
  parent.addEventListener('abort', function () { signalAbort(follower, parent.reason); }, { once: true });
}

export class AbortController {
  declare _s: AbortSignal;
  constructor() { hide(this, '_s', newSignal()); }
  get signal(): AbortSignal { return this._s; }
  abort(reason?: unknown): void { signalAbort(this._s, reason); }
}
