// Bytes in the web classes and the binary built-ins (js/server/web/binary.ts):
// real ArrayBuffers and Uint8Arrays from bodies, TextEncoder/TextDecoder,
// atob/btoa, structuredClone, crypto, performance.
import { test, eq, ok, throws, rejects, bytesOf, u8 } from './harness';

function hex(b: ArrayBuffer): string {
  return Array.prototype.map.call(new Uint8Array(b), function (x: number) { return (x < 16 ? '0' : '') + x.toString(16); }).join('');
}

test('binary/body-arraybuffer-is-real', async function () {
  const b = await new Response('h\u00e9').arrayBuffer();
  ok(b instanceof ArrayBuffer, 'an ArrayBuffer');
  eq(Object.prototype.toString.call(b), '[object ArrayBuffer]', 'its tag');
  eq(bytesOf(b), [0x68, 0xc3, 0xa9], 'UTF-8');
  const v = await new Response(u8([1, 2, 255])).bytes();
  ok(v instanceof Uint8Array, 'bytes() is a Uint8Array');
  eq([v.length, v[2], v.buffer.byteLength], [3, 255, 3], 'its elements and buffer');
  const blob = new Blob([new Uint16Array([0x4142]), new DataView(new Uint8Array([67]).buffer)]);
  eq(await blob.text(), 'BAC', 'Blob parts from any view');
  ok((await blob.arrayBuffer()) instanceof ArrayBuffer, 'Blob#arrayBuffer');
  eq(await new Response(new Uint8Array([104, 105]).buffer).text(), 'hi', 'an ArrayBuffer body');
  eq(await new Response(new Uint8Array([0, 104, 105, 0]).subarray(1, 3)).text(), 'hi', 'a view body is its window only');
});

test('binary/text-encoder', function () {
  const e = new TextEncoder();
  eq(e.encoding, 'utf-8', 'encoding');
  eq(Array.from(e.encode('$\u00a2\u20ac\ud83d\ude00\ud800x')), [0x24, 0xc2, 0xa2, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xef, 0xbf, 0xbd, 0x78], 'every length, a lone surrogate');
  eq(e.encode().length, 0, 'no argument');
  eq(Array.from(e.encode('\u0000')), [0], 'NUL');
  const d = new Uint8Array(5);
  eq(e.encodeInto('a\u00e9\ud83d\ude00', d), { read: 2, written: 3 }, 'encodeInto stops before a character that does not fit');
  eq(Array.from(d), [0x61, 0xc3, 0xa9, 0, 0], 'what it wrote');
  eq(e.encodeInto('\ud83d\ude00', new Uint8Array(4)), { read: 2, written: 4 }, 'a pair is read as 2');
});

test('binary/text-decoder-labels', function () {
  const names = ['utf8', ' UTF-8 ', 'unicode-1-1-utf-8', 'utf-16', 'utf-16le', 'ucs-2', 'unicode', 'latin1', 'ascii', 'us-ascii', 'iso-8859-1', 'cp1252', 'windows-1252', 'l1'];
  eq(names.map(function (n) { return new TextDecoder(n).encoding; }),
    ['utf-8', 'utf-8', 'utf-8', 'utf-16le', 'utf-16le', 'utf-16le', 'utf-16le', 'windows-1252', 'windows-1252', 'windows-1252', 'windows-1252', 'windows-1252', 'windows-1252', 'windows-1252'], 'labels');
  throws(function () { new TextDecoder('nope'); }, 'RangeError', 'unknown label');
  eq(new TextDecoder().encoding, 'utf-8', 'default');
  const t = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  eq([t.fatal, t.ignoreBOM], [true, true], 'options');
});

test('binary/text-decoder-utf8', function () {
  const d = new TextDecoder();
  eq(d.decode(u8([0xef, 0xbb, 0xbf, 0x41, 0xe1, 0x80, 0x41, 0xff, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98])), 'A\ufffdA\ufffd\ufffd\ufffd\ufffd\ufffd', 'BOM dropped, errors as U+FFFD');
  eq(new TextDecoder('utf-8', { ignoreBOM: true }).decode(u8([0xef, 0xbb, 0xbf, 0x41])), '\ufeffA', 'ignoreBOM keeps it');
  throws(function () { new TextDecoder('utf-8', { fatal: true }).decode(u8([0x41, 0xc3])); }, 'TypeError', 'fatal');
  eq(d.decode(), '', 'no input');
  eq(d.decode(new Uint16Array([0x6968])), 'hi', 'any view');
  throws(function () { d.decode('x' as any); }, 'TypeError', 'not a BufferSource');
});

test('binary/text-decoder-streaming', function () {
  const d = new TextDecoder();
  const bytes = [0xef, 0xbb, 0xbf, 0xf0, 0x9f, 0x98, 0x80, 0xc3, 0xa9, 0x41];
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += d.decode(u8([bytes[i]]), { stream: true });
  out += d.decode();
  eq(out, '\ud83d\ude00\u00e9A', 'byte by byte, the BOM too');
  eq(d.decode(u8([0xef, 0xbb, 0xbf, 0x42])), 'B', 'a new stream drops its BOM again');
  eq(d.decode(u8([0xe2, 0x82]), { stream: true }) + d.decode(), '\ufffd', 'an unfinished sequence at the end');
  const f = new TextDecoder('utf-8', { fatal: true });
  eq(f.decode(u8([0xe2, 0x82]), { stream: true }), '', 'fatal keeps a valid prefix');
  throws(function () { f.decode(); }, 'TypeError', 'and throws if it never ends');
  const w = new TextDecoder('utf-16le');
  eq(w.decode(u8([0xff, 0xfe, 0x3d]), { stream: true }) + w.decode(u8([0xd8, 0x00, 0xde, 0x41]), { stream: true }) + w.decode(), '\ud83d\ude00\ufffd', 'utf-16le: BOM, a pair split, an odd byte at the end');
  eq(new TextDecoder('utf-16le').decode(u8([0x41, 0, 0x00, 0xdc, 0x42, 0])), 'A\ufffdB', 'a lone surrogate');
});

