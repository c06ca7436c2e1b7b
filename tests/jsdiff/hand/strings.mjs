// Strings: UTF-16 code units (mujs stores UTF-8 and counts a non-BMP
// character as one unit, docs/mujs.md §3 quirk 5), escapes, getters/setters.
import { T } from '../harness.mjs';

T('utf16/length-astral', () => ['\u{1F600}'.length, '\ud83d\ude00'.length, 'a\u{10000}b'.length]);
T('utf16/charCodeAt-astral', () => ['\u{1F600}'.charCodeAt(0), '\u{1F600}'.charCodeAt(1), '\u{1F600}'.codePointAt(0)]);
T('utf16/slice-astral', () => ['x\u{1F600}y'.slice(1, 2).length, 'x\u{1F600}y'.slice(2)]);
T('utf16/lone-surrogate', () => ['\ud800'.length, '\ud800x'.charCodeAt(0), encodeURIComponent('\ud800x') ]);
T('utf16/join-surrogates', () => { var s = '\ud83d' + '\ude00'; return [s.length, s === '\u{1F600}', s.codePointAt(0)]; });
T('utf16/fromCharCode-pair', () => String.fromCharCode(0xd83d, 0xde00) === '\u{1F600}');
T('utf16/split-astral', () => '\u{1F600}\u{1F601}'.split(''));
T('utf16/nul', () => ['a\0b'.length, 'a\0b'.charCodeAt(1), 'a\0b'.indexOf('b'), JSON.stringify('a\0b')]);
T('utf16/index-astral', () => { var s = 'a\u{1F600}b'; return [s[1], s[2], s[3]]; });
T('utf16/reverse-astral', () => [...'a\u{1F600}b'].reverse().join(''));
T('utf16/compare-astral-vs-bmp', () => ['\u{1F600}' < '\uffff', '\u{10000}' < '\ue000']);
T('utf16/toUpperCase-astral', () => '\u{10428}'.toUpperCase() === '\u{10400}');
T('utf16/padStart-astral', () => 'x'.padStart(4, '\u{1F600}'));
T('utf16/substring-lone', () => '\u{1F600}'.substring(0, 1).charCodeAt(0));
T('utf16/json-roundtrip', () => JSON.parse(JSON.stringify('\u{1F600}\ud800')) === '\u{1F600}\ud800');
T('utf16/string-iterator-lone', () => [...'\ud800\ude00\udc00'].length);
T('utf16/latin1', () => ['\u00ff'.length, '\u00ff'.charCodeAt(0), 'caf\u00e9'.toUpperCase(), 'caf\u00e9'.split('')]);
T('utf16/three-byte', () => ['\u4e2d\u6587'.length, '\u4e2d\u6587'.charAt(1), '\u4e2d\u6587'.indexOf('\u6587')]);
T('utf16/long-charAt-loop', () => { var s = ''; for (var i = 0; i < 2000; i++) s += 'ab'; var n = 0; for (var j = 0; j < s.length; j++) if (s.charAt(j) === 'b') n++; return n; });
T('utf16/repeat-big', () => 'ab'.repeat(50000).length);
T('escapes/all', () => ['\b\f\n\r\t\v'.length, '\x41', '\u0041', '\u{41}', '\'', "\"", '\\'.length]);
T('escapes/line-continuation', () => 'a\
b');
T('getset/literal', () => { var o = { _v: 1, get v() { return this._v; }, set v(x) { this._v = x + 1; } }; o.v = 5; return [o.v, o._v]; });
T('getset/inherited-setter', () => { var p = { set x(v) { this.y = v; } }; var o = Object.create(p); o.x = 3; return [o.y, o.hasOwnProperty('x')]; });
T('getset/inherited-readonly', () => { var p = Object.defineProperty({}, 'x', { value: 1, writable: false }); var o = Object.create(p); try { o.x = 2; } catch (e) { return e.name; } return [o.x, o.hasOwnProperty('x')]; });
T('getset/setter-only-read', () => { var o = { set x(v) {} }; return o.x; });
T('getset/getter-this-proto', () => { var p = { get me() { return this === o; } }; var o = Object.create(p); return o.me; });
T('getset/defineProperty-getter', () => { var n = 0; var o = {}; Object.defineProperty(o, 'g', { get: function () { return ++n; }, enumerable: true, configurable: true }); return [o.g, o.g, JSON.stringify(o), Object.keys(o)]; });
T('getset/redefine-getter', () => { var o = {}; Object.defineProperty(o, 'x', { get: function () { return 1; }, configurable: true }); Object.defineProperty(o, 'x', { get: function () { return 2; } }); var d = Object.getOwnPropertyDescriptor(o, 'x'); return [o.x, d.configurable, d.enumerable]; });
T('getset/getter-on-array', () => { var a = [1, 2]; Object.defineProperty(a, 'last', { get: function () { return this[this.length - 1]; } }); a.push(3); return a.last; });
T('getset/lazy-self-replace', () => { var o = { get v() { Object.defineProperty(this, 'v', { value: 'computed', writable: false, configurable: true, enumerable: true }); return this.v; } }; return [o.v, o.v, Object.getOwnPropertyDescriptor(o, 'v').writable]; });
T('getset/static-accessor-class', () => { class A { static #c = 0; static get count() { return A.#c; } static set count(v) { A.#c = v * 2; } } A.count = 4; return A.count; });
T('getset/getter-throws-in-json', () => { try { return JSON.stringify({ get bad() { throw new SyntaxError('no'); } }); } catch (e) { return e.name; } });
T('getset/numeric-getter', () => { var o = { get 1() { return 'one'; } }; return [o[1], o['1']]; });
T('getset/proto-accessor', () => { var d = Object.getOwnPropertyDescriptor(Object.prototype, '__proto__'); return d ? [typeof d.get, typeof d.set] : 'none'; });
T('strings/raw-template', () => [String.raw`a\nb${1 + 1}\u0041\\`, String.raw`\x`, String.raw``, String.raw`${'x'}${'y'}`, String.raw`line1
line2`]);
T('strings/raw-call', () => [String.raw({ raw: ['a', 'b', 'c'] }, 1, 2, 3), String.raw({ raw: 'xyz' }, '-', '+'), String.raw({ raw: [] }), String.raw({ raw: { length: 2, 0: 'p', 1: 'q' } }, 0), String.raw.length, String.raw.name]);
T('strings/raw-errors', () => { var r = []; [function () { String.raw(); }, function () { String.raw({}); }, function () { String.raw({ raw: null }); }].forEach(function (f) { try { r.push(f()); } catch (e) { r.push(e.name); } }); return r; });
