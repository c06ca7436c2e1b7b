/* prelude.js — the ES5 runtime every mujs state starts with (after mujs-fixes.js,
 * before the core-js subset and the app bundle).
 *
 * mujs has no job queue and no timers: this file provides queueMicrotask, a
 * small Promise, and setTimeout/setInterval whose deadlines the C event loop
 * (render/loop.c) keeps. The C loop calls __kit_drain() to run microtasks and
 * __kit_timer_fire(id) when a deadline passes. Natives it uses:
 *   __kit_timer_arm(id, ms)   ask C to fire id after ms
 *   __kit_timer_disarm(id)
 *   __kit_log(level, text)    write to the responder's log (stderr) */
var globalThis = this;
var self = this;
/* Node's name for it: packages written for Node hang their state on it
 * (prismjs's language components find `Prism` there) */
var global = this;

/* Node's process, as far as server code needs it: cwd() is the app's
 * directory (render/fs.c; relative paths of fs resolve against it); env is
 * the app's .env files' values under the process's environment
 * (render/env.c, docs/env.md), NODE_ENV 'production' unless the environment
 * says otherwise (kit-build also replaces process.env.NODE_ENV in the
 * bundle). */
var process = {
	env: (function () {
		var env = typeof __kit_env === 'function' ? __kit_env() : {};
		if (env.NODE_ENV === undefined)
			env.NODE_ENV = 'production';
		return env;
	})(),
	cwd: function () {
		var root = typeof __kit_fs_root === 'function' ? __kit_fs_root() : undefined;
		return root === undefined ? '/' : root;
	}
};

var __kit_mq = [];
function queueMicrotask(fn) {
	if (typeof fn !== 'function')
		throw new TypeError('queueMicrotask: callback is not a function');
	__kit_mq.push(fn);
}

function __kit_error_text(e) {
	if (e && typeof e === 'object') {
		var s = String(e.name || 'Error') + ': ' + String(e.message), st = e.stack;
		/* its frames: the stack after its first line (mujs patch 0303) */
		var at = typeof st === 'string' ? st.indexOf('\n    at ') : -1;
		return at >= 0 ? s + st.slice(at) : s;
	}
	return String(e);
}

/* Runs microtasks until the queue is empty; returns how many ran. */
function __kit_drain() {
	var n = 0;
	while (__kit_mq.length) {
		var q = __kit_mq;
		__kit_mq = [];
		for (var i = 0; i < q.length; i++) {
			n++;
			/* a function (queueMicrotask) or a promise's reaction (its run) */
			var job = q[i];
			try {
				if (typeof job === 'function')
					job();
				else
					job.run();
			} catch (e) { __kit_log(2, 'uncaught exception in a microtask: ' + __kit_error_text(e)); }
		}
	}
	return n;
}

/* Timers: the callback lives here, the deadline in C. */
var __kit_timers = {}, __kit_timer_seq = 0;
function __kit_timer_add(fn, ms, args, repeat) {
	if (typeof fn !== 'function')
		throw new TypeError('setTimeout: callback is not a function (string callbacks are not supported)');
	ms = +ms;
	if (!(ms > 0))
		ms = 0;
	var id = ++__kit_timer_seq;
	__kit_timers[id] = { fn: fn, args: args, ms: ms, repeat: repeat };
	__kit_timer_arm(id, ms);
	return id;
}
function setTimeout(fn, ms) { return __kit_timer_add(fn, ms, Array.prototype.slice.call(arguments, 2), false); }
function setInterval(fn, ms) { return __kit_timer_add(fn, ms, Array.prototype.slice.call(arguments, 2), true); }
function clearTimeout(id) {
	if (id != null && __kit_timers.hasOwnProperty(id)) {
		delete __kit_timers[id];
		__kit_timer_disarm(+id);
	}
}
var clearInterval = clearTimeout;
function setImmediate(fn) { return __kit_timer_add(fn, 0, Array.prototype.slice.call(arguments, 1), false); }
var clearImmediate = clearTimeout;
function __kit_timer_fire(id) {
	var t = __kit_timers[id];
	if (!t)
		return;
	if (t.repeat)
		__kit_timer_arm(id, t.ms);
	else
		delete __kit_timers[id];
	try { t.fn.apply(null, t.args); } catch (e) { __kit_log(2, 'uncaught exception in a timer: ' + __kit_error_text(e)); }
	__kit_drain();
}
/* Called by C when a request ends: nothing of it may run in the next one.
 * The id sequence restarts too: mujs keeps every property name it has seen
 * until the state is freed, so ids growing forever would leak (measured: ~60
 * bytes per setTimeout per request). */