test('binary/text-decoder-latin1', function () {
  eq(new TextDecoder('latin1').decode(u8([0x41, 0x80, 0x9f, 0xe9, 0xff])), 'A\u0080\u009f\u00e9\u00ff', 'bytes as code points (Node 20)');
});

test('binary/atob-btoa', function () {
  eq(btoa('hello\xff\x00'), 'aGVsbG//AA==', 'btoa');
  eq(atob(' aGVs\nbG//AA== '), 'hello\xff\x00', 'atob skips white space');
  eq(atob('aGk'), 'hi', 'no padding');
  eq([atob(''), btoa('')], ['', ''], 'empty');
  const e1 = (function () { try { atob('a'); } catch (e) { return e; } })() as any;
  eq([e1.name, e1.code, e1 instanceof Error], ['InvalidCharacterError', 5, true], 'atob error');
  throws(function () { atob('a*bc'); }, 'InvalidCharacterError', 'a character outside the alphabet');
  throws(function () { atob('ab=c'); }, 'InvalidCharacterError', 'padding inside');
  throws(function () { btoa('\u0100'); }, 'InvalidCharacterError', 'btoa above U+00FF');
});

test('binary/structured-clone', function () {
  const a: any = { n: 1, s: 'x', list: [1, , 3], d: new Date(86400000), r: /a+/gi, m: new Map([[{ k: 1 }, 'v']]), set: new Set([1, 2]) };
  a.self = a;
  a.shared = a.list;
  const c = structuredClone(a);
  ok(c !== a && c.self === c, 'a cycle');
  ok(c.shared === c.list && c.list !== a.list, 'a shared reference stays shared');
  eq([c.list.length, 1 in c.list], [3, false], 'holes');
  eq([c.d.getTime(), c.r.source, c.r.flags, c.m.size, Array.from(c.m.keys())[0].k, c.set.has(2)], [86400000, 'a+', 'gi', 1, 1, true], 'Date, RegExp, Map, Set');
  const bytes = new Uint8Array([1, 2, 3, 4]);
  const t = structuredClone({ a: bytes.subarray(1, 3), b: bytes.buffer });
  ok(t.a instanceof Uint8Array && t.a.buffer === t.b, 'a view and its buffer stay together');
  eq([Array.from(t.a), t.a.byteOffset, t.b.byteLength], [[2, 3], 1, 4], 'the view');
  const e = structuredClone(new RangeError('bad'));
  eq([e instanceof RangeError, e.message, e.name], [true, 'bad', 'RangeError'], 'an Error');
  class P { x = 1; }
  const p = structuredClone(new P());
  eq([Object.getPrototypeOf(p) === Object.prototype, p.x], [true, 1], 'a class instance becomes a plain object');
  throws(function () { structuredClone(function () {}); }, 'DataCloneError', 'a function');
  throws(function () { structuredClone({ s: Symbol('x') }); }, 'DataCloneError', 'a symbol');
  eq([structuredClone(5), structuredClone(null), structuredClone('s')], [5, null, 's'], 'primitives');
});

test('binary/crypto-digest', async function () {
  const e = new TextEncoder();
  eq(hex(await crypto.subtle.digest('SHA-1', e.encode('abc'))), 'a9993e364706816aba3e25717850c26c9cd0d89d', 'SHA-1');
  eq(hex(await crypto.subtle.digest('SHA-256', e.encode('abc'))), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', 'SHA-256');
  eq(hex(await crypto.subtle.digest({ name: 'sha-384' }, new ArrayBuffer(0))), '38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b', 'SHA-384 of nothing, by an object');
  eq(hex(await crypto.subtle.digest('SHA-512', e.encode('abc'))), 'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f', 'SHA-512');
  ok((await crypto.subtle.digest('SHA-256', new Uint8Array(1))) instanceof ArrayBuffer, 'an ArrayBuffer');
  await rejects(crypto.subtle.digest('MD5', new Uint8Array(1)), 'NotSupportedError', 'an unknown algorithm');
});

test('binary/crypto-random', function () {
  const a = new Uint32Array(8);
  ok(crypto.getRandomValues(a) === a, 'fills in place');
  ok(Array.prototype.some.call(a, function (x: number) { return x !== 0; }), 'not all zero');
  throws(function () { crypto.getRandomValues(new Float64Array(1) as any); }, 'TypeMismatchError', 'not an integer array');
  throws(function () { crypto.getRandomValues(new Uint8Array(65537)); }, 'QuotaExceededError', 'more than 65,536 bytes');
  const u = crypto.randomUUID();
  ok(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(u), 'a version 4 UUID: ' + u);
  ok(crypto.randomUUID() !== u, 'two differ');
});

test('binary/performance', function () {
  const t0 = performance.now(), t1 = performance.now();
  ok(typeof t0 === 'number' && t0 >= 0 && t1 >= t0, 'now() is monotonic');
  ok(Math.abs(performance.timeOrigin + t1 - Date.now()) < 1000, 'timeOrigin + now() is the time');
});
