/* mujs-fixes.js — corrections for Debian's mujs 1.3.2, loaded first (ES5).
 * See ../docs/mujs.md. Each fix is for a measured bug, not a style choice. */
/* bind throwing when target.prototype is not an object (quirk 2),
 * Object.keys(array), [] in 1.3.2, and for-in over arrays are fixed in
 * kit's mujs itself (mujs/patches/0302, 0101, 0103): no wrapper here. */

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
			return flatten([], Object(this), depth === undefined ? 1 : +depth || 0);
		},
		writable: true, configurable: true, enumerable: false
	});
	Object.defineProperty(Array.prototype, 'flatMap', {
		value: function (fn, thisArg) {
			if (typeof fn !== 'function')
				throw new TypeError('flatMap: callback is not a function');
			var list = Object(this), out = [];
			for (var i = 0; i < list.length; i++) {
				if (!(i in list))
					continue; /* a hole (array/flatMap.3) */
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

/* Built-in methods that give other results than V8 (and the spec) in mujs
 * 1.3.2, found by the differential corpus (tests/jsdiff/, whose snippets are
 * the tests of these fixes: an id named here agrees with Node since it).
 * Each wrapper keeps the native method for the common case. Strict, so that
 * `this` is not replaced by the global object (trim.call(null) throws). */
(function () {
	'use strict';
	var AP = Array.prototype;
	function define(o, name, fn) {
		Object.defineProperty(o, name, { value: fn, writable: true, enumerable: false, configurable: true });
	}
	/* slice, indexOf, lastIndexOf, split, substr, trim, splice, every and
	 * some (mujs/patches/1722), sort (sort(null) throws), parseInt/parseFloat
	 * and toFixed/toPrecision/toExponential (0401-0403) are right in kit's
	 * mujs itself: no wrapper here. */

	/* Object.prototype.toLocaleString of a string prints "[object String]":
	 * the spec calls this.toString() (array/toLocaleString.4) */
	define(Object.prototype, 'toLocaleString', function toLocaleString() { return this.toString(); });

	/* toLocaleString() prints "[object Array]" (array/toLocaleString.*) */
	define(AP, 'toLocaleString', function toLocaleString() {
		var o = Object(this), n = o.length >>> 0, out = [];
		for (var i = 0; i < n; i++) {
			var v = o[i];
			out.push(v === null || v === undefined ? '' : String(v.toLocaleString.apply(v, arguments)));
		}
		return out.join(',');
	});

	/* Math.round(-0.4) is 0, not -0 (math/round.5, .17, negzero/literal) */
	var round = Math.round;
	define(Math, 'round', function round_(x) {
		var n = +x, r = round(n);
		return r === 0 && (n < 0 || 1 / n < 0) ? -0 : r;
	});


	/* Error.prototype.message (new Error().message was undefined) is
	 * defined by kit's mujs (mujs/patches/0303) */
})();

/* Array indexes are not enumerable own properties for propertyIsEnumerable
 * (object/propertyIsEnumerable.0, and core-js's Object.values/entries/assign
 * built on it). (Object built-ins given a primitive convert it or answer it,
 * as ES2015 says, in kit's mujs itself: mujs/patches/1723.) */
(function () {
	var propertyIsEnumerable = Object.prototype.propertyIsEnumerable, hasOwn = Object.prototype.hasOwnProperty;
	Object.defineProperty(Object.prototype, 'propertyIsEnumerable', {
		value: function propertyIsEnumerable_(key) {
			if (propertyIsEnumerable.call(this, key))
				return true;
			var o = Object(this);
			return (Array.isArray(o) || typeof this === 'string' || o instanceof String) &&
				/^(0|[1-9][0-9]*)$/.test(String(key)) && hasOwn.call(o, key);
		},
		writable: true, enumerable: false, configurable: true
	});
})();

/* Date: mujs prints every date in ISO form (toString gives
 * "1970-01-01T00:00:00.000Z" where V8 gives "Thu Jan 01 1970 00:00:00
 * GMT+0000 (Coordinated Universal Time)"), a hydration mismatch whenever a
 * component prints a date or concatenates one; years outside 0–9999 come out
 * malformed in toISOString; getYear/setYear/toGMTString are missing
 * (tests/jsdiff date/*; the setters' own fixes are mujs patch 1721). The V8 formats are written here; the zone's
 * name in parentheses comes from ICU (intl/datetime.c's __kit_zone_name,
 * taken here and deleted; ICU loads on the first toString), as in V8.
 * (toLocale*String are intl/datetime.c's.) */
(function () {
	'use strict';
	var DP = Date.prototype, NativeDate = Date;
	var DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
	var MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
	function define(name, fn) {
		Object.defineProperty(DP, name, { value: fn, writable: true, enumerable: false, configurable: true });
	}
	function pad(n, w) {
		if (w === 2 && n < 10) return '0' + n;
		var s = '' + n;
		while (s.length < w) s = '0' + s;
		return s;
	}
	function year(y) { return y < 0 ? '-' + pad(-y, 4) : pad(y, 4); }
	function valid(d) {
		var t = d.getTime();
		return t === t;
	}
	function hms(h, m, s) { return pad(h, 2) + ':' + pad(m, 2) + ':' + pad(s, 2); }
	/* the zone's long name at t in the default locale, as V8 prints it
	 * ("Central European Summer Time"), from ICU through intl/datetime.c */
	var global = Function('return this')(), nativeZoneName = global.__kit_zone_name;
	delete global.__kit_zone_name;
	function zoneName(t) {
		return nativeZoneName ? ' (' + nativeZoneName(t) + ')' : '';
	}
	function zone(d) {
		var off = -d.getTimezoneOffset(), a = Math.floor(Math.abs(off));
		return 'GMT' + (off < 0 ? '-' : '+') + pad(Math.floor(a / 60), 2) + pad(a % 60, 2) + zoneName(d.getTime());
	}
	/* (every call costs microseconds in mujs: one toISOString of the local
	 * time, then pieces of it, for years 0–9999; substring is not wrapped) */
	var nativeISO = DP.toISOString;
	function localParts(d) {
		var t = d.getTime(), off = d.getTimezoneOffset(), lt = t - off * 60000;
		/* (getTimezoneOffset is whole minutes: a local mean time of +5:21:10
		 * takes its seconds back from getSeconds) */
		var ds = ((d.getSeconds() - Math.floor(lt / 1000)) % 60 + 60) % 60;
		lt += (ds > 30 ? ds - 60 : ds) * 1000;
		if (lt < -62167219200000 || lt > 253402300799999)
			return null;
		var iso = nativeISO.call(new NativeDate(lt));
		return { iso: iso, day: ((Math.floor(lt / 864e5) + 4) % 7 + 7) % 7, off: off };
	}
	function zoneOf(off, t) {
		var a = Math.floor(off < 0 ? -off : off);
		return 'GMT' + (off > 0 ? '-' : '+') + pad(Math.floor(a / 60), 2) + pad(a % 60, 2) + zoneName(t);
	}
	function dateText(d) {
		var p = localParts(d);
		if (p)
			return DAYS[p.day] + ' ' + MONTHS[p.iso.substring(5, 7) - 1] + ' ' + p.iso.substring(8, 10) + ' ' + p.iso.substring(0, 4);
		return DAYS[d.getDay()] + ' ' + MONTHS[d.getMonth()] + ' ' + pad(d.getDate(), 2) + ' ' + year(d.getFullYear());
	}
	function timeText(d) {
		return hms(d.getHours(), d.getMinutes(), d.getSeconds()) + ' ' + zone(d);
	}
	define('toString', function toString() {
		var p = valid(this) && localParts(this);
		if (p)
			return DAYS[p.day] + ' ' + MONTHS[p.iso.substring(5, 7) - 1] + ' ' + p.iso.substring(8, 10) + ' ' +
				p.iso.substring(0, 4) + ' ' + p.iso.substring(11, 19) + ' ' + zoneOf(p.off, this.getTime());
		return valid(this) ? dateText(this) + ' ' + timeText(this) : 'Invalid Date';
	});
	define('toDateString', function toDateString() {
		return valid(this) ? dateText(this) : 'Invalid Date';
	});
	define('toTimeString', function toTimeString() {
		return valid(this) ? timeText(this) : 'Invalid Date';
	});
	var toUTCString = function toUTCString() {
		if (!valid(this))
			return 'Invalid Date';
		return DAYS[this.getUTCDay()] + ', ' + pad(this.getUTCDate(), 2) + ' ' + MONTHS[this.getUTCMonth()] + ' ' +
			year(this.getUTCFullYear()) + ' ' + hms(this.getUTCHours(), this.getUTCMinutes(), this.getUTCSeconds()) + ' GMT';
	};
	define('toUTCString', toUTCString);
	define('toGMTString', toUTCString);
	var toISOString = DP.toISOString;
	define('toISOString', function toISOString_() {
		var y = valid(this) ? this.getUTCFullYear() : 0;
		if (y >= 0 && y <= 9999)
			return toISOString.call(this);
		return (y < 0 ? '-' : '+') + pad(Math.abs(y), 6) + '-' + pad(this.getUTCMonth() + 1, 2) + '-' +
			pad(this.getUTCDate(), 2) + 'T' + hms(this.getUTCHours(), this.getUTCMinutes(), this.getUTCSeconds()) +
			'.' + pad(this.getUTCMilliseconds(), 3) + 'Z';
	});
	define('getYear', function getYear() { return this.getFullYear() - 1900; });
	define('setYear', function setYear(y) {
		var n = +y;
		if (n !== n)
			return this.setTime(NaN);
		var i = n < 0 ? Math.ceil(n) : Math.floor(n);
		if (!valid(this))
			this.setTime(new NativeDate(1970, 0, 1).getTime());
		return this.setFullYear(i >= 0 && i <= 99 ? 1900 + i : n);
	});
})();
