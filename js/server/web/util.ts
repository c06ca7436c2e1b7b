// Small helpers shared by the web classes.

function defineHidden(o: object, name: string, value: unknown): void {
  Object.defineProperty(o, name, { value, writable: true, configurable: true, enumerable: false });
}

/** Defines a non-enumerable, writable own property (internal state stays out of
 * Object.keys and JSON.stringify, as the platform's internal slots do). The
 * engine's native (render/binary.c) when there is one: Object.defineProperty
 * with a descriptor object costs ~23 k instructions in mujs, and a Request
 * or a Response defines ten such slots. */
export const hide: (o: object, name: string, value: unknown) => void =
  typeof (globalThis as any).__kit_hide === 'function' ? (globalThis as any).__kit_hide : defineHidden;

const IteratorProto: any = {};
IteratorProto[Symbol.iterator] = function (this: unknown) { return this; };

/** An iterator object whose next() is `next`; it is iterable too (for-of, Array.from, spread). */
export function makeIterator<T>(next: () => IteratorResult<T>): IterableIterator<T> {
  const it = Object.create(IteratorProto);
  it.next = next;
  return it;
}

/** Defines a global the way the platform does (writable, configurable, not
 * enumerable), only when it is absent. Returns true when it was defined. */
export function defineGlobal(name: string, value: unknown): boolean {
  const g = globalThis as any;
  if (typeof g[name] !== 'undefined')
    return false;
  hide(g, name, value);
  return true;
}

// mujs 1.3.2's regular expressions fail ("regexec failed") once a greedy
// quantifier repeats more than 1023 times, and reject counts above 254 in
// {m,n}. So no pattern here applies * or + to input of unbounded length:
// validity is tested with a negated class, runs are matched in bounded
// chunks, and trimming is done by hand.

const NOT_TOKEN = /[^!#$%&'*+\-.^_`|~0-9A-Za-z]/;

/** An RFC 9110 token: one or more tchar. */
export function isToken(s: string): boolean {
  return s !== '' && !NOT_TOKEN.test(s);
}

/** Strips the characters of `chars` (e.g. ' \t') from both ends of s. */
export function trimChars(s: string, chars: string): string {
  const n = s.length;
  if (!n || (chars.indexOf(s.charAt(0)) < 0 && chars.indexOf(s.charAt(n - 1)) < 0))
    return s;
  const ch = s.split('');
  let a = 0, b = ch.length;
  while (a < b && chars.indexOf(ch[a]) >= 0) a++;
  while (b > a && chars.indexOf(ch[b - 1]) >= 0) b--;
  return ch.slice(a, b).join('');
}
