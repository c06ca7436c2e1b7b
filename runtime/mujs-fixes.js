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

/* Object.defineProperty turning an existing configurable property into an
 * accessor, or an accessor into anything: mujs 1.3.2 sets every attribute the
 * descriptor leaves out to false, where the spec keeps the current ones
 * (redefining with {get} makes the property non-configurable and hidden, so
 * the next redefinition throws). zod 4 redefines its lazy properties so. The
 * omitted attributes are filled in from the current descriptor and the
 * property is defined afresh (mujs enumerates keys sorted: no order is lost).
 * Data redefined as data goes to mujs unchanged. */
(function () {
	var nativeDefine = Object.defineProperty, getDesc = Object.getOwnPropertyDescriptor;
	function complete(o, key, desc) {
		if (o === null || (typeof o !== 'object' && typeof o !== 'function') || !desc || typeof desc !== 'object')
			return null;
		var cur = getDesc(o, key);
		if (!cur || !cur.configurable)
			return null;
		var d = {}, acc = 'get' in desc || 'set' in desc, data = 'value' in desc || 'writable' in desc;
		var curAcc = !('value' in cur);
		/* data on data goes to mujs as before (SWC's classes, core-js), and so
		 * does a descriptor that leaves nothing out (__kit_harden's) */
		if (!acc && !curAcc)
			return null;
		if ('enumerable' in desc && 'configurable' in desc && (acc ? 'get' in desc && 'set' in desc : 'writable' in desc && 'value' in desc))
			return null;
		if ('value' in desc) d.value = desc.value;
		if ('writable' in desc) d.writable = desc.writable;
		if ('get' in desc) d.get = desc.get;
		if ('set' in desc) d.set = desc.set;
		d.enumerable = 'enumerable' in desc ? desc.enumerable : cur.enumerable;
		d.configurable = 'configurable' in desc ? desc.configurable : cur.configurable;
		if (!acc && !data) {
			if (curAcc) { d.get = cur.get; d.set = cur.set; } else { d.value = cur.value; d.writable = cur.writable; }
		} else if (acc && curAcc) {
			if (!('get' in desc)) d.get = cur.get;
			if (!('set' in desc)) d.set = cur.set;
		}
		return d;
	}
	Object.defineProperty = function defineProperty(o, key, desc) {
		var d = complete(o, key, desc);
		if (!d)
			return nativeDefine(o, key, desc);
		delete o[key];
		return nativeDefine(o, key, d);
	};
})();
