// Text and URI encoding the web classes depend on: encodeURIComponent and
// friends (mujs 1.3.2 gets surrogate pairs and errors wrong), UTF-8 in bodies.
import { test, eq, throws, bytesOf, u8 } from './harness';

test('encoding/encodeURIComponent', function () {
  eq(encodeURIComponent('\ud83d\ude00'), '%F0%9F%98%80', 'surrogate pair');
  eq(encodeURIComponent('a b&c=d/\u00e9\u20ac'), 'a%20b%26c%3Dd%2F%C3%A9%E2%82%AC', 'BMP');
  eq(encodeURIComponent("-_.!~*'()"), "-_.!~*'()", 'unreserved');
  eq(encodeURIComponent('\u0000'), '%00', 'NUL');
  throws(function () { encodeURIComponent('\ud800'); }, 'URIError', 'lone high surrogate');
  throws(function () { encodeURIComponent('x\udc00'); }, 'URIError', 'lone low surrogate');
});

test('encoding/encodeURI', function () {
  eq(encodeURI('http://a.com/\ud83d\ude00?q=a b#\u00e9'), 'http://a.com/%F0%9F%98%80?q=a%20b#%C3%A9');
  eq(encodeURI(';/?:@&=+$,#[]'), ';/?:@&=+$,#%5B%5D', 'reserved kept');
  throws(function () { encodeURI('\udfff'); }, 'URIError', 'lone surrogate');
});

test('encoding/decodeURIComponent', function () {
  eq(decodeURIComponent('%F0%9F%98%80'), '\ud83d\ude00', 'to a surrogate pair');
  eq(decodeURIComponent('%F0%9F%98%80').length, 2, 'two units');
  eq(decodeURIComponent('a%20b%C3%A9%2F'), 'a b\u00e9/', 'plain');
  throws(function () { decodeURIComponent('%E9'); }, 'URIError', 'truncated');
  throws(function () { decodeURIComponent('%C0%80'); }, 'URIError', 'overlong');
  throws(function () { decodeURIComponent('%ED%A0%80'); }, 'URIError', 'encoded surrogate');
  throws(function () { decodeURIComponent('%zz'); }, 'URIError', 'bad hex');
  throws(function () { decodeURIComponent('%4'); }, 'URIError', 'short escape');
});

test('encoding/decodeURI', function () {
  eq(decodeURI('%2F%3F%23%41%C3%A9'), '%2F%3F%23A\u00e9', 'reserved escapes kept');
  throws(function () { decodeURI('%FF'); }, 'URIError', 'invalid byte');
});

test('encoding/utf8-decoding-errors', async function () {
  // BOM, an E1 80 prefix cut short by 'A', FF, ED A0 80 (a surrogate), a 4-byte prefix at the end
  const r = new Response(u8([0xef, 0xbb, 0xbf, 0x41, 0xe1, 0x80, 0x41, 0xff, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98]));
  eq(await r.text(), 'A\ufffdA\ufffd\ufffd\ufffd\ufffd\ufffd');
});

test('encoding/utf8-all-lengths', async function () {
  const r = new Response(u8([0x24, 0xc2, 0xa2, 0xe0, 0xa4, 0xb9, 0xe2, 0x82, 0xac, 0xed, 0x95, 0x9c, 0xf0, 0x90, 0x8d, 0x88, 0xf4, 0x8f, 0xbf, 0xbf]));
  eq(await r.text(), '$\u00a2\u0939\u20ac\ud55c\ud800\udf48\udbff\udfff');
});

test('encoding/utf8-encoding', async function () {
  const b = await new Response('$\u00a2\u0939\u20ac\ud55c\ud800\udf48\udbff\udfff\ud800').arrayBuffer();
  eq(bytesOf(b), [0x24, 0xc2, 0xa2, 0xe0, 0xa4, 0xb9, 0xe2, 0x82, 0xac, 0xed, 0x95, 0x9c, 0xf0, 0x90, 0x8d, 0x88,
    0xf4, 0x8f, 0xbf, 0xbf, 0xef, 0xbf, 0xbd], 'a lone surrogate encodes as U+FFFD');
});

test('encoding/large-bodies-are-linear', async function () {
  // mujs indexes strings from their start: a per-character loop over 200 KB
  // would take minutes. These must stay fast.
  const parts: string[] = [];
  for (let i = 0; i < 20000; i++) parts.push('\u00e9t\u00e9 \ud83d\ude00 ');
  const text = parts.join('');
  const t0 = Date.now();
  const buf = await new Response(text).arrayBuffer();
  eq(buf.byteLength, 20000 * 11, 'byteLength');
  eq(await new Response(buf).text() === text, true, 'round trip');
  const form = 'big=' + encodeURIComponent(text) + '&x=1';
  const fd = await new Response(form, { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData();
  eq([(fd.get('big') as string).length, fd.get('x')], [text.length, '1'], 'urlencoded');
  const ms = Date.now() - t0;
  if (ms > 5000)
    throw new Error('took ' + ms + ' ms');
});

test('encoding/string-iteration-by-code-point', function () {
  eq(Array.from('a\ud83d\ude00b\ud800'), ['a', '\ud83d\ude00', 'b', '\ud800'], 'Array.from');
  const seen: string[] = [];
  for (const c of 'x\u00e9\ud83d\ude00') seen.push(c);
  eq(seen, ['x', '\u00e9', '\ud83d\ude00'], 'for-of');
});
