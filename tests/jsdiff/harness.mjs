// harness.mjs — registers the snippets of tests/jsdiff/ and prints one line per
// snippet, "<id>\t<value>", with a canonical serializer (show), so that the
// same files give comparable lines in Node (run as they are, ES modules) and
// in mujs (bundled like an app by toolchain/bundle.mjs, lowered to ES5).
//
//   T(id, fn)   the line is show(fn()); a thrown value prints "throws <Name>"
//               (the error's name only: engines word messages differently);
//               a returned Promise is waited for: "resolves <v>" / "rejects
//               <Name or value>", "pending" when it has not settled at the end
//   L(id, fn)   fn(log): the line is show(log) once every microtask and timer
//               (up to 50 ms) has run: for orders of asynchronous events
//   start()     called by the entry once every case file is loaded: runs the
//               cases (after __kit_harden() in mujs, as components run after
//               the engine froze the built-ins), then prints every line and
//               "DONE <n>" when the timers are done
//
// Written in ES5 style on purpose: the serializer must not depend on what is
// being tested. Strings print quoted with every character outside printable
// ASCII escaped (\uXXXX, or \u{X} for one unit above U+FFFF), so output is
// plain ASCII; object keys print sorted (property order has its own cases);
// functions print as [Function] (names have their own cases).
var cases = [];
var ids = {};
var out = [];
var hasOwn = Object.prototype.hasOwnProperty;
var objectProto = Object.prototype;
var getProto = Object.getPrototypeOf;
var emit = typeof print === 'function' ? print : function (s) { console.log(s); };
var MAX_STRING = 300;
var MAX_ITEMS = 40;

export function T(id, fn) { add(id, fn, false); }
export function L(id, fn) { add(id, fn, true); }

function add(id, fn, isLog) {
	if (hasOwn.call(ids, id))
		throw new Error('jsdiff: duplicate snippet id ' + id);
	ids[id] = true;
	cases.push({ id: id, fn: fn, log: isLog ? [] : null, line: null, promise: null });
}

function hex(n, w) {
	var s = n.toString(16);
	while (s.length < w) s = '0' + s;
	return s;
}

export function str(s) {
	var o = '"', n = s.length, cut = n > MAX_STRING;
	if (cut) n = MAX_STRING;
	for (var i = 0; i < n; i++) {
		var c = s.charCodeAt(i);
		if (c === 34) o += '\\"';
		else if (c === 92) o += '\\\\';
		else if (c >= 32 && c < 127) o += s.charAt(i);
		else if (c === 10) o += '\\n';
		else if (c === 9) o += '\\t';
		else if (c === 13) o += '\\r';
		else if (c > 0xffff) o += '\\u{' + hex(c, 1) + '}';
		else o += '\\u' + hex(c, 4);
	}
	o += '"';
	if (cut) o += '...(length ' + s.length + ')';
	return o;
}

function isIdent(k) {
	return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k);
}

function errName(e) {
	try {
		if (e instanceof Error) return String(e.name);
	} catch (x) { }
	return null;
}

function num(n) {
	if (n !== n) return 'NaN';
	if (n === 0 && 1 / n < 0) return '-0';
	return String(n);
}

function has(name) {
	return typeof globalThis[name] === 'function';
}

function is(v, name) {
	try { return has(name) && v instanceof globalThis[name]; } catch (e) { return false; }
}

function tag(v) {
	return Object.prototype.toString.call(v).slice(8, -1);
}

function keysOf(v) {
	var ks = Object.keys(v);
	ks.sort();
	return ks;
}

function prop(v, k, depth, seen) {
	try { return show(v[k], depth, seen); } catch (e) { return '<getter throws ' + (errName(e) || 'value') + '>'; }
}

function fields(v, ks, depth, seen) {
	var parts = [];
	for (var i = 0; i < ks.length && i < MAX_ITEMS; i++)
		parts.push((isIdent(ks[i]) ? ks[i] : str(ks[i])) + ': ' + prop(v, ks[i], depth, seen));
	if (ks.length > MAX_ITEMS) parts.push('...' + ks.length + ' keys');
	return parts;
}

function isIndex(k) {
	return /^(0|[1-9][0-9]*)$/.test(k);
}

