// Functions and errors as V8 has them (mujs patches 0300-0303): source text,
// names (inferred ones too), bind, stack, cause, captureStackTrace. The
// server bundle is lowered by SWC, so a function's text is the lowered one:
// these cases compare what survives lowering (a function run from its text,
// names, the first line of a stack), not the text itself.
import { T } from '../harness.mjs';

T('fn-text/theme-script', () => { var theme = function () { return 6 * 7; }; return new Function('return (' + String(theme) + ')()')(); });
T('fn-text/starts-with-function', () => { function named(a) { return a; } return [String(named).slice(0, 15), String(function () {}).slice(0, 8)]; });
T('fn-text/getter', () => { var o = { get g() { return 1; } }; return String(Object.getOwnPropertyDescriptor(o, 'g').get).slice(0, 5); });
T('fn-text/keeps-body', () => { function body() { return 'marker-123'; } return String(body).indexOf('marker-123') > 0; });
T('fn-text/new-function', () => String(new Function('a', 'b', 'return a + b')));
T('fn-text/natives', () => [String(Math.max), String(Array.prototype.push), String(Function.prototype), String(function () {}.bind(null))]);
T('fn-name/var', () => { var fnVar = function () {}; var arrow = () => 1; return [fnVar.name, arrow.name]; });
T('fn-name/assign', () => { var later; later = function () {}; return later.name; });
T('fn-name/member-assign', () => { var o = {}; o.member = function () {}; return o.member.name; });
T('fn-name/literal', () => { var o = { plain: function () {}, 'a b': function () {}, 7: function () {}, named: function inner() {} }; return [o.plain.name, o['a b'].name, o[7].name, o.named.name]; });
T('fn-name/accessors', () => { var o = { get g() { return 1; }, set g(v) {} }; var d = Object.getOwnPropertyDescriptor(o, 'g'); return [d.get.name, d.set.name]; });
T('fn-name/method', () => ({ m() {} }).m.name);
T('fn-name/descriptor', () => Object.getOwnPropertyDescriptor(function f() {}, 'name'));
T('fn-name/redefine', () => { var f = function () {}; Object.defineProperty(f, 'name', { value: 'renamed' }); return f.name; });
T('fn-name/natives', () => [Math.max.name, JSON.parse.name, Array.prototype.map.name, Object.prototype.hasOwnProperty.name, Function.prototype.name, Error.name, RangeError.name]);
T('fn-name/native-length', () => [Math.max.length, Math.min.length, [].push.length, [].concat.length, [].unshift.length, [].splice.length, Date.length, Number.length, String.length, parseInt.length, RegExp.length]);
T('fn-name/no-prototype', () => [Math.max.hasOwnProperty('prototype'), JSON.parse.hasOwnProperty('prototype'), Date.hasOwnProperty('prototype')]);
T('fn-bind/name-length', () => { function three(a, b, c) {} var b = three.bind(null, 1); return [b.name, b.length, b.hasOwnProperty('prototype'), three.bind(null, 1, 2, 3, 4).length]; });
T('fn-bind/new', () => { function P(a) { this.a = a; } var B = P.bind(null, 7); var x = new B(); return [x.a, x instanceof B, x instanceof P]; });
T('fn-bind/no-prototype-target', () => { var f = function () { return this.v; }; f.prototype = undefined; return f.bind({ v: 3 })(); });
T('error/cause-object', () => { var inner = new TypeError('inner'); var e = new Error('outer', { cause: inner }); return [e.cause === inner, Object.getOwnPropertyNames(e), Object.keys(e)]; });
T('error/cause-getter', () => { var n = 0; var e = new Error('m', { get cause() { n++; return 'c'; } }); return [e.cause, n]; });
T('error/stack-first-line', () => [new Error('x').stack.split('\n')[0], new RangeError().stack.split('\n')[0], new Error('x').stack.split('\n')[1].slice(0, 7)]);
T('error/stack-subclass', () => { class HttpishError extends Error { constructor(m) { super(m); this.name = 'HttpishError'; } } var e = new HttpishError('nope'); return [e.stack.split('\n')[0], e instanceof HttpishError, e instanceof Error]; });
T('error/stack-lazy', () => { var e = new Error('a'); e.message = 'b'; var first = e.stack.split('\n')[0]; e.message = 'c'; return [first, e.stack.split('\n')[0]]; });
T('error/stack-engine', () => { try { null.f(); } catch (e) { return [typeof e.stack, e.stack.split('\n')[0].slice(0, 11), Object.keys(e)]; } });
T('error/capture-old-style', () => { function OldError(msg) { Error.call(this); Error.captureStackTrace(this, OldError); this.message = msg; } OldError.prototype = Object.create(Error.prototype); OldError.prototype.name = 'OldError'; var e = new OldError('legacy'); return [e.stack.split('\n')[0], Object.keys(e)]; });
T('error/capture-plain', () => { var o = { name: 'N', message: 'm' }; Error.captureStackTrace(o); return [o.stack.split('\n')[0], Object.keys(o), Object.getOwnPropertyDescriptor(o, 'stack').enumerable]; });
T('error/capture-above', () => { function outer() { return inner(); } function inner() { var o = {}; Error.captureStackTrace(o, inner); return o.stack.split('\n')[1].indexOf('inner'); } return outer(); });
T('error/stack-trace-limit', () => { var saved = Error.stackTraceLimit; Error.stackTraceLimit = 0; var s = new Error('q').stack; Error.stackTraceLimit = saved; return [s, saved]; });
T('error/overflow', () => { function deep() { return deep() + 1; } try { deep(); } catch (e) { return [e instanceof RangeError, e.message, typeof e.stack]; } });
T('error/aggregate', () => { var e = new AggregateError([1, new Error('x')], 'agg', { cause: 'c' }); return [e.name, e.message, e.cause, e.errors.length, Object.getOwnPropertyNames(e), e instanceof Error, e.stack.split('\n')[0]]; });
T('error/aggregate-call', () => { var e = AggregateError(new Set([1, 2])); return [e instanceof AggregateError, e.errors, e.message, Object.getPrototypeOf(AggregateError) === Error]; });
