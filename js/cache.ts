// @kit/core/cache — cache(fn): results shared within one request only;
// outside a request it calls through. Arguments are compared by value for
// primitives and by identity for objects, as React's cache() does.
import { requestCache } from './server/request-context';

const ids = new WeakMap<object, number>();
let nextId = 1;

function keyOf(args: unknown[]): string {
  const parts: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a !== null && (typeof a === 'object' || typeof a === 'function')) {
      let id = ids.get(a as object);
      if (!id) {
        id = nextId++;
        ids.set(a as object, id);
      }
      parts.push('o' + id);
    } else {
      parts.push(typeof a + ':' + String(a));
    }
  }
  return parts.join('\u0000');
}

export function cache<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const cached = function (...args: A): R {
    const store = requestCache(cached);
    if (!store) return fn(...args);
    const key = keyOf(args);
    if (store.has(key)) return store.get(key) as R;
    const result = fn(...args);
    store.set(key, result);
    return result;
  };
  return cached;
}

export default cache;
