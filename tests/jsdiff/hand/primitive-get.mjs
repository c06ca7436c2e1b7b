// A primitive's properties read without its wrapper object (mujs patch
// 1700): a string's length and elements in and past range (non-ASCII,
// pairs), by number and by name, methods and missing names of strings,
// numbers and booleans, symbol keys, names from Object.prototype, the
// accessors the runtime's hardening made of toString and valueOf, and reads
// in loops as render code does them.
import { T } from '../harness.mjs';

T('primget/length', () => ['hello'.length, ''.length, 'h\u00e9llo'.length, 'a\u{1F600}b'.length, 'abc'['length']]);
T('primget/elements', () => { var s = 'h\u00e9llo'; return [s[0], s[1], s['4'], s[s.length - 1], s[5], s[-1], s[1.5], s['01'], s['1'], ''[0]]; });
T('primget/pair', () => { var s = 'a\u{1F600}b'; return [s.charCodeAt(1), s.charCodeAt(2), s[3], s[4]]; });
T('primget/string-methods', () => { var s = 'abc'; return [s.charCodeAt(1), s.toUpperCase(), s.charAt(2), s.slice(1), typeof s.nope, s.nope]; });
T('primget/string-object-names', () => { var s = 'abc'; return [typeof s.hasOwnProperty, s.hasOwnProperty('length'), s.hasOwnProperty(1), s.hasOwnProperty(3), typeof s.isPrototypeOf]; });
T('primget/string-to-string', () => { var s = 'abc'; return [s.toString(), s.valueOf(), s.constructor === String, s.constructor.name]; });
T('primget/number', () => { var n = 2.25; return [n.toFixed(1), n.toString(2), n.valueOf(), n.length, n[0], n.constructor.name, typeof n.nope, (255).toString(16)]; });
T('primget/boolean', () => [true.toString(), false.valueOf(), true.length, true[0], typeof false.nope]);
T('primget/symbols', () => { var s = 'ab'; return [typeof s[Symbol.iterator], typeof s[Symbol.toPrimitive], typeof (1)[Symbol.iterator], typeof s[Symbol('x')]]; });
T('primget/iterate', () => { var r = []; for (var c of 'a\u{1F600}b') r.push(c); return r; });
T('primget/key-tostring', () => { var n = 0, k = { toString() { n++; return 'length'; } }; return ['abcd'[k], n]; });
T('primget/undefined-null', () => { var r = []; try { var u; u.x; } catch (e) { r.push(e.name); } try { var v = null; v[0]; } catch (e) { r.push(e.name); } return r; });
T('primget/bigint-symbol', () => [(5n).toString(), Symbol('d').description, typeof (5n).nope]);
T('primget/loop', () => { var s = 'hello, world', n = 0, c = 0, o = 0, t = ''; for (var i = 0; i < s.length; i++) { c += s.charCodeAt(i); if (s[i] === 'o') o++; n += s.length; t = (i / 7).toFixed(1); } return [n, c, o, t]; });