function __kit_reset_queues() {
	__kit_mq = [];
	__kit_timers = {};
	__kit_timer_seq = 0;
}

/* Promise: Promises/A+ on queueMicrotask. Measured 7–18 µs per hop in mujs,
 * against 55–90 µs for core-js's. _s: 0 pending, 1 fulfilled, 2 rejected;
 * the C walker reads _s/_v to take an already settled value synchronously. */
(function () {
	function P(executor) {
		if (!(this instanceof P))
			throw new TypeError('Promise must be called with new');
		if (typeof executor !== 'function')
			throw new TypeError('Promise resolver is not a function');
		this._s = 0;
		this._v = undefined;
		this._h = null;
		var self = this, done = false;
		function res(v) { if (!done) { done = true; resolve(self, v); } }
		function rej(r) { if (!done) { done = true; settle(self, 2, r); } }
		try { executor(res, rej); } catch (e) { rej(e); }
	}
	/* A pending promise made inside (then, resolve, reject): P's prototype
	 * without an executor and its two resolving closures (each closure is an
	 * allocation with its own prototype object in mujs). */
	function Pending() {
		this._s = 0;
		this._v = undefined;
		this._h = null;
	}
	Pending.prototype = P.prototype;
	/* A then() handler: its callbacks, the promise then() returned, and the
	 * promise it waits on once that settled. It is its own microtask: the
	 * queue holds functions and reactions (__kit_drain runs either), so a
	 * settled promise queues no closure per handler. */
	function Reaction(f, r, p) {
		this.f = f;
		this.r = r;
		this.p = p;
		this.q = null;
	}
	Reaction.prototype.run = function () {
		var q = this.q, cb = q._s === 1 ? this.f : this.r;
		if (typeof cb !== 'function') {
			if (q._s === 1)
				resolve(this.p, q._v);
			else
				settle(this.p, 2, q._v);
			return;
		}
		var x;
		try { x = cb(q._v); } catch (e) { settle(this.p, 2, e); return; }
		resolve(this.p, x);
	};
	function settle(p, s, v) {
		if (p._s)
			return;
		p._s = s;
		p._v = v;
		var hs = p._h;
		p._h = null;
		if (hs === null)
			return;
		if (hs instanceof Reaction)
			return schedule(p, hs);
		for (var i = 0; i < hs.length; i++)
			schedule(p, hs[i]);
	}
	/* the first handler alone, an array once there are more */
	function wait(p, h) {
		var hs = p._h;
		if (hs === null)
			p._h = h;
		else if (hs instanceof Reaction)
			p._h = [hs, h];
		else
			hs.push(h);
	}
	function resolve(p, v) {
		if (v === p)
			return settle(p, 2, new TypeError('Chaining cycle detected for promise'));
		if (v instanceof P) {
			if (v._s)
				settle(p, v._s, v._v);
			else
				wait(v, new Reaction(null, null, p));
			return;
		}
		if (v && (typeof v === 'object' || typeof v === 'function')) {
			var then;
			try { then = v.then; } catch (e) { return settle(p, 2, e); }
			if (typeof then === 'function') {
				var called = false;
				queueMicrotask(function () {
					try {
						then.call(v, function (y) { if (!called) { called = true; resolve(p, y); } },
							function (r) { if (!called) { called = true; settle(p, 2, r); } });
					} catch (e) {
						if (!called) { called = true; settle(p, 2, e); }
					}
				});
				return;
			}
		}
		settle(p, 1, v);
	}
	function schedule(p, h) {
		h.q = p;
		__kit_mq.push(h);
	}
	P.prototype.then = function (f, r) {
		var np = new Pending();
		var h = new Reaction(f, r, np);
		if (this._s)
			schedule(this, h);
		else
			wait(this, h);
		return np;
	};
	P.prototype['catch'] = function (r) { return this.then(undefined, r); };
	P.prototype['finally'] = function (f) {
		return this.then(function (v) { return P.resolve(f()).then(function () { return v; }); },
			function (r) { return P.resolve(f()).then(function () { throw r; }); });
	};
	P.resolve = function (v) {
		if (v instanceof P)
			return v;
		var p = new Pending();
		resolve(p, v);
		return p;
	};
	P.reject = function (r) {
		var p = new Pending();
		settle(p, 2, r);
		return p;
	};
	function list(it) {
		if (Array.isArray(it))
			return it;
		if (typeof Array.from === 'function')
			return Array.from(it);
		throw new TypeError('Promise combinator: argument is not iterable');
	}
	P.all = function (it) {
		var arr = list(it);
		return new P(function (res, rej) {
			var out = new Array(arr.length), n = arr.length;
			if (!n)
				return res(out);
			for (var i = 0; i < arr.length; i++) (function (i) {
				P.resolve(arr[i]).then(function (v) { out[i] = v; if (--n === 0) res(out); }, rej);
			})(i);
		});
	};
	P.allSettled = function (it) {
		var arr = list(it);
		return P.all(arr.map(function (x) {
			return P.resolve(x).then(function (v) { return { status: 'fulfilled', value: v }; },
				function (r) { return { status: 'rejected', reason: r }; });
		}));
	};
	P.race = function (it) {
		var arr = list(it);
		return new P(function (res, rej) {
			for (var i = 0; i < arr.length; i++)
				P.resolve(arr[i]).then(res, rej);
		});
	};
	P.any = function (it) {
		var arr = list(it);
		return new P(function (res, rej) {
			var n = arr.length, errors = new Array(n);
			if (!n)
				return rej(new AggregateError([], 'All promises were rejected'));
			for (var i = 0; i < arr.length; i++) (function (i) {
				P.resolve(arr[i]).then(res, function (e) {
					errors[i] = e;
					if (--n === 0)
						rej(new AggregateError(errors, 'All promises were rejected'));
				});
			})(i);
		});
	};
	/* Object.prototype.toString says [object Promise] (mujs patch 0501), and
	 * [object global] for the global object, as in Node; Promise[@@species] */
	Object.defineProperty(globalThis, Symbol.toStringTag, { value: 'global', writable: false, enumerable: false, configurable: true });
	Object.defineProperty(P.prototype, Symbol.toStringTag, { value: 'Promise', configurable: true });
	Object.defineProperty(P, Symbol.species, { get: function () { return this; }, configurable: true });
	globalThis.Promise = P;
})();

