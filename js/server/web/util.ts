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

// Text is read with native string methods and regular expressions (kit's
// regex engine, mujs patch 0800), never a character at a time: in mujs a
// one-character string costs ~70 bytes of heap and each position-based read
// (charAt(i), indexOf from i) counts from the start of the string's UTF-8.
// A pattern here never lets a failing match backtrack through a run of
// unbounded length twice.

const NOT_TOKEN = /[^!#$%&'*+\-.^_`|~0-9A-Za-z]/;

/** An RFC 9110 token: one or more tchar. */
export function isToken(s: string): boolean {
  return s !== '' && !NOT_TOKEN.test(s);
}

/** Strips the characters of `chars` (e.g. ' \t') from both ends of s. The
 * end's regex starts only at a character outside `chars` (the first-character
 * skip of the regex engine passes over the others), so a run of them inside
 * s is read once, not once from each of its characters. */
const trimmers: Record<string, [RegExp, RegExp]> = {};
export function trimChars(s: string, chars: string): string {
  const n = s.length;
  if (!n || (chars.indexOf(s.charAt(0)) < 0 && chars.indexOf(s.charAt(n - 1)) < 0))
    return s;
  let t = trimmers[chars];
  if (!t) {
    const set = chars.replace(/[\\\]\[^-]/g, '\\$&');
    t = trimmers[chars] = [new RegExp('^[' + set + ']+'), new RegExp('([^' + set + '])[' + set + ']+$')];
  }
  return s.replace(t[0], '').replace(t[1], '$1');
}
