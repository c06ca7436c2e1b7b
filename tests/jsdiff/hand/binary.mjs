// The binary Web built-ins (js/server/web/binary.ts, bundled into kit's side
// as kit-build does when a file names them): TextEncoder/TextDecoder with
// every label Node maps and streaming, atob/btoa and their errors,
// structuredClone with cycles and shared references, SHA digests of known
// vectors, crypto's random values, performance.
import { T, L } from '../harness.mjs';

const u8 = (a) => new Uint8Array(a);
const hex = (b) => Array.from(new Uint8Array(b), (x) => (x < 16 ? '0' : '') + x.toString(16)).join('');
const bytes = (s) => Array.from(new TextEncoder().encode(s));

T('binary/encode', () => [bytes('$\u00a2\u20ac\ud83d\ude00'), bytes('\ud800a\udc00'), bytes('\u0000'), bytes(''), new TextEncoder().encode().length, new TextEncoder().encoding]);
T('binary/encode-into', () => { var d = new Uint8Array(6); return [new TextEncoder().encodeInto('a\u00e9\ud83d\ude00b', d), Array.from(d), new TextEncoder().encodeInto('\u20ac', new Uint8Array(2)), new TextEncoder().encodeInto('', new Uint8Array(0))]; });
T('binary/decoder-labels', () => ['utf-8', 'UTF8', ' utf-8\n', 'unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'x-unicode20utf8', 'utf-16', 'utf-16le', 'UTF-16LE', 'ucs-2', 'unicode', 'unicodefeff', 'csunicode', 'iso-10646-ucs-2',
	'latin1', 'ascii', 'us-ascii', 'iso-8859-1', 'iso8859-1', 'iso88591', 'iso_8859-1', 'iso_8859-1:1987', 'l1', 'cp1252', 'cp819', 'ibm819', 'csisolatin1', 'iso-ir-100', 'windows-1252', 'x-cp1252', 'ansi_x3.4-1968'].map((l) => new TextDecoder(l).encoding));
T('binary/decoder-unknown-label', () => { var r = []; ['utf-32', 'foo', '', 'utf-16be'].forEach(function (l) { try { r.push(new TextDecoder(l).encoding); } catch (e) { r.push(e.name); } }); return r; });
T('binary/decode-utf8-errors', () => new TextDecoder().decode(u8([0xef, 0xbb, 0xbf, 0x41, 0xe1, 0x80, 0x41, 0xff, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98, 0xc0, 0x80, 0xf4, 0x90, 0x80, 0x80])));
T('binary/decode-bom', () => [new TextDecoder().decode(u8([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf])), new TextDecoder('utf-8', { ignoreBOM: true }).decode(u8([0xef, 0xbb, 0xbf, 0x41])), new TextDecoder('utf-16le').decode(u8([0xff, 0xfe, 0x41, 0])), new TextDecoder('utf-16le', { ignoreBOM: true }).decode(u8([0xff, 0xfe, 0x41, 0])), new TextDecoder('latin1').decode(u8([0xef, 0xbb, 0xbf]))]);
T('binary/decode-fatal', () => { var r = []; [[0x41, 0xc3], [0xff], [0xed, 0xa0, 0x80], [0x41]].forEach(function (b) { try { r.push(new TextDecoder('utf-8', { fatal: true }).decode(u8(b))); } catch (e) { r.push(e.name); } }); return r; });
T('binary/decode-views', () => { var b = u8([0, 104, 105, 0]); return [new TextDecoder().decode(b.subarray(1, 3)), new TextDecoder().decode(b.buffer), new TextDecoder().decode(new DataView(b.buffer, 1, 2)), new TextDecoder().decode(new Uint16Array([0x6968])), new TextDecoder().decode(undefined)]; });
T('binary/decode-stream-utf8', () => { var d = new TextDecoder(), src = [0xef, 0xbb, 0xbf, 0xf0, 0x9f, 0x98, 0x80, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0x41], out = []; src.forEach(function (x) { out.push(d.decode(u8([x]), { stream: true })); }); out.push(d.decode()); return [out, d.decode(u8([0xef, 0xbb, 0xbf, 0x42]))]; });
T('binary/decode-stream-split', () => { var d = new TextDecoder(); return [d.decode(u8([0x41, 0xe2]), { stream: true }), d.decode(u8([0x82]), { stream: true }), d.decode(u8([0xac, 0xf0, 0x9f]), { stream: true }), d.decode(), d.decode(u8([0xe2, 0x28]), { stream: true }), d.decode()]; });
T('binary/decode-stream-fatal', () => { var d = new TextDecoder('utf-8', { fatal: true }), r = [d.decode(u8([0xe2, 0x82]), { stream: true })]; try { r.push(d.decode()); } catch (e) { r.push(e.name); } return r; });
T('binary/decode-utf16le', () => { var w = new TextDecoder('utf-16le'); return [w.decode(u8([0xff, 0xfe, 0x3d]), { stream: true }), w.decode(u8([0xd8, 0x00]), { stream: true }), w.decode(u8([0xde, 0x41]), { stream: true }), w.decode(), new TextDecoder('utf-16le').decode(u8([0x41, 0, 0x00, 0xdc, 0x42, 0, 0x00, 0xd8])), new TextDecoder('utf-16').decode(u8([0x41]))]; });
T('binary/decode-utf16be', () => { var w = new TextDecoder('utf-16be'); return [w.encoding, new TextDecoder('unicodefffe').encoding, w.decode(u8([0xfe, 0xff, 0, 0x41, 0xd8]), { stream: true }), w.decode(u8([0x3d, 0xde, 0x00, 0xdc, 0x00])), new TextDecoder('utf-16be', { ignoreBOM: true }).decode(u8([0xfe, 0xff, 0, 0x42]))]; });
T('binary/decode-latin1', () => [new TextDecoder('latin1').decode(u8([0x41, 0x80, 0x81, 0x9f, 0xa0, 0xe9, 0xff])), new TextDecoder('ascii').decode(u8([0x80, 0x99])), new TextDecoder('windows-1252', { fatal: true }).decode(u8([0x81]))]);
T('binary/decoder-props', () => { var d = new TextDecoder('utf-16', { fatal: 1, ignoreBOM: 'yes' }); return [d.encoding, d.fatal, d.ignoreBOM, Object.prototype.toString.call(d), Object.prototype.toString.call(new TextEncoder())]; });

