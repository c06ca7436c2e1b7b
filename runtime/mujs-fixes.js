/* mujs-fixes.js — corrections for Debian's mujs 1.3.2, loaded first (ES5).
 * See ../docs/mujs.md. Each fix is for a measured bug, not a style choice. */
(function () {
	var nativeBind = Function.prototype.bind, slice = Array.prototype.slice;
	/* bind throws when target.prototype is not an object; core-js sets
	 * .prototype = undefined on every method it polyfills. */
	Function.prototype.bind = function (thisArg) {
		var fn = this, p = fn.prototype;
		if (p !== null && (typeof p === 'object' || typeof p === 'function'))
			return nativeBind.apply(fn, arguments);
		var bound = slice.call(arguments, 1);
		return function () { return fn.apply(thisArg, bound.concat(slice.call(arguments))); };
	};

	/* Object.keys(array) returns [] in 1.3.2 (and for-in over arrays is broken),
	 * which also breaks core-js Object.entries/values built on it. */
	var nativeKeys = Object.keys, hasOwn = Object.prototype.hasOwnProperty;
	Object.keys = function (o) {
		if (!Array.isArray(o) && !(typeof o === 'string'))
			return nativeKeys(o);
		var out = [], i, n = o.length;
		for (i = 0; i < n; i++)
			if (typeof o === 'string' || hasOwn.call(o, i))
				out.push(String(i));
		var extra = nativeKeys(o);
		for (i = 0; i < extra.length; i++)
			if (!/^(0|[1-9][0-9]*)$/.test(extra[i]))
				out.push(extra[i]);
		return out;
	};
})();

/* Array.prototype.flat/flatMap: core-js builds the result with
 * Object.defineProperty on indexes, which in mujs 1.3.2 does not update
 * length (the result looks empty), so they are defined here with push. */
(function () {
	function flatten(out, list, depth) {
		for (var i = 0; i < list.length; i++) {
			var v = list[i];
			if (depth > 0 && Array.isArray(v))
				flatten(out, v, depth - 1);
			else if (i in list)
				out.push(v);
		}
		return out;
	}
	Object.defineProperty(Array.prototype, 'flat', {
		value: function (depth) {
			return flatten([], Object(this), depth === undefined ? 1 : Number(depth) || 0);
		},
		writable: true, configurable: true, enumerable: false
	});
	Object.defineProperty(Array.prototype, 'flatMap', {
		value: function (fn, thisArg) {
			if (typeof fn !== 'function')
				throw new TypeError('flatMap: callback is not a function');
			var list = Object(this), out = [];
			for (var i = 0; i < list.length; i++) {
				var v = fn.call(thisArg, list[i], i, list);
				if (Array.isArray(v))
					flatten(out, v, 0);
				else
					out.push(v);
			}
			return out;
		},
		writable: true, configurable: true, enumerable: false
	});
})();
