// A tiny test harness that runs the same test files on kit's web classes in
// mujs and on Node's native ones, so every expectation is checked against the
// platform. Tests print "PASS: <prefix><name>" / "FAIL: <prefix><name>: why";
// the prefix is "web/" in mujs and "web/node/" in Node. kitTest() cases test
// kit's own extensions and mujs specifics: they run in mujs only.
declare const print: (...args: unknown[]) => void;

type Fn = () => void | Promise<void>;
interface Case { name: string; fn: Fn; kitOnly: boolean }
const cases: Case[] = [];

export const g: any = globalThis;
/** True in mujs, where the tests run on kit's classes (setup-mujs.ts). */
export function inKit(): boolean { return !!g.__kitweb; }

export function test(name: string, fn: Fn): void { cases.push({ name, fn, kitOnly: false }); }
export function kitTest(name: string, fn: Fn): void { cases.push({ name, fn, kitOnly: true }); }

function show(v: unknown): string {
  if (typeof v === 'string')
    return JSON.stringify(v.length > 200 ? v.slice(0, 200) + '...' : v);
  try { return JSON.stringify(v); } catch (e) { return String(v); }
}

function same(a: any, b: any): boolean {
  if (a === b)
    return true;
  if (typeof a === 'number' && typeof b === 'number' && a !== a && b !== b)
    return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length)
      return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a).sort(), kb = Object.keys(b).sort();
    if (!same(ka, kb))
      return false;
    for (let i = 0; i < ka.length; i++) if (!same(a[ka[i]], b[ka[i]])) return false;
    return true;
  }
  return false;
}

export function eq(actual: unknown, expected: unknown, what?: string): void {
  if (!same(actual, expected))
    throw new Error((what ? what + ': ' : '') + 'got ' + show(actual) + ', expected ' + show(expected));
}

export function ok(cond: unknown, what: string): void {
  if (!cond)
    throw new Error(what);
}

function checkError(e: any, type: string, what: string, text?: string) {
  if (!e || e.name !== type)
    throw new Error(what + ': threw ' + (e && e.name) + ' (' + (e && e.message) + '), expected ' + type);
  if (text !== undefined && String(e.message).indexOf(text) < 0)
    throw new Error(what + ': message ' + show(e.message) + ' lacks ' + show(text));
}

/** fn must throw an error named `type` (TypeError, RangeError, ...). */
export function throws(fn: () => unknown, type: string, what: string, text?: string): void {
  let threw = false, err: unknown;
  try { fn(); } catch (e) { threw = true; err = e; }
  if (!threw)
    throw new Error(what + ': did not throw (expected ' + type + ')');
  checkError(err, type, what, text);
}

/** p must reject with an error named `type`. */
export function rejects(p: Promise<unknown>, type: string, what: string, text?: string): Promise<void> {
  return p.then(function (v) {
    throw new Error(what + ': resolved with ' + show(v) + ' (expected a ' + type + ' rejection)');
  }, function (e) { checkError(e, type, what, text); });
}

/** Bytes of an ArrayBuffer / Uint8Array. */
// Work that must grow linearly: run(n) and run(4n) are timed; a quadratic
// algorithm takes ~16x as long for 4n, a linear one ~4x. A ratio, not an
// absolute limit: the machine may be loaded. Each size is timed three times
// and the fastest run counts (a run the scheduler delayed under load must
// not look quadratic); durations below 40 ms count as 40 ms so timer
// granularity cannot fail it.
export async function linear(what: string, run: (n: number) => unknown, n: number): Promise<void> {
  const once = async (k: number) => { const t0 = Date.now(); await run(k); return Date.now() - t0; };
  const time = async (k: number) => Math.min(await once(k), await once(k), await once(k));
  const small = await time(n);
  const large = await time(4 * n);
  if (large > 8 * Math.max(small, 40))
    throw new Error(what + ': ' + n + ' took ' + small + ' ms, ' + 4 * n + ' took ' + large + ' ms (not linear)');
}

export function bytesOf(x: any): number[] {
  return Array.prototype.slice.call(x instanceof ArrayBuffer ? new Uint8Array(x) : x);
}

/** A Uint8Array of the numbers. */
export function u8(a: number[]): any {
  return new Uint8Array(a);
}

export function run(prefix: string): void {
  let i = 0, current = '', finished = false;
  // mujs-run fires timers in virtual time once nothing else is pending: this
  // one fires only if a test never settles. In Node it is unref'd, and the
  // missing "DONE" line tells the suite.
  const watchdog: any = setTimeout(function () {
    if (!finished)
      print('FAIL: ' + prefix + current + ': never settled (a promise was never resolved)');
  }, 3600 * 1000);
  if (watchdog && watchdog.unref)
    watchdog.unref();
  function next(): void {
    while (i < cases.length && cases[i].kitOnly && !inKit()) i++;
    if (i >= cases.length) {
      finished = true;
      clearTimeout(watchdog);
      print('DONE: ' + prefix + ' ' + cases.length + ' cases');
      return;
    }
    const c = cases[i++];
    current = c.name;
    let p: Promise<void>;
    try {
      p = Promise.resolve(c.fn());
    } catch (e) {
      p = Promise.reject(e);
    }
    p.then(function () {
      print('PASS: ' + prefix + c.name);
    }, function (e: any) {
      const why = e && e.message !== undefined ? (e.name ? e.name + ': ' : '') + e.message : String(e);
      print('FAIL: ' + prefix + c.name + ': ' + String(why).replace(/\n/g, '\\n'));
    }).then(next);
  }
  next();
}