/* AggregateError (ES2021), missing in mujs: an Error (its stack, message
 * and cause from mujs, patch 0303) whose prototype is AggregateError's, with
 * an own errors array; callable without new, as V8's. */
var AggregateError = (function () {
	function AggregateError(errors, message, options) {
		var list = Array.from ? Array.from(errors) : Array.prototype.slice.call(errors);
		var e = message === undefined ? new Error(undefined, options) : new Error(message, options);
		Object.setPrototypeOf(e, this instanceof AggregateError ? Object.getPrototypeOf(this) : AggregateError.prototype);
		Error.captureStackTrace(e, AggregateError);
		Object.defineProperty(e, 'errors', { value: list, writable: true, enumerable: false, configurable: true });
		return e;
	}
	Object.setPrototypeOf(AggregateError, Error);
	AggregateError.prototype = Object.create(Error.prototype);
	Object.defineProperty(AggregateError.prototype, 'constructor', { value: AggregateError, writable: true, enumerable: false, configurable: true });
	Object.defineProperty(AggregateError.prototype, 'name', { value: 'AggregateError', writable: true, enumerable: false, configurable: true });
	Object.defineProperty(AggregateError.prototype, 'message', { value: '', writable: true, enumerable: false, configurable: true });
	return AggregateError;
})();

/* a in b, as toolchain/mujs-lower.mjs rewrites it: V8's TypeError for a
 * primitive b. mujs's own `in` called the getter it found (zod 4 asks
 * `key in prototype` of lazy getters that throw when run on the prototype);
 * since mujs patch 0600 it is HasProperty (no getter runs, a proxy's has
 * trap is asked), so the rest is mujs's. */
function __kit_in(key, o) {
	if (o === null || (typeof o !== 'object' && typeof o !== 'function'))
		throw new TypeError('Cannot use \'in\' operator to search for \'' + String(key) + '\' in ' + String(o));
	return key in o;
}

