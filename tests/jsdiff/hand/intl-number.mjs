// Intl.NumberFormat, Intl.PluralRules and Number.prototype.toLocaleString
// (intl/number.c, intl/plural.c): tables of locale × option set × value,
// each snippet formatting a list of values, then parts, ranges,
// resolvedOptions, errors and the order options are read in.
// docs/intl.md lists the ones that differ because Node's ICU is newer.
import { T } from '../harness.mjs';

const LOCALES = ['en', 'de', 'fr', 'cs', 'ja', 'ar', 'en-IN', 'de-CH', 'fr-CA'];
const VALUES = [0, -0, 1, -1.5, 0.5, 1234.5678, -1234567.891, 0.000123456, 12345678901, 1e21, NaN, Infinity, -Infinity,
	'1234567890123456789.5', '-0.000000000000000000001'];

// name → options, formatted over VALUES in every locale
const SETS = {
	decimal: {},
	'maxfd-0': { maximumFractionDigits: 0 },
	'minfd-2': { minimumFractionDigits: 2 },
	'fd-1-4': { minimumFractionDigits: 1, maximumFractionDigits: 4 },
	'sig-3': { maximumSignificantDigits: 3 },
	'minsig-5': { minimumSignificantDigits: 5 },
	'mnid-4': { minimumIntegerDigits: 4 },
	'group-false': { useGrouping: false },
	'group-min2': { useGrouping: 'min2' },
	'group-always': { useGrouping: 'always' },
	percent: { style: 'percent' },
	'percent-fd1': { style: 'percent', minimumFractionDigits: 1 },
	eur: { style: 'currency', currency: 'EUR' },
	'usd-code': { style: 'currency', currency: 'USD', currencyDisplay: 'code' },
	'usd-name': { style: 'currency', currency: 'USD', currencyDisplay: 'name' },
	'usd-narrow': { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' },
	'usd-accounting': { style: 'currency', currency: 'USD', currencySign: 'accounting' },
	jpy: { style: 'currency', currency: 'JPY' },
	czk: { style: 'currency', currency: 'CZK' },
	chf: { style: 'currency', currency: 'CHF' },
	'inr-name': { style: 'currency', currency: 'INR', currencyDisplay: 'name' },
	'kmh': { style: 'unit', unit: 'kilometer-per-hour' },
	'kmh-long': { style: 'unit', unit: 'kilometer-per-hour', unitDisplay: 'long' },
	'liter-narrow': { style: 'unit', unit: 'liter', unitDisplay: 'narrow' },
	'megabyte-long': { style: 'unit', unit: 'megabyte', unitDisplay: 'long' },
	celsius: { style: 'unit', unit: 'celsius' },
	'unit-percent': { style: 'unit', unit: 'percent' },
	scientific: { notation: 'scientific' },
	engineering: { notation: 'engineering' },
	compact: { notation: 'compact' },
	'compact-long': { notation: 'compact', compactDisplay: 'long' },
	'compact-eur': { style: 'currency', currency: 'EUR', notation: 'compact' },
	'sign-always': { signDisplay: 'always' },
	'sign-exceptZero': { signDisplay: 'exceptZero' },
	'sign-never': { signDisplay: 'never' },
	'sign-negative': { signDisplay: 'negative' },
	'accounting-exceptZero': { style: 'currency', currency: 'EUR', currencySign: 'accounting', signDisplay: 'exceptZero' },
	'strip-if-integer': { minimumFractionDigits: 2, trailingZeroDisplay: 'stripIfInteger' },
	'nu-arab': { numberingSystem: 'arab' },
	'nu-deva': { numberingSystem: 'deva' },
};

function fmt(loc, opts, values) {
	var f = new Intl.NumberFormat(loc, opts);
	return values.map(function (v) { return f.format(v); });
}

for (const name of Object.keys(SETS))
	for (const loc of LOCALES)
		T(`intl-number/format/${name}/${loc}`, () => fmt(loc, SETS[name], VALUES));

// rounding: modes, increments and priorities over halves and near-halves
const HALVES = [1.25, 1.35, -1.25, -1.35, 1.21, -1.29, 0.05, 2.5, -2.5, '1.250000000000000000001'];
const MODES = ['ceil', 'floor', 'expand', 'trunc', 'halfCeil', 'halfFloor', 'halfExpand', 'halfTrunc', 'halfEven'];
for (const mode of MODES) {
	T(`intl-number/round/${mode}`, () => fmt('en', { maximumFractionDigits: 1, roundingMode: mode }, HALVES));
	T(`intl-number/round/${mode}/sig`, () => fmt('de', { maximumSignificantDigits: 2, roundingMode: mode }, HALVES));
	T(`intl-number/round/${mode}/integer`, () => fmt('fr', { maximumFractionDigits: 0, roundingMode: mode }, HALVES));
}
const INCREMENTS = [
	['5', { roundingIncrement: 5, maximumFractionDigits: 2, minimumFractionDigits: 2 }],
	['25', { roundingIncrement: 25, maximumFractionDigits: 2, minimumFractionDigits: 2 }],
	['50-int', { roundingIncrement: 50 }],
	['5000', { roundingIncrement: 5000, maximumFractionDigits: 3, minimumFractionDigits: 3 }],
	['5-eur', { style: 'currency', currency: 'EUR', roundingIncrement: 5 }],
	['5-floor', { roundingIncrement: 5, maximumFractionDigits: 1, minimumFractionDigits: 1, roundingMode: 'floor' }],
];
for (const [name, opts] of INCREMENTS)
	T(`intl-number/increment/${name}`, () => fmt('en', opts, [1.234, 1.26, 1.375, -1.125, 0, 123.456, 9.99]));
const PRIORITY = [
	['auto', { maximumFractionDigits: 2, maximumSignificantDigits: 2 }],
	['more', { maximumFractionDigits: 2, maximumSignificantDigits: 2, roundingPriority: 'morePrecision' }],
	['less', { maximumFractionDigits: 2, maximumSignificantDigits: 2, roundingPriority: 'lessPrecision' }],
	['less-min', { minimumFractionDigits: 2, maximumFractionDigits: 2, maximumSignificantDigits: 2, roundingPriority: 'lessPrecision' }],
	['more-min', { minimumSignificantDigits: 3, maximumSignificantDigits: 4, maximumFractionDigits: 1, roundingPriority: 'morePrecision' }],
];
for (const [name, opts] of PRIORITY)
	T(`intl-number/priority/${name}`, () => fmt('en', opts, [4.321, 1.0, 123.456, 0.001234, 98765.4321]));

// exact decimal strings and the conversions of format's argument
T('intl-number/strings/en', () => fmt('en', {}, ['1234567890123456789.5', '  42  ', '1e3', '-1.5e-3', '.5', '5.', '+7',
	'0x1F', '', 'abc', 'Infinity', '-Infinity', '1_000', '00012']));
T('intl-number/strings/sig', () => fmt('en', { maximumSignificantDigits: 21 }, ['123456789012345678901234', '0.1',
	'3.14159265358979323846264338']));
T('intl-number/strings/fd', () => fmt('de', { maximumFractionDigits: 20 }, ['0.1', 0.1, '1.00000000000000000001', 1 / 3]));
T('intl-number/strings/eur', () => fmt('fr', { style: 'currency', currency: 'EUR' }, ['99999999999999999.995', '-0', '1e-20']));
T('intl-number/coercion', () => fmt('en', {}, [true, false, null, undefined, [], [5], { valueOf: function () { return 7; } }]));
T('intl-number/coercion/object', () => { try { return new Intl.NumberFormat('en').format({}); } catch (e) { return e.name; } });

// formatToParts: "type:value" for each part
function parts(loc, opts, v) {
	return new Intl.NumberFormat(loc, opts).formatToParts(v).map(function (p) { return p.type + ':' + p.value; }).join('|');
}
const PARTS = [
	['decimal', {}, -1234567.891],
	['eur', { style: 'currency', currency: 'EUR' }, -1234.5],
	['accounting', { style: 'currency', currency: 'USD', currencySign: 'accounting' }, -1234.5],
	['usd-name', { style: 'currency', currency: 'USD', currencyDisplay: 'name' }, 1],
	['percent', { style: 'percent' }, 0.256],
	['unit', { style: 'unit', unit: 'kilometer-per-hour', unitDisplay: 'long' }, 50],
	['compact', { notation: 'compact' }, 1234567],
	['compact-long', { notation: 'compact', compactDisplay: 'long' }, -1234567],
	['scientific', { notation: 'scientific' }, -0.00123],
	['engineering', { notation: 'engineering' }, 123456],
	['nan', {}, NaN],
	['infinity', { style: 'currency', currency: 'EUR' }, -Infinity],
	['sign-always', { signDisplay: 'always' }, 0],
	['negzero', {}, -0],
	['nu-arab', { numberingSystem: 'arab' }, 1234.5],
];
for (const [name, opts, v] of PARTS)
	for (const loc of ['en', 'de', 'fr', 'cs', 'ja', 'ar'])
		T(`intl-number/parts/${name}/${loc}`, () => parts(loc, opts, v));

// formatRange and formatRangeToParts
const RANGES = [[3, 5], [5, 5], [5, 3], [-0, 0], [2.9, 3.1], [1000, 5000000], [-5, -3], [0, Infinity], ['1e20', '1e21']];
const RANGE_SETS = {
	decimal: {},
	'maxfd-0': { maximumFractionDigits: 0 },
	eur: { style: 'currency', currency: 'EUR' },
	percent: { style: 'percent' },
	compact: { notation: 'compact' },
	kmh: { style: 'unit', unit: 'kilometer-per-hour', unitDisplay: 'long' },
};
for (const name of Object.keys(RANGE_SETS))
	for (const loc of ['en', 'de', 'fr', 'cs', 'ja', 'ar'])
		T(`intl-number/range/${name}/${loc}`, () => {
			var f = new Intl.NumberFormat(loc, RANGE_SETS[name]);
			return RANGES.map(function (r) { return f.formatRange(r[0], r[1]); });
		});
for (const loc of ['en', 'de', 'fr', 'ja'])
	T(`intl-number/range-parts/${loc}`, () => [[3, 5], [5, 5], [-1234.5, 1234.5]].map(function (r) {
		return new Intl.NumberFormat(loc, { style: 'currency', currency: 'EUR' }).formatRangeToParts(r[0], r[1])
			.map(function (p) { return p.type + ':' + p.value + ':' + p.source; }).join('|');
	}));
T('intl-number/range/errors', () => [[NaN, 1], [1, NaN], [undefined, 1], [1, undefined], ['abc', 1]].map(function (r) {
	try { return new Intl.NumberFormat('en').formatRange(r[0], r[1]); } catch (e) { return e.name; }
}));

// resolvedOptions: every option set in English, the defaults per locale
for (const name of Object.keys(SETS))
	T(`intl-number/resolved/${name}`, () => new Intl.NumberFormat('en', SETS[name]).resolvedOptions());
for (const [name, opts] of PRIORITY.concat(INCREMENTS))
	T(`intl-number/resolved/digits/${name}`, () => new Intl.NumberFormat('en', opts).resolvedOptions());
for (const loc of LOCALES.concat(['en-u-nu-arab', 'de-u-nu-thai-ca-buddhist', 'ar-EG', 'ja-JP-u-nu-hanidec', 'en-u-nu-roman', 'xx', 'de-AT-1996']))
	T(`intl-number/resolved/locale/${loc}`, () => {
		var r = new Intl.NumberFormat(loc).resolvedOptions();
		return [r.locale, r.numberingSystem];
	});
T('intl-number/resolved/keys', () => Object.keys(new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR', notation: 'compact' }).resolvedOptions()));
T('intl-number/resolved/keys-unit', () => Object.keys(new Intl.NumberFormat('en', { style: 'unit', unit: 'meter', roundingPriority: 'lessPrecision', maximumSignificantDigits: 2 }).resolvedOptions()));
T('intl-number/resolved/nu-option-and-tag', () => [
	new Intl.NumberFormat('en-u-nu-arab', { numberingSystem: 'thai' }).resolvedOptions(),
	new Intl.NumberFormat('en-u-nu-arab', { numberingSystem: 'arab' }).resolvedOptions().locale,
	new Intl.NumberFormat('en', { numberingSystem: 'roman' }).resolvedOptions().numberingSystem,
]);
T('intl-number/resolved/grouping', () => [true, false, 'true', 'false', '', 0, 1, 'min2', 'always', 'auto', undefined].map(function (g) {
	return [new Intl.NumberFormat('en', { useGrouping: g }).resolvedOptions().useGrouping,
		new Intl.NumberFormat('en', { useGrouping: g, notation: 'compact' }).resolvedOptions().useGrouping];
}));
T('intl-number/resolved/currency-digits', () => ['USD', 'JPY', 'KWD', 'CLF', 'XXX', 'ZZZ', 'eur', 'IsK'].map(function (c) {
	var r = new Intl.NumberFormat('en', { style: 'currency', currency: c }).resolvedOptions();
	return [r.currency, r.minimumFractionDigits, r.maximumFractionDigits];
}));
T('intl-number/resolved/fd-defaults', () => [{ minimumFractionDigits: 5 }, { maximumFractionDigits: 1 },
	{ style: 'percent', minimumFractionDigits: 2 }, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 },
	{ style: 'currency', currency: 'JPY', minimumFractionDigits: 2 }, { notation: 'compact', maximumFractionDigits: 1 },
	{ notation: 'compact', minimumSignificantDigits: 2 }, { minimumSignificantDigits: 3 }, { maximumSignificantDigits: 1 },
	{ minimumFractionDigits: 1, maximumSignificantDigits: 3 }, { style: 'currency', currency: 'EUR', notation: 'scientific' }].map(function (o) {
	var r = new Intl.NumberFormat('en', o).resolvedOptions();
	return [r.minimumFractionDigits, r.maximumFractionDigits, r.minimumSignificantDigits, r.maximumSignificantDigits, r.roundingPriority];
}));

// errors: the constructor's RangeErrors and TypeErrors
const BAD = [
	['style', { style: 'bogus' }], ['currency-missing', { style: 'currency' }], ['currency-short', { style: 'currency', currency: 'EU' }],
	['currency-digit', { style: 'currency', currency: 'EU1' }], ['currency-nonascii', { style: 'currency', currency: '\u00dfP' }],
	['currency-without-style', { currency: 'XY' }], ['unit-missing', { style: 'unit' }], ['unit-bogus', { style: 'unit', unit: 'furlong' }],
	['unit-per-per', { style: 'unit', unit: 'meter-per-second-per-hour' }], ['unit-compound', { style: 'unit', unit: 'meter-per-second' }],
	['unit-without-style', { unit: 'parsec' }], ['currencyDisplay', { currencyDisplay: 'long' }], ['unitDisplay', { unitDisplay: 'wide' }],
	['notation', { notation: 'fancy' }], ['compactDisplay', { compactDisplay: 'medium' }], ['signDisplay', { signDisplay: 'sometimes' }],
	['mnid-0', { minimumIntegerDigits: 0 }], ['mnid-22', { minimumIntegerDigits: 22 }], ['mnfd-21', { minimumFractionDigits: 21 }],
	['mxfd-21', { maximumFractionDigits: 21 }], ['fd-crossed', { minimumFractionDigits: 3, maximumFractionDigits: 1 }],
	['mnsd-0', { minimumSignificantDigits: 0 }], ['mxsd-22', { maximumSignificantDigits: 22 }],
	['sd-crossed', { minimumSignificantDigits: 3, maximumSignificantDigits: 2 }], ['mnfd-nan', { minimumFractionDigits: 'x' }],
	['increment-3', { roundingIncrement: 3 }], ['increment-with-sig', { roundingIncrement: 5, maximumSignificantDigits: 2 }],
	['increment-fd', { roundingIncrement: 5, maximumFractionDigits: 2 }], ['roundingMode', { roundingMode: 'halfUp' }],
	['roundingPriority', { roundingPriority: 'most' }], ['trailingZeroDisplay', { trailingZeroDisplay: 'strip' }],
	['useGrouping', { useGrouping: 'sometimes' }], ['numberingSystem', { numberingSystem: 'latn!' }],
	['numberingSystem-short', { numberingSystem: 'ab' }], ['localeMatcher', { localeMatcher: 'best' }],
	['mnid-fraction', { minimumIntegerDigits: 2.5 }], ['increment-fraction-ok', { roundingIncrement: 5.9 }],
];
for (const [name, opts] of BAD)
	T(`intl-number/error/${name}`, () => { try { return new Intl.NumberFormat('en', opts).resolvedOptions(); } catch (e) { return e.name; } });
T('intl-number/error/locales', () => ['en_US', '', 'x', 'en-', 1, null].map(function (l) {
	try { return new Intl.NumberFormat(l).resolvedOptions().locale; } catch (e) { return e.name; }
}));
T('intl-number/error/options-null', () => { try { return new Intl.NumberFormat('en', null); } catch (e) { return e.name; } });
T('intl-number/error/receivers', () => [
	function () { return Intl.NumberFormat.prototype.format; },
	function () { return Intl.NumberFormat.prototype.resolvedOptions.call({}); },
	function () { return Intl.NumberFormat.prototype.formatToParts.call(new Intl.PluralRules('en'), 1); },
	function () { return Number.prototype.toLocaleString.call('5'); },
	function () { return Intl.PluralRules('en'); },
	function () { return Intl.PluralRules.prototype.select.call({}, 1); },
].map(function (f) { try { f(); return 'ok'; } catch (e) { return e.name; } }));

// the order options are read in (V8's, observable through getters)
T('intl-number/order/NumberFormat', () => {
	var log = [];
	var names = ['localeMatcher', 'numberingSystem', 'style', 'currency', 'currencyDisplay', 'currencySign', 'unit', 'unitDisplay',
		'roundingIncrement', 'notation', 'minimumIntegerDigits', 'minimumFractionDigits', 'maximumFractionDigits',
		'minimumSignificantDigits', 'maximumSignificantDigits', 'roundingPriority', 'trailingZeroDisplay', 'compactDisplay',
		'useGrouping', 'signDisplay', 'roundingMode'];
	var o = {};
	names.slice().sort().forEach(function (n) { Object.defineProperty(o, n, { get: function () { log.push(n); return undefined; } }); });
	new Intl.NumberFormat('en', o);
	return log;
});
T('intl-number/order/PluralRules', () => {
	var log = [];
	var names = ['localeMatcher', 'type', 'minimumIntegerDigits', 'minimumFractionDigits', 'maximumFractionDigits',
		'minimumSignificantDigits', 'maximumSignificantDigits', 'roundingPriority', 'roundingIncrement', 'roundingMode', 'notation'];
	var o = {};
	names.slice().sort().forEach(function (n) { Object.defineProperty(o, n, { get: function () { log.push(n); return undefined; } }); });
	new Intl.PluralRules('en', o);
	return log;
});

// the objects themselves
T('intl-number/shape', () => {
	var f = new Intl.NumberFormat('en');
	var d = Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, 'format');
	return [typeof Intl.NumberFormat, Intl.NumberFormat.length, Intl.NumberFormat.name, Object.getOwnPropertyNames(Intl.NumberFormat.prototype),
		Object.prototype.toString.call(f), f instanceof Intl.NumberFormat, f.format === f.format, f.format.name, f.format.length,
		typeof d.get, d.set, d.get.name, Intl.NumberFormat.supportedLocalesOf.length, Object.keys(f),
		Intl.NumberFormat.call(undefined, 'de').format(1234.5), Object.getPrototypeOf(Intl.NumberFormat('en')) === Intl.NumberFormat.prototype];
});
T('intl-number/shape/PluralRules', () => {
	var p = new Intl.PluralRules('en');
	return [typeof Intl.PluralRules, Intl.PluralRules.length, Intl.PluralRules.name, Object.getOwnPropertyNames(Intl.PluralRules.prototype),
		Object.prototype.toString.call(p), p.select.length, p.selectRange.length, Intl.PluralRules.supportedLocalesOf.length];
});
T('intl-number/bound-format', () => {
	var format = new Intl.NumberFormat('de', { style: 'percent' }).format;
	return [1, 0.5, 0.123].map(format).concat([format.call(null, 2)]);
});
T('intl-number/supportedLocalesOf', () => [Intl.NumberFormat.supportedLocalesOf(['de-CH', 'xx', 'en-u-nu-arab', 'ar-EG']),
	Intl.PluralRules.supportedLocalesOf('fr-CA'), Intl.NumberFormat.supportedLocalesOf([], { localeMatcher: 'lookup' })]);

// Number.prototype.toLocaleString
for (const loc of LOCALES)
	T(`intl-number/toLocaleString/${loc}`, () => [1234567.891, -0.5, 1e21, NaN].map(function (v) {
		return [v.toLocaleString(loc), v.toLocaleString(loc, { style: 'currency', currency: 'EUR' }),
			v.toLocaleString(loc, { maximumSignificantDigits: 2 })];
	}));
T('intl-number/toLocaleString/default', () => [1234567.891, -0, 0.1 + 0.2, 1e-7, 123456789012, NaN, -Infinity].map(function (v) { return v.toLocaleString(); }));
T('intl-number/toLocaleString/object', () => [new Number(1234.5).toLocaleString('de'), Number.prototype.toLocaleString.call(5, 'fr'),
	(12).toLocaleString(undefined, { minimumIntegerDigits: 3 }), (0.5).toLocaleString(['xx', 'cs'], { style: 'percent' })]);
T('intl-number/toLocaleString/alternating', () => {
	var r = [];
	for (var i = 0; i < 3; i++)
		r.push((1234.5).toLocaleString('de'), (1234.5).toLocaleString('cs'), (1234.5).toLocaleString('de', { maximumFractionDigits: 0 }),
			(1234.5).toLocaleString(), (1234.5).toLocaleString(['ja', 'de']), (1234.5).toLocaleString('de', undefined));
	return r;
});
T('intl-number/toLocaleString/array', () => [[1234.5, 0.5], [NaN]].map(function (a) { return a.toLocaleString('de'); }));

// Intl.PluralRules
const PLURAL_VALUES = [0, 1, 2, 3, 4, 5, 6, 11, 12, 21, 22, 23, 100, 101, 102, 1000000, 1.5, 0.1, -1, '1'];
for (const loc of LOCALES.concat(['pl', 'ru', 'he', 'cy'])) {
	T(`intl-plural/cardinal/${loc}`, () => { var p = new Intl.PluralRules(loc); return PLURAL_VALUES.map(function (v) { return p.select(v); }); });
	T(`intl-plural/ordinal/${loc}`, () => { var p = new Intl.PluralRules(loc, { type: 'ordinal' }); return PLURAL_VALUES.map(function (v) { return p.select(v); }); });
	T(`intl-plural/resolved/${loc}`, () => new Intl.PluralRules(loc).resolvedOptions());
	T(`intl-plural/resolved-ordinal/${loc}`, () => new Intl.PluralRules(loc, { type: 'ordinal' }).resolvedOptions().pluralCategories);
}
const PLURAL_DIGITS = [
	['fd-1', { minimumFractionDigits: 1 }], ['fd-0', { maximumFractionDigits: 0 }], ['sig-1', { maximumSignificantDigits: 1 }],
	['sig-3-min', { minimumSignificantDigits: 3 }], ['mnid', { minimumIntegerDigits: 3 }], ['less', { maximumSignificantDigits: 2, maximumFractionDigits: 1, roundingPriority: 'lessPrecision' }],
];
for (const [name, opts] of PLURAL_DIGITS)
	for (const loc of ['en', 'fr', 'cs', 'ar']) {
		T(`intl-plural/digits/${name}/${loc}`, () => { var p = new Intl.PluralRules(loc, opts); return [0, 1, 1.5, 2, 0.99, 1.04, 5, 10.1, 1e6].map(function (v) { return p.select(v); }); });
		T(`intl-plural/digits-resolved/${name}/${loc}`, () => new Intl.PluralRules(loc, opts).resolvedOptions());
	}
for (const loc of ['en', 'de', 'fr', 'cs', 'ar', 'ja'])
	T(`intl-plural/range/${loc}`, () => { var p = new Intl.PluralRules(loc); return [[0, 1], [1, 2], [1, 1], [2, 5], [0, 0], [1.5, 2], [5, 1], [100, 102]].map(function (r) { return p.selectRange(r[0], r[1]); }); });
T('intl-plural/range/errors', () => [[NaN, 1], [1, NaN], [undefined, 1], [1]].map(function (r) {
	try { return new Intl.PluralRules('en').selectRange(r[0], r[1]); } catch (e) { return e.name; }
}));
T('intl-plural/errors', () => [{ type: 'plural' }, { minimumFractionDigits: 21 }, { minimumSignificantDigits: 0 }, { roundingPriority: 'x' }, null].map(function (o) {
	try { return new Intl.PluralRules('en', o).resolvedOptions().type; } catch (e) { return e.name; }
}));

// ICU 72's range formatter (icu-version): an approximate range of tiny values
// under lessPrecision keeps a fraction digit the single format drops
T('intl-number/range/approximately-strict', () => {
	var f = new Intl.NumberFormat('en', { minimumSignificantDigits: 2, maximumSignificantDigits: 3, roundingPriority: 'lessPrecision' });
	return [f.formatRange(1e-7, 1e-7), f.format(1e-7), f.formatRange(0, 0), f.formatRange(0, 1e-7)];
});
// the percent range of equal values: ICU 72 scales an approximate range
// twice (~50,000%); kit's percent ranges scale the values themselves
T('intl-number/range/percent-equal', () => ['en', 'de', 'ja'].map(function (l) {
	var f = new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 1 });
	return [f.formatRange(0.5, 0.5), f.formatRange(0.123, 0.1234), f.formatRange(-0.005, 0.005), f.formatRange('0.07', '0.07')];
}));
// trailingZeroDisplay hides roundingPriority from V8's resolvedOptions
T('intl-number/resolved/strip-hides-priority', () => [{ roundingPriority: 'lessPrecision', maximumSignificantDigits: 2, trailingZeroDisplay: 'stripIfInteger' },
	{ notation: 'compact', trailingZeroDisplay: 'stripIfInteger' }, { roundingPriority: 'morePrecision', maximumSignificantDigits: 2 }].map(function (o) {
	return new Intl.NumberFormat('en', o).resolvedOptions().roundingPriority;
}));
// decimal strings of any length stay exact
T('intl-number/strings/long', () => {
	function rep(c, n) { return new Array(n + 1).join(c); }
	var big = rep('9', 300) + '.' + rep('1', 50), f = new Intl.NumberFormat('en', { maximumFractionDigits: 20 });
	return [f.format(big).length, f.format(big).slice(-30), f.format('-' + big).slice(0, 6),
		new Intl.NumberFormat('de').formatRange('1' + rep('0', 299), '2' + rep('0', 299)).length];
});
// every rounding increment with 0-5 fraction digits
for (const inc of [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000])
	T(`intl-number/increment/table/${inc}`, () => [0, 1, 2, 3, 5].map(function (fd) {
		var f = new Intl.NumberFormat('en', { roundingIncrement: inc, minimumFractionDigits: fd, maximumFractionDigits: fd });
		return [1.23456, 98.7654, 12345.678, -0.5].map(f.format).join(' ');
	}));
// Intl's keys in V8's order, among the services kit has
T('intl-number/intl-keys', () => Object.getOwnPropertyNames(Intl).filter(function (k) {
	return ['getCanonicalLocales', 'supportedValuesOf', 'NumberFormat', 'Collator', 'PluralRules', 'ListFormat', 'Locale',
		'DisplayNames', 'Segmenter'].indexOf(k) >= 0;
}));