T('binary/btoa', () => [btoa(''), btoa('f'), btoa('fo'), btoa('foo'), btoa('foob'), btoa('\x00\xff\xfe'), btoa(12), btoa(null), btoa(undefined)]);
T('binary/atob', () => [atob(''), atob('Zg=='), atob('Zg'), atob('Zm8='), atob(' Zm9v\t\nYg== '), atob('AP/+'), atob(null)]);
T('binary/base64-errors', () => { var r = []; [function () { atob('Z'); }, function () { atob('Zg='); }, function () { atob('Z==='); }, function () { atob('Zm9v*'); }, function () { atob('Z-8'); }, function () { btoa('\u0100'); }, function () { btoa('\ud83d\ude00'); }, function () { atob('Zg==Zg=='); }].forEach(function (f) { try { r.push(f()); } catch (e) { r.push([e.name, e.code, e instanceof Error]); } }); return r; });

T('binary/clone-cycles', () => { var a = { n: 1 }; a.self = a; a.list = [a, { back: a }]; var c = structuredClone(a); return [c !== a, c.self === c, c.list[0] === c, c.list[1].back === c, c.n]; });
T('binary/clone-shared', () => { var s = { v: 1 }, o = { a: s, b: s, c: [s, s] }; var c = structuredClone(o); return [c.a === c.b, c.c[0] === c.a, c.c[1] === c.b, c.a !== s]; });
T('binary/clone-types', () => { var c = structuredClone({ d: new Date(1e12), r: /x+/gim, m: new Map([['k', [1]]]), s: new Set(['a', 'b']), b: new Boolean(false), n: new Number(3), str: new String('s'), u: undefined, nul: null, neg: -0, nan: NaN, arr: [1, , 3] }); return [c.d.toISOString(), String(c.r), c.m.get('k'), Array.from(c.s), typeof c.b, c.b.valueOf(), c.n + 1, c.str + '!', 'u' in c, c.nul, Object.is(c.neg, -0), c.nan, c.arr, 1 in c.arr]; });
T('binary/clone-buffers', () => { var buf = new ArrayBuffer(8); var a = new Uint8Array(buf, 2, 3), b = new Int16Array(buf, 4, 2); a[0] = 7; var c = structuredClone({ a: a, b: b, buf: buf, dv: new DataView(buf, 1) }); c.a[1] = 9; return [c.a.buffer === c.buf, c.b.buffer === c.buf, c.dv.buffer === c.buf, Array.from(new Uint8Array(c.buf)), Array.from(new Uint8Array(buf)), c.b.byteOffset, c.dv.byteLength, Object.prototype.toString.call(c.b)]; });
T('binary/clone-errors', () => { var e = new TypeError('m'); var c = structuredClone(e); var x = structuredClone(new Error('top', { cause: new RangeError('inner') })); return [c instanceof TypeError, c.name, c.message, c === e, x.cause instanceof RangeError, x.cause.message, Object.keys(c)]; });
T('binary/clone-plain', () => { class P { constructor() { this.x = 1; } get y() { return 2; } } var o = { p: new P(), get g() { return 'got'; } }; Object.defineProperty(o, 'hidden', { value: 1, enumerable: false }); var c = structuredClone(o); return [Object.getPrototypeOf(c.p) === Object.prototype, c.p.x, c.p.y, c.g, Object.getOwnPropertyDescriptor(c, 'g').value, 'hidden' in c]; });
T('binary/clone-throws', () => { var r = []; [function () {}, Symbol('s'), { f: function () {} }, [Symbol()], new WeakMap(), Promise.resolve()].forEach(function (v) { try { structuredClone(v); r.push('cloned'); } catch (e) { r.push([e.name, e.code]); } }); try { structuredClone(); } catch (e) { r.push(e.name); } return r; });
T('binary/clone-primitives', () => [structuredClone(1), structuredClone('s'), structuredClone(true), structuredClone(null), structuredClone(undefined), structuredClone(1.5e300)]);