/* zod 4 compiles validators with new Function into ES2015+ source, which
 * mujs cannot parse (and its probe of new Function succeeds): its documented
 * jitless mode, set before it loads (z.config keeps this object). */
globalThis.__zod_globalConfig = { jitless: true };

/* console writes to the responder's log (stderr → the web server's error log). */
var console = (function () {
	function fmt(args) {
		var out = [];
		for (var i = 0; i < args.length; i++) {
			var a = args[i];
			if (typeof a === 'string')
				out.push(a);
			else if (a instanceof Error)
				out.push(__kit_error_text(a));
			else {
				try { out.push(JSON.stringify(a)); } catch (e) { out.push(String(a)); }
			}
		}
		return out.join(' ');
	}
	function at(level) { return function () { __kit_log(level, fmt(arguments)); }; }
	return { log: at(0), info: at(0), debug: at(0), warn: at(1), error: at(2), trace: at(0) };
})();

/* A pending promise and its resolvers: what a client component gets, in the
 * HTML phase, for a promise prop whose row has not settled yet (walk.c). */
function __kit_deferred() {
	var d = {};
	d.promise = new Promise(function (res, rej) { d.resolve = res; d.reject = rej; });
	return d;
}

/* The server bundle's chunks (docs/build-output.md): server.js registers
 * the chunks every route needs; the others are files of .kit/server/ that
 * the native __kit_load_chunk(name) compiles and runs when a route first
 * needs them (each file is one __kit_define call). A chunk's factory runs
 * once per worker, CommonJS-style (SWC's module transform): exports, the
 * require of the chunks it imports, module. A factory that threw keeps its
 * error: every later require throws it again (its modules are half-made). */
var __kit_chunks = {};
function __kit_define(name, factory) {
	if (!__kit_chunks[name])
		__kit_chunks[name] = { factory: factory, module: null, error: null, failed: false };
}
function __kit_require(name) {
	if (name.slice(0, 2) === './')
		name = name.slice(2);
	var c = __kit_chunks[name];
	if (!c) {
		__kit_load_chunk(name);
		c = __kit_chunks[name];
		if (!c)
			throw new Error('kit: server/' + name + ' defines no chunk: rebuild with kit-build');
	}
	if (c.failed)
		throw c.error;
	if (c.module)
		return c.module.exports;  /* loaded, or loading (an import cycle) */
	var module = { exports: {} };
	c.module = module;
	try {
		c.factory.call(undefined, module.exports, __kit_require, module);
	} catch (e) {
		c.failed = true;
		c.error = e;
		throw e;
	}
	c.factory = null;
	return module.exports;
}
/* The last statement of a chunk's factory: the exports bundle.mjs found
 * never change (toolchain/mujs-lower.mjs constantExports) become plain
 * values, so that the other chunks' calls read a property instead of calling
 * SWC's getter (4 % of a warm render). */
function __kit_settle(exports, names) {
	for (var i = 0; i < names.length; i++) {
		var d = Object.getOwnPropertyDescriptor(exports, names[i]);
		if (d && d.configurable && d.get)
			Object.defineProperty(exports, names[i], { value: d.get(), enumerable: true, writable: false, configurable: false });
	}
}
/* __kit_app.modules: one getter per route module, which loads the module's
 * chunk (and the chunks it imports) on first use, then stays a plain value;
 * values: the modules the core built itself.
 * A module whose chunk throws throws each time it is asked for, the error
 * naming the module. */
function __kit_lazy_modules(files, values) {
	var modules = {};
	/* the modules the core holds itself (a metadata file's route) */
	for (var key in values)
		modules[key] = values[key];
	function define(id, file) {
		Object.defineProperty(modules, id, {
			get: function () {
				var ns = __kit_load_module(file, id);
				Object.defineProperty(modules, id, { value: ns, writable: false, enumerable: true, configurable: true });
				return ns;
			},
			enumerable: true, configurable: true
		});
	}
	for (var id in files)
		define(id, files[id]);
	return modules;
}
/* Parts of __kit_app in a chunk of their own (the API route and action
 * runners, with the web classes: toolchain/bundle.mjs webChunkUse): a getter
 * each, which loads the chunk on first use. The engine reads them outside
 * a JS try: a chunk that throws gives undefined (the engine's "no runner"
 * answer), its error kept in __kit_app.partError. */
