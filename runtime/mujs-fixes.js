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