T('binary/digest-sha1', () => Promise.all(['', 'abc', 'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'].map((s) => crypto.subtle.digest('SHA-1', new TextEncoder().encode(s)).then(hex))));
T('binary/digest-sha256', () => Promise.all(['', 'abc', 'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'].map((s) => crypto.subtle.digest('SHA-256', new TextEncoder().encode(s)).then(hex))));
T('binary/digest-sha384', () => Promise.all(['', 'abc'].map((s) => crypto.subtle.digest('SHA-384', new TextEncoder().encode(s)).then(hex))));
T('binary/digest-sha512', () => Promise.all(['', 'abc'].map((s) => crypto.subtle.digest({ name: 'sha-512' }, new TextEncoder().encode(s)).then(hex))));
T('binary/digest-million-a', () => crypto.subtle.digest('SHA-256', new Uint8Array(1000000).fill(97)).then(hex));
T('binary/digest-inputs', () => { var b = u8([0, 97, 98, 99, 0]); return Promise.all([crypto.subtle.digest('SHA-1', b.subarray(1, 4)), crypto.subtle.digest('SHA-1', b.buffer.slice(1, 4)), crypto.subtle.digest('SHA-1', new DataView(b.buffer, 1, 3))]).then(function (r) { return r.map(hex).concat([r[0] instanceof ArrayBuffer]); }); });
T('binary/digest-errors', () => Promise.all([crypto.subtle.digest('MD5', u8([1])), crypto.subtle.digest('SHA-256', 'abc')].map(function (p) { return p.then(function () { return 'resolved'; }, function (e) { return e.name; }); })));

T('binary/random', () => { var a = crypto.getRandomValues(new Uint8Array(64)), r = []; [new Float32Array(1), new DataView(new ArrayBuffer(1)), new Uint8Array(65537)].forEach(function (v) { try { crypto.getRandomValues(v); r.push('ok'); } catch (e) { r.push(e.name); } }); return [a.length, crypto.getRandomValues(new Uint32Array(0)).length, crypto.getRandomValues(new Int16Array(4)) instanceof Int16Array, r]; });
T('binary/uuid', () => { var u = crypto.randomUUID(); return [u.length, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(u), u === crypto.randomUUID()]; });
T('binary/performance', () => { var a = performance.now(), b = performance.now(); return [typeof a, a >= 0, b >= a, typeof performance.timeOrigin, Math.abs(performance.timeOrigin + b - Date.now()) < 1000]; });
T('binary/clone-subclass-view', () => { class Bytes extends Uint8Array {} var c = structuredClone(new Bytes([1, 2])); return [c instanceof Bytes, c instanceof Uint8Array, Object.prototype.toString.call(c), Array.from(c)]; });
T('binary/clone-protos', () => { var a = Object.create(Array.prototype); a[0] = 1; var n = Object.create(null); n.x = 1; var c = structuredClone({ a: a, n: n, arr: [[1], { y: [2] }] }); return [Array.isArray(c.a), c.a[0], Object.getPrototypeOf(c.n) === Object.prototype, c.n.x, c.arr]; });
