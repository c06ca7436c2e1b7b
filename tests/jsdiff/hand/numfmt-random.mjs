// toFixed, toExponential, toPrecision and toString(radix) against Node on
// 4,000 pseudo-random doubles (fixed seed; each read from a decimal string,
// so both engines start from the same double) with random digit counts and
// radixes: mujs patch 0403 writes them from the exact decimal value. Each
// snippet formats 100 numbers and prints a digest of the strings; the
// specials print in full.
import { T } from '../harness.mjs';

function digest(block) {
	var seed = 99 + block * 7919;
	function rnd() { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; }
	function ri(n) { return Math.floor(rnd() * n); }
	var h = 0, len = 0;
	for (var t = 0; t < 100; t++) {
		var k = ri(5), x;
		if (k === 0) x = Number(ri(100000) + 'e-' + ri(8));
		else if (k === 1) x = Number((ri(2) ? '-' : '') + ri(1000000000) + '.' + ri(1000000) + 'e' + (ri(40) - 20));
		else if (k === 2) x = Number(ri(1000000000) + '' + ri(1000000) + 'e' + (ri(640) - 330));
		else if (k === 3) x = ri(1000) + 0.5;
		else x = (ri(20000) - 10000) / 8;
		var s = [x.toFixed(ri(101)), x.toExponential(ri(101)), x.toPrecision(ri(100) + 1), x.toString(ri(35) + 2), x.toFixed(), x.toExponential()].join(' ');
		for (var i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) % 1000000007;
		len += s.length;
	}
	return [h, len];
}

T('numfmt/random.0', () => digest(0));
T('numfmt/random.1', () => digest(1));
T('numfmt/random.2', () => digest(2));
T('numfmt/random.3', () => digest(3));
T('numfmt/random.4', () => digest(4));
T('numfmt/random.5', () => digest(5));
T('numfmt/random.6', () => digest(6));
T('numfmt/random.7', () => digest(7));
T('numfmt/random.8', () => digest(8));
T('numfmt/random.9', () => digest(9));
T('numfmt/random.10', () => digest(10));
T('numfmt/random.11', () => digest(11));
T('numfmt/random.12', () => digest(12));
T('numfmt/random.13', () => digest(13));
T('numfmt/random.14', () => digest(14));
T('numfmt/random.15', () => digest(15));
T('numfmt/random.16', () => digest(16));
T('numfmt/random.17', () => digest(17));
T('numfmt/random.18', () => digest(18));
T('numfmt/random.19', () => digest(19));
T('numfmt/random.20', () => digest(20));
T('numfmt/random.21', () => digest(21));
T('numfmt/random.22', () => digest(22));
T('numfmt/random.23', () => digest(23));
T('numfmt/random.24', () => digest(24));
T('numfmt/random.25', () => digest(25));
T('numfmt/random.26', () => digest(26));
T('numfmt/random.27', () => digest(27));
T('numfmt/random.28', () => digest(28));
T('numfmt/random.29', () => digest(29));
T('numfmt/random.30', () => digest(30));
T('numfmt/random.31', () => digest(31));
T('numfmt/random.32', () => digest(32));
T('numfmt/random.33', () => digest(33));
T('numfmt/random.34', () => digest(34));
T('numfmt/random.35', () => digest(35));
T('numfmt/random.36', () => digest(36));
T('numfmt/random.37', () => digest(37));
T('numfmt/random.38', () => digest(38));
T('numfmt/random.39', () => digest(39));
T('numfmt/fixed-halfway', () => [(0.5).toFixed(0), (1.5).toFixed(0), (2.5).toFixed(0), (-2.5).toFixed(0), (1.005).toFixed(2), (1.255).toFixed(2), (8.345).toFixed(2), (0.00008).toFixed(3), (0.9).toFixed(0), (999.9999).toFixed(2), (9.995).toFixed(2)]);
T('numfmt/fixed-limits', () => [(1e21).toFixed(2), (1e21 - 65536).toFixed(2), (1000000000000000128).toFixed(0), (1.23e25).toFixed(1), (-0).toFixed(2), (-0.0001).toFixed(2), (5e-324).toFixed(100), (0.1).toFixed(100)]);
T('numfmt/exponential-subnormal', () => [(5e-324).toExponential(), (5e-324).toExponential(99), (2.2250738585072014e-308).toExponential(30), (1.7976931348623157e308).toExponential(100)]);
T('numfmt/precision-forms', () => [(123.456).toPrecision(1), (123.456).toPrecision(3), (123.456).toPrecision(4), (0.000001234).toPrecision(2), (0.0000001234).toPrecision(2), (1e21).toPrecision(21), (1e21).toPrecision(22), (0).toPrecision(5), (-1.5).toPrecision(1)]);
T('numfmt/radix-precision', () => [(0.1).toString(3), (1 / 3).toString(2), (2 ** 60 + 2 ** 10).toString(36), (1e300).toString(36).length, (-1e-300).toString(2).length, (5e-324).toString(2).length, (255.5).toString(16), (0.5).toString(36)]);
T('numfmt/format-errors', () => { var r = []; [function () { return (1).toFixed(101); }, function () { return (1).toFixed(-1); }, function () { return (1).toPrecision(0); }, function () { return (1).toExponential(101); }, function () { return NaN.toExponential(-1); }, function () { return Infinity.toFixed(-1); }, function () { return (1).toString(37); }, function () { return Number.prototype.toFixed.call('1', 2); }].forEach(function (f) { try { r.push(f()); } catch (e) { r.push(e.name); } }); return r; });
