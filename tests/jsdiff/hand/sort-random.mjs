// Array.prototype.sort against Node on 3,000 pseudo-random arrays (fixed
// seed): consistent, boolean, random, NaN and direction-flipping
// comparators, and the default order. Each snippet sorts 100 arrays and
// prints a digest of the results and of every comparator call (its
// arguments, in order): mujs patch 0401 sorts as V8's TimSort does.
import { T } from '../harness.mjs';

function digestRuns(block) {
	var seed = 12345 + block * 7919;
	function rnd() { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; }
	function ri(n) { return Math.floor(rnd() * n); }
	var h = 0, hc = 0, ncalls = 0;
	for (var t = 0; t < 100; t++) {
		var n = ri(5) === 0 ? ri(300) : ri(70), a = [], i, kind = ri(4);
		for (i = 0; i < n; i++)
			a.push(kind === 0 ? ri(10) : kind === 1 ? ri(1000) : kind === 2 ? i + (ri(8) === 0 ? ri(50) : 0) : n - i + ri(3));
		var ck = ri(8), calls = [], cseed = ri(100000), cmp;
		var log = function (x, y) { calls.push(x, y); };
		if (ck === 0) cmp = function (x, y) { log(x, y); return x - y; };
		else if (ck === 1) cmp = function (x, y) { log(x, y); return x > y; };
		else if (ck === 2) cmp = function (x, y) { log(x, y); cseed = (cseed * 69069 + 1) % 4294967296; return (cseed % 3) - 1; };
		else if (ck === 3) cmp = function (x, y) { log(x, y); return (x * 7 + y * 3) % 5 - 2; };
		else if (ck === 4) cmp = function (x, y) { log(x, y); return ri(5) === 0 ? NaN : y - x; };
		else if (ck === 5) cmp = function (x, y) { log(x, y); return x < y; };
		else if (ck === 6) cmp = function (x, y) { log(x, y); cseed = (cseed * 69069 + 1) % 4294967296; return cseed % 2 ? x - y : y - x; };
		if (cmp) a.sort(cmp); else a.sort();
		for (i = 0; i < a.length; i++) h = (h * 31 + a[i]) % 1000000007;
		for (i = 0; i < calls.length; i++) hc = (hc * 17 + calls[i]) % 1000000007;
		ncalls += calls.length / 2;
	}
	return [h, hc, ncalls];
}

T('sort/random.0', () => digestRuns(0));
T('sort/random.1', () => digestRuns(1));
T('sort/random.2', () => digestRuns(2));
T('sort/random.3', () => digestRuns(3));
T('sort/random.4', () => digestRuns(4));
T('sort/random.5', () => digestRuns(5));
T('sort/random.6', () => digestRuns(6));
T('sort/random.7', () => digestRuns(7));
T('sort/random.8', () => digestRuns(8));
T('sort/random.9', () => digestRuns(9));
T('sort/random.10', () => digestRuns(10));
T('sort/random.11', () => digestRuns(11));
T('sort/random.12', () => digestRuns(12));
T('sort/random.13', () => digestRuns(13));
T('sort/random.14', () => digestRuns(14));
T('sort/random.15', () => digestRuns(15));
T('sort/random.16', () => digestRuns(16));
T('sort/random.17', () => digestRuns(17));
T('sort/random.18', () => digestRuns(18));
T('sort/random.19', () => digestRuns(19));
T('sort/random.20', () => digestRuns(20));
T('sort/random.21', () => digestRuns(21));
T('sort/random.22', () => digestRuns(22));
T('sort/random.23', () => digestRuns(23));
T('sort/random.24', () => digestRuns(24));
T('sort/random.25', () => digestRuns(25));
T('sort/random.26', () => digestRuns(26));
T('sort/random.27', () => digestRuns(27));
T('sort/random.28', () => digestRuns(28));
T('sort/random.29', () => digestRuns(29));
T('sort/gallop-large', () => { var a = [], i; for (i = 0; i < 3000; i++) a.push((i % 500) * 3 + (i % 7 === 0 ? i % 50 : 0)); var calls = 0; a.sort(function (x, y) { calls++; return x - y; }); return [calls, a[0], a[1500], a[2999]]; });
T('sort/boolean-gt-long', () => { var a = [], i; for (i = 0; i < 100; i++) a.push((i * 37) % 101); return a.sort(function (x, y) { return x > y; }).join(','); });
T('sort/stable-objects', () => { var a = [], i; for (i = 0; i < 300; i++) a.push({ k: (i * 13) % 7, i: i }); return a.sort(function (x, y) { return x.k - y.k; }).map(function (o) { return o.i; }).join(','); });
T('sort/comparator-throws-keeps', () => { var a = [3, 1, 2], n = 0; try { a.sort(function (x, y) { if (++n === 2) throw new Error('x'); return x - y; }); } catch (e) { return [a, n]; } });
T('sort/non-callable', () => { var r = []; [null, 'x', 1, {}].forEach(function (c) { try { [2, 1].sort(c); r.push('sorted'); } catch (e) { r.push(e.name); } }); return r; });
T('sort/default-strings', () => ['b', 'a10', 'a9', 'A', '', 'ab', 'a'].sort());
