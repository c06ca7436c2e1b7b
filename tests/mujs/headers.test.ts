// Headers.
import { test, eq, throws, ok } from './harness';

test('headers/case-insensitive', function () {
  const h = new Headers();
  h.set('Content-Type', 'text/html');
  eq(h.get('content-type'), 'text/html', 'get lower');
  eq(h.get('CONTENT-TYPE'), 'text/html', 'get upper');
  eq(h.has('Content-type'), true, 'has');
  h.delete('CONTENT-type');
  eq(h.has('content-type'), false, 'delete');
  eq(h.get('content-type'), null, 'missing is null');
});

test('headers/append-joins', function () {
  const h = new Headers();
  h.append('Accept', 'text/html');
  h.append('accept', 'application/json');
  eq(h.get('accept'), 'text/html, application/json');
  h.set('accept', '*/*');
  eq(h.get('accept'), '*/*', 'set replaces');
});

test('headers/set-cookie-separate', function () {
  const h = new Headers();
  h.append('Set-Cookie', 'a=1; Path=/');
  h.append('set-cookie', 'b=2; Expires=Wed, 21 Oct 2015 07:28:00 GMT');
  eq(h.getSetCookie(), ['a=1; Path=/', 'b=2; Expires=Wed, 21 Oct 2015 07:28:00 GMT'], 'getSetCookie');
  eq(h.get('set-cookie'), 'a=1; Path=/, b=2; Expires=Wed, 21 Oct 2015 07:28:00 GMT', 'get joins');
  eq(Array.from(h), [['set-cookie', 'a=1; Path=/'], ['set-cookie', 'b=2; Expires=Wed, 21 Oct 2015 07:28:00 GMT']], 'iterated one by one');
  eq(new Headers().getSetCookie(), [], 'none');
});

test('headers/sorted-iteration', function () {
  const h = new Headers([['X-Zed', '1'], ['accept', 'a'], ['B', '2'], ['x-zed', '3'], ['Set-Cookie', 's']]);
  eq(Array.from(h.keys()), ['accept', 'b', 'set-cookie', 'x-zed'], 'keys');
  eq(Array.from(h.values()), ['a', '2', 's', '1, 3'], 'values');
  eq(Array.from(h.entries()), [['accept', 'a'], ['b', '2'], ['set-cookie', 's'], ['x-zed', '1, 3']], 'entries');
  const seen: string[] = [];
  h.forEach(function (v, k, parent) { seen.push(k + ':' + v); ok(parent === h, 'third argument'); });
  eq(seen, ['accept:a', 'b:2', 'set-cookie:s', 'x-zed:1, 3'], 'forEach');
  const it = h[Symbol.iterator]();
  eq(it.next().value, ['accept', 'a'], 'Symbol.iterator');
});

test('headers/iterator-sees-later-changes', function () {
  const h = new Headers({ b: '1' });
  const it = h.entries();
  h.append('a', '0');
  h.append('c', '2');
  eq(it.next().value, ['a', '0'], 'first');
  eq(Array.from(it), [['b', '1'], ['c', '2']], 'rest');
});

test('headers/constructors', function () {
  eq(Array.from(new Headers({ 'X-A': '1', b: '2' })), [['b', '2'], ['x-a', '1']], 'record');
  eq(Array.from(new Headers([['a', '1'], ['A', '2']])), [['a', '1, 2']], 'pairs');
  const src = new Headers({ a: '1' });
  src.append('set-cookie', 'x=1');
  src.append('set-cookie', 'y=2');
  const copy = new Headers(src);
  copy.set('a', '9');
  eq(src.get('a'), '1', 'copy is independent');
  eq(copy.getSetCookie(), ['x=1', 'y=2'], 'copy keeps cookies apart');
  eq(Array.from(new Headers(new Map([['m', 'v']]) as any)), [['m', 'v']], 'any iterable of pairs');
  eq(Array.from(new Headers()), [], 'empty');
  eq(Array.from(new Headers(undefined)), [], 'undefined');
});

test('headers/value-normalized', function () {
  const h = new Headers({ a: ' \t x y \r\n' });
  eq(h.get('a'), 'x y', 'leading/trailing whitespace stripped');
  h.set('b', '');
  eq(h.get('b'), '', 'empty value');
  h.set('c', 'caf\u00e9');
  eq(h.get('c'), 'caf\u00e9', 'latin-1 byte kept');
  h.set('n', 42 as any);
  eq(h.get('n'), '42', 'stringified');
});

test('headers/invalid-names-and-values', function () {
  const h = new Headers();
  throws(function () { h.append('bad name', 'x'); }, 'TypeError', 'space in name');
  throws(function () { h.set('', 'x'); }, 'TypeError', 'empty name');
  throws(function () { h.get('a:b'); }, 'TypeError', 'colon in get');
  throws(function () { h.has('é'); }, 'TypeError', 'non-token has');
  throws(function () { h.delete('(x)'); }, 'TypeError', 'delete');
  throws(function () { h.append('x', 'a\nb'); }, 'TypeError', 'LF in value');
  throws(function () { h.append('x', 'a\rb'); }, 'TypeError', 'CR in value');
  throws(function () { h.append('x', 'a\u0000b'); }, 'TypeError', 'NUL in value');
  throws(function () { h.append('x', '\ud83d\ude00'); }, 'TypeError', 'non-byte value');
  throws(function () { new Headers({ 'a b': '1' }); }, 'TypeError', 'constructor record');
  throws(function () { new Headers([['a', '1', '2']] as any); }, 'TypeError', 'triple');
  throws(function () { new Headers([['a']] as any); }, 'TypeError', 'single');
  throws(function () { new Headers('a: b' as any); }, 'TypeError', 'string init');
  eq(Array.from(h), [], 'nothing was added');
});

test('headers/immutable-on-redirect-and-error', function () {
  throws(function () { Response.redirect('http://a.com/').headers.set('x', '1'); }, 'TypeError', 'redirect');
  throws(function () { Response.error().headers.append('x', '1'); }, 'TypeError', 'error');
  throws(function () { Response.redirect('http://a.com/').headers.delete('location'); }, 'TypeError', 'delete');
  const r = new Response('x');
  r.headers.set('x', '1');
  eq(r.headers.get('x'), '1', 'an ordinary response is mutable');
});