export function show(v, depth, seen) {
	depth = depth || 0;
	seen = seen || [];
	if (v === undefined) return 'undefined';
	if (v === null) return 'null';
	var t = typeof v;
	if (t === 'boolean') return String(v);
	if (t === 'number') return num(v);
	if (t === 'string') return str(v);
	if (t === 'bigint') return String(v) + 'n';
	if (t === 'symbol') return symText(v);
	if (t === 'function') return '[Function]';
	for (var i = 0; i < seen.length; i++)
		if (seen[i] === v) return '[Circular]';
	if (depth > 6) return '[...]';
	seen = seen.concat([v]);
	depth++;
	var parts, ks, j;
	if (Array.isArray(v)) {
		parts = [];
		var n = v.length;
		for (j = 0; j < n && j < MAX_ITEMS; j++)
			parts.push(hasOwn.call(v, j) ? prop(v, j, depth, seen) : '<hole>');
		if (n > MAX_ITEMS) parts.push('...length ' + n);
		ks = keysOf(v);
		var extra = [];
		for (j = 0; j < ks.length; j++)
			if (!isIndex(ks[j])) extra.push(ks[j]);
		return '[' + parts.concat(fields(v, extra, depth, seen)).join(', ') + ']';
	}
	var en = errName(v);
	if (en !== null) {
		var s = 'Error: ' + en + ': ' + prop(v, 'message', depth, seen).replace(/^"|"$/g, '');
		if (hasOwn.call(v, 'cause')) s += ' cause=' + prop(v, 'cause', depth, seen);
		if (hasOwn.call(v, 'errors')) s += ' errors=' + prop(v, 'errors', depth, seen);
		return s;
	}
	if (is(v, 'Date')) return 'Date(' + num(v.getTime()) + ')';
	if (is(v, 'RegExp')) {
		var f = (v.hasIndices ? 'd' : '') + (v.global ? 'g' : '') + (v.ignoreCase ? 'i' : '') + (v.multiline ? 'm' : '') +
			(v.dotAll ? 's' : '') + (v.unicode ? 'u' : '') + (v.sticky ? 'y' : '');
		return '/' + v.source + '/' + f + (v.lastIndex ? ' lastIndex=' + v.lastIndex : '');
	}
	if (is(v, 'Map')) {
		parts = [];
		v.forEach(function (val, key) { parts.push(show(key, depth, seen) + ' => ' + show(val, depth, seen)); });
		return 'Map(' + v.size + ') {' + parts.join(', ') + '}';
	}
	if (is(v, 'Set')) {
		parts = [];
		v.forEach(function (val) { parts.push(show(val, depth, seen)); });
		return 'Set(' + v.size + ') {' + parts.join(', ') + '}';
	}
	if (is(v, 'WeakMap')) return 'WeakMap {}';
	if (is(v, 'WeakSet')) return 'WeakSet {}';
	if (is(v, 'Promise')) return 'Promise {}';
	if (is(v, 'ArrayBuffer')) return 'ArrayBuffer(' + v.byteLength + ') [' + bytes(new Uint8Array(v)) + ']';
	if (is(v, 'DataView')) return 'DataView(' + v.byteLength + ') [' + bytes(new Uint8Array(v.buffer, v.byteOffset, v.byteLength)) + ']';
	if (has('ArrayBuffer') && typeof ArrayBuffer.isView === 'function' && ArrayBuffer.isView(v)) {
		parts = [];
		for (j = 0; j < v.length && j < MAX_ITEMS; j++) parts.push(show(v[j], depth, seen));
		if (v.length > MAX_ITEMS) parts.push('...length ' + v.length);
		return tag(v) + '(' + v.length + ') [' + parts.join(', ') + ']';
	}
	if (is(v, 'Number')) return '[Number: ' + num(v.valueOf()) + ']';
	if (is(v, 'String')) return '[String: ' + str(v.valueOf()) + ']';
	if (is(v, 'Boolean')) return '[Boolean: ' + String(v.valueOf()) + ']';
	if (is(v, 'Symbol')) return '[Symbol: ' + symText(v.valueOf()) + ']';
	ks = keysOf(v);
	var proto = getProto(v);
	var head = proto === null ? '[null prototype] ' : '';
	return head + '{' + fields(v, ks, depth, seen).join(', ') + '}';
}

function symText(s) {
	try { return String(s); } catch (e) { return 'Symbol(?)'; }
}

function bytes(u8) {
	var parts = [];
	for (var i = 0; i < u8.length && i < MAX_ITEMS; i++) parts.push(u8[i]);
	if (u8.length > MAX_ITEMS) parts.push('...');
	return parts.join(', ');
}

function thrown(e, verb) {
	var n = errName(e);
	if (n !== null) return verb + ' ' + n;
	try { return verb + ' ' + show(e); } catch (x) { return verb + ' <unprintable>'; }
}

function safeShow(v) {
	try { return show(v); } catch (e) { return '<serializer: ' + thrown(e, 'throws') + '>'; }
}

function runCase(c) {
	var r;
	try {
		r = c.log ? c.fn(c.log) : c.fn();
	} catch (e) {
		c.line = thrown(e, 'throws');
		return;
	}
	if (c.log) return;
	var isPromise = false;
	try { isPromise = r instanceof Promise; } catch (e) { }
	if (!isPromise) {
		c.line = safeShow(r);
		return;
	}
	c.line = 'pending';
	r.then(function (v) { c.line = 'resolves ' + safeShow(v); },
		function (e) { c.line = thrown(e, 'rejects'); });
}

function finish() {
	for (var i = 0; i < cases.length; i++) {
		var c = cases[i];
		emit(c.id + '\t' + (c.log ? safeShow(c.log) : c.line));
	}
	emit('DONE ' + cases.length);
}

export function start() {
	setTimeout(function () {
		if (typeof __kit_harden === 'function') __kit_harden();
		for (var i = 0; i < cases.length; i++) runCase(cases[i]);
		setTimeout(finish, 100);
	}, 0);
}