function __kit_lazy_part(app, file, names) {
	function define(name) {
		Object.defineProperty(app, name, {
			get: function () {
				var value;
				try {
					value = __kit_require(file)[name];
				} catch (e) {
					app.partError = e;
				}
				Object.defineProperty(app, name, { value: value, writable: false, enumerable: true, configurable: true });
				return value;
			},
			enumerable: true, configurable: true
		});
	}
	for (var i = 0; i < names.length; i++)
		define(names[i]);
}
function __kit_load_module(file, id) {
	try {
		return __kit_require(file).ns;
	} catch (e) {
		var err = new Error(id + ' failed to load: ' + (e && e.message !== undefined ? e.message : String(e)));
		err.cause = e;
		if (e && typeof e.stack === 'string') {
			var at = e.stack.indexOf('\n    at ');
			if (at >= 0)
				err.stack = 'Error: ' + err.message + e.stack.slice(at);
		}
		throw err;
	}
}

/* Called by the engine once the app has loaded: the built-ins are shared by
 * every request of a worker, so they are frozen, and a request cannot change
 * what the next one sees. Freezing alone breaks ordinary code through the
 * "override mistake": assigning err.name = 'X' on an instance throws once
 * Error.prototype.name is read-only. So the properties code commonly sets on
 * its own objects become accessors first (as SES does): reading gives the
 * built-in value, assigning on another object defines an own property there. */
/* kit-build: why a render must happen per request although nothing it
 * threw said so (a no-store fetch whose error the page caught): the first
 * reason of a render, which the engine takes after it (build/prerender.c). */
var __kit_build_note = null;
function __kit_note_per_request(why) {
	if (__kit_build_note === null)
		__kit_build_note = String(why);
}
function __kit_take_build_note() {
	var n = __kit_build_note;
	__kit_build_note = null;
	return n;
}

/* Date.now() and Math.random() calls are counted: kit-build warns when an
 * answer it stores read them (their values are then frozen at build time). */
var __kit_take_clock_reads;
function __kit_harden() {
	var clockReads = 0, dateNow = Date.now, mathRandom = Math.random;
	Date.now = function now() { clockReads++; return dateNow(); };
	Math.random = function random() { clockReads++; return mathRandom(); };
	__kit_take_clock_reads = function () { var n = clockReads; clockReads = 0; return n; };
	var defineProperty = Object.defineProperty, getDesc = Object.getOwnPropertyDescriptor;
	function overridable(proto, names) {
		for (var i = 0; i < names.length; i++) (function (name) {
			var d = getDesc(proto, name);
			if (!d || !('value' in d) || !d.configurable)
				return;
			var value = d.value;
			defineProperty(proto, name, {
				get: function () { return value; },
				set: function (v) {
					if (this === proto)
						throw new TypeError('Cannot assign to read only property \'' + name + '\' of a built-in prototype');
					defineProperty(this, name, { value: v, writable: true, enumerable: true, configurable: true });
				},
				enumerable: d.enumerable,
				configurable: false
			});
		})(names[i]);
	}
	var common = ['constructor', 'toString', 'valueOf', 'toLocaleString'];
	overridable(Object.prototype, common.concat(['hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable']));
	overridable(Function.prototype, ['constructor', 'toString', 'apply', 'call', 'bind']);
	var errors = [Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError, AggregateError];
	for (var i = 0; i < errors.length; i++)
		overridable(errors[i].prototype, ['name', 'message', 'constructor', 'toString']);
	var others = [Array, String, Number, Boolean, Date, RegExp, Promise, Symbol, BigInt];
	for (i = 0; i < others.length; i++)
		overridable(others[i].prototype, common);
	overridable(Promise.prototype, ['then', 'catch', 'finally']);
	/* Error.stackTraceLimit stays assignable, as packages set it around a
	 * captureStackTrace (mujs reads it for every error: patch 0303) */
	var stackTraceLimit = Error.stackTraceLimit;
	defineProperty(Error, 'stackTraceLimit', {
		get: function () { return stackTraceLimit; },
		set: function (v) { stackTraceLimit = v; },
		enumerable: true, configurable: false
	});
	var all = errors.concat(others, [Object, Function]);
	for (i = 0; i < all.length; i++) {
		Object.freeze(all[i]);
		Object.freeze(all[i].prototype);
	}
	Object.freeze(JSON);
	Object.freeze(Math);
}
