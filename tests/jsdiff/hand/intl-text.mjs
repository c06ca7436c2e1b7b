// Intl's text services (docs/intl.md "Text"): Collator and localeCompare,
// normalize and locale case mapping, ListFormat, Segmenter, DisplayNames,
// Locale, supportedValuesOf, over en, de, fr, cs, ja, ar, tr, sv, zh.
import { T } from '../harness.mjs';

var locales = ['en', 'de', 'fr', 'cs', 'ja', 'ar', 'tr', 'sv', 'zh'];
var words = ['zebra', 'Äpfel', 'apple', 'Apple', 'æble', 'Ölberg', 'ober', 'côte', 'cote', 'coté', 'côté',
	'chata', 'cena', 'hrad', 'ıtır', 'içki', 'Istanbul', 'İzmir', 'ångström', 'zoo', 'ärlig', 'öl', 'yxa',
	'\u65e5\u672c', '\u4e2d\u6587', '\u3042\u3044', '\u30a2\u30a4', '\u0627\u0644\u0639\u0631\u0628\u064a\u0629',
	'\u0628\u0627\u0628', 'a-b', 'ab', 'a b', 'A', 'a', '10', '9', '2', 'item10', 'item9', 'item2'];
var sensitivities = ['base', 'accent', 'case', 'variant'];

// sorting a word list: every locale with each sensitivity
locales.forEach(function (loc) {
	sensitivities.forEach(function (s) {
		T('collator/sort-' + loc + '-' + s, () => words.slice().sort(new Intl.Collator(loc, { sensitivity: s }).compare));
	});
	T('collator/sort-' + loc + '-numeric', () => words.slice().sort(new Intl.Collator(loc, { numeric: true }).compare));
	T('collator/sort-' + loc + '-upper', () => words.slice().sort(new Intl.Collator(loc, { caseFirst: 'upper' }).compare));
	T('collator/sort-' + loc + '-punct', () => words.slice().sort(new Intl.Collator(loc, { ignorePunctuation: true }).compare));
	T('collator/resolved-' + loc, () => new Intl.Collator(loc).resolvedOptions());
	T('collator/search-' + loc, () => new Intl.Collator(loc, { usage: 'search', sensitivity: 'base' }).compare('a', '\u00e1'));
	T('localeCompare/sort-' + loc, () => words.slice().sort(function (a, b) { return a.localeCompare(b, loc); }));
});

// pairs under every sensitivity
var pairs = [['a', '\u00e1'], ['a', 'A'], ['a', 'b'], ['\u00e4', 'ae'], ['\u00df', 'ss'], ['e\u0301', '\u00e9'],
	['\u0131', 'i'], ['\u00f8', 'o'], ['\u00e5', 'a'], ['ch', 'h'], ['\u01c4', 'D\u017d'], ['', 'a']];
pairs.forEach(function (p, i) {
	sensitivities.forEach(function (s) {
		['en', 'de', 'sv', 'cs'].forEach(function (loc) {
			T('collator/pair' + i + '-' + loc + '-' + s, () => new Intl.Collator(loc, { sensitivity: s }).compare(p[0], p[1]));
		});
	});
});

T('collator/default-sort', () => ['b', 'a', '\u00e4', 'z', '\u00c4', 'A'].sort(new Intl.Collator().compare));
T('collator/bound-same', () => { var c = new Intl.Collator(); return [c.compare === c.compare, typeof c.compare, c.compare.length, c.compare.name]; });
T('collator/bound-detached', () => { var cmp = new Intl.Collator('de').compare; return ['b', 'a', '\u00e4'].sort(cmp); });
T('collator/call-no-new', () => Intl.Collator('de') instanceof Intl.Collator);
T('collator/tag', () => Object.prototype.toString.call(new Intl.Collator()));
T('collator/proto-keys', () => Object.getOwnPropertyNames(Intl.Collator.prototype).sort());
T('collator/phonebk', () => new Intl.Collator('de-u-co-phonebk').resolvedOptions());
T('collator/phonebk-sort', () => ['\u00e4b', 'af', 'ae'].sort(new Intl.Collator('de-u-co-phonebk').compare));
T('collator/phonebk-option', () => new Intl.Collator('de', { collation: 'phonebk' }).resolvedOptions().locale);
T('collator/unsupported-co', () => new Intl.Collator('en-u-kn-true-co-phonebk').resolvedOptions());
T('collator/kn-kf', () => new Intl.Collator('de-u-kn-co-phonebk-kf-upper').resolvedOptions());
T('collator/kn-sort', () => ['a10', 'a9', 'a2'].sort(new Intl.Collator('en-u-kn').compare));
T('collator/kn-option-false', () => ['a10', 'a9', 'a2'].sort(new Intl.Collator('en-u-kn', { numeric: false }).compare));
T('collator/kf-lower', () => ['a', 'A', 'b', 'B'].sort(new Intl.Collator('en-u-kf-lower').compare));
T('collator/kf-upper', () => ['a', 'A', 'b', 'B'].sort(new Intl.Collator('en-u-kf-upper').compare));
T('collator/options-string', () => new Intl.Collator('de', 'abc').resolvedOptions().locale);
T('collator/bad-collation', () => new Intl.Collator('de', { collation: 'x' }));
T('collator/bad-casefirst', () => new Intl.Collator('de', { caseFirst: 'x' }));
T('collator/bad-usage', () => new Intl.Collator('de', { usage: 'x' }));
T('collator/bad-locale', () => new Intl.Collator('en_US'));
T('collator/null-options', () => new Intl.Collator('en', null));
T('collator/th-punct', () => new Intl.Collator('th').resolvedOptions().ignorePunctuation);
T('collator/supported', () => Intl.Collator.supportedLocalesOf(['de', 'xx', 'ja-JP', 'en-u-co-phonebk']));
T('collator/incompatible', () => Intl.Collator.prototype.resolvedOptions.call({}));
T('collator/compare-getter-incompatible', () => Intl.Collator.prototype.compare);
T('collator/length', () => [Intl.Collator.length, Intl.Collator.name]);
T('collator/coerce', () => new Intl.Collator('en').compare(10, 9));
T('collator/undefined-args', () => new Intl.Collator('en').compare());
T('collator/astral', () => ['\u{1F600}', 'a', '\u{1F601}', '\u4e2d'].sort(new Intl.Collator('en').compare));
T('collator/nul', () => new Intl.Collator('en').compare('a\0b', 'a\0c'));
T('collator/locale-object', () => new Intl.Collator(new Intl.Locale('de', { collation: 'phonebk' })).resolvedOptions().locale);

T('localeCompare/basic', () => ['a'.localeCompare('b'), 'b'.localeCompare('a'), 'a'.localeCompare('a')]);
T('localeCompare/accent', () => ['\u00e4'.localeCompare('a'), 'a'.localeCompare('\u00e4'), '\u00e4'.localeCompare('b')]);
T('localeCompare/case', () => ['a'.localeCompare('A'), 'A'.localeCompare('a')]);
T('localeCompare/options', () => 'a'.localeCompare('\u00e1', 'en', { sensitivity: 'base' }));
T('localeCompare/numeric', () => '10'.localeCompare('9', undefined, { numeric: true }));
T('localeCompare/sv', () => ['\u00e4'.localeCompare('z', 'sv'), '\u00e4'.localeCompare('z', 'de')]);
T('localeCompare/length', () => String.prototype.localeCompare.length);
T('localeCompare/null-this', () => String.prototype.localeCompare.call(null, 'a'));
T('localeCompare/bad-locale', () => 'a'.localeCompare('b', 'en_US'));
T('localeCompare/sort-big', () => { var a = []; for (var i = 0; i < 300; i++) a.push('w' + ((i * 7919) % 300)); a.sort(function (x, y) { return x.localeCompare(y); }); return [a[0], a[1], a[150], a[299]]; });
T('localeCompare/decomposed', () => 'e\u0301'.localeCompare('\u00e9'));
T('localeCompare/astral', () => '\u{1F600}'.localeCompare('\u{1F601}'));

// normalize
var composed = ['\u00e9', '\u00c5', '\u1e9b\u0323', '\ufb01', '\u2460', '\uac00', '\u00e9\u0301', 'A\u030a', 'e\u0301',
	'\u1100\u1161', '\u212b', '\u2126', '\u0390', 'x\u0327\u0301', '\u{1D400}', 'caf\u00e9', '\u00bd', '\u3000', 'abc'];
composed.forEach(function (s, i) {
	['NFC', 'NFD', 'NFKC', 'NFKD'].forEach(function (f) {
		T('normalize/' + i + '-' + f, () => { var n = s.normalize(f); return [n, n.length]; });
	});
});
T('normalize/default', () => 'e\u0301'.normalize());
T('normalize/undefined', () => 'e\u0301'.normalize(undefined));
T('normalize/bad-form', () => 'a'.normalize('nfc'));
T('normalize/bad-form2', () => 'a'.normalize('x'));
T('normalize/null-this', () => String.prototype.normalize.call(null));
T('normalize/number-this', () => String.prototype.normalize.call(123));
T('normalize/length', () => String.prototype.normalize.length);
T('normalize/equal', () => '\u00e9'.normalize('NFD') === 'e\u0301');
T('normalize/lone-surrogate', () => '\ud800a'.normalize('NFD').length);
T('normalize/empty', () => ''.normalize('NFKD'));

// locale case mapping
var caseInputs = ['I', 'i', '\u0130', '\u0131', 'TITLE', 'istanbul', '\u00df', 'i\u0307', 'I\u0307', '\u03a3\u0391\u03a3', '\u03ac\u03bb\u03c6\u03b1'];
['tr', 'az', 'lt', 'el', 'en', 'de', 'tr-TR', undefined].forEach(function (loc) {
	T('case/upper-' + loc, () => caseInputs.map(function (s) { return s.toLocaleUpperCase(loc); }));
	T('case/lower-' + loc, () => caseInputs.map(function (s) { return s.toLocaleLowerCase(loc); }));
});
T('case/list', () => ['I'.toLocaleLowerCase(['tr', 'en']), 'I'.toLocaleLowerCase(['en', 'tr'])]);
T('case/bad-locale', () => 'a'.toLocaleUpperCase('en_US'));
T('case/empty-list', () => 'I'.toLocaleLowerCase([]));
T('case/lengths', () => [String.prototype.toLocaleUpperCase.length, String.prototype.toLocaleLowerCase.length]);

// ListFormat
var items = [[], ['a'], ['a', 'b'], ['a', 'b', 'c'], ['Motorrad', 'Bus', 'Auto', 'Zug']];
['en', 'de', 'fr', 'cs', 'ja', 'ar', 'sv', 'zh'].forEach(function (loc) {
	['conjunction', 'disjunction', 'unit'].forEach(function (type) {
		['long', 'short', 'narrow'].forEach(function (style) {
			T('list/' + loc + '-' + type + '-' + style, () => { var f = new Intl.ListFormat(loc, { type: type, style: style }); return items.map(function (l) { return f.format(l); }); });
		});
	});
	T('list/parts-' + loc, () => new Intl.ListFormat(loc).formatToParts(['x', 'y', 'z']));
	T('list/resolved-' + loc, () => new Intl.ListFormat(loc, { type: 'unit', style: 'narrow' }).resolvedOptions());
});
T('list/no-new', () => Intl.ListFormat());
T('list/not-string', () => new Intl.ListFormat('en').format(['a', 1]));
T('list/undefined', () => new Intl.ListFormat('en').format());
T('list/iterable', () => new Intl.ListFormat('en').format(new Set(['x', 'y'])));
T('list/string-iterable', () => new Intl.ListFormat('en').format('abc'));
T('list/bad-type', () => new Intl.ListFormat('en', { type: 'x' }));
T('list/bad-options', () => new Intl.ListFormat('en', 'x'));
T('list/tag', () => Object.prototype.toString.call(new Intl.ListFormat()));
T('list/supported', () => Intl.ListFormat.supportedLocalesOf(['fr-CA', 'zz']));
T('list/non-ascii', () => new Intl.ListFormat('ja').format(['\u65e5\u672c', '\u4e2d\u56fd', '\u{1F600}']));

// Segmenter
var texts = ['Hello, world! How are you?', '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}\u{1F1EF}\u{1F1F5}e\u0301!', '\u65e5\u672c\u8a9e\u306e\u6587\u7ae0\u3067\u3059\u3002\u5143\u6c17\u3067\u3059\u304b\uff1f',
	'\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35\u0e04\u0e23\u0e31\u0e1a \u0e22\u0e34\u0e19\u0e14\u0e35', '\u0645\u0631\u062d\u0628\u0627 \u0628\u0643\u0645. \u0643\u064a\u0641 \u062d\u0627\u0644\u0643\u061f',
	'Gr\u00fc\u00df Gott. Wie geht\'s?', 'Mr. Smith went to Washington. He left.', '\u4f60\u597d\uff0c\u4e16\u754c\u3002', 'a\u{1F600}b c', ''];
['grapheme', 'word', 'sentence'].forEach(function (g) {
	texts.forEach(function (t, i) {
		['en', 'ja'].forEach(function (loc) {
			T('segmenter/' + g + '-' + i + '-' + loc, () => { var out = []; for (var s of new Intl.Segmenter(loc, { granularity: g }).segment(t)) out.push(g === 'word' ? [s.segment, s.index, s.isWordLike] : [s.segment, s.index]); return out; });
		});
	});
});
T('segmenter/keys-word', () => { for (var s of new Intl.Segmenter('en', { granularity: 'word' }).segment('hi')) return Object.keys(s); });
T('segmenter/keys-grapheme', () => { for (var s of new Intl.Segmenter('en').segment('hi')) return Object.keys(s); });
T('segmenter/input', () => { var str = 'ab cd'; var r = []; for (var s of new Intl.Segmenter('en', { granularity: 'word' }).segment(str)) r.push(s.input === str); return r; });
T('segmenter/containing', () => { var seg = new Intl.Segmenter('en', { granularity: 'word' }).segment('Hi, you!'); return [seg.containing(0), seg.containing(2), seg.containing(5), seg.containing(-1), seg.containing(99), seg.containing('1'), seg.containing()]; });
T('segmenter/containing-astral', () => { var seg = new Intl.Segmenter('en').segment('a\u{1F600}b'); return [seg.containing(1), seg.containing(2), seg.containing(3)]; });
T('segmenter/containing-emoji', () => { var seg = new Intl.Segmenter('en').segment('x\u{1F468}\u200d\u{1F469}\u200d\u{1F467}y'); return [seg.containing(3).segment.length, seg.containing(3).index, seg.containing(9)]; });
T('segmenter/iterator-tag', () => Object.prototype.toString.call(new Intl.Segmenter().segment('a')[Symbol.iterator]()));
T('segmenter/iterator-next', () => { var it = new Intl.Segmenter().segment('ab')[Symbol.iterator](); return [it.next(), it.next(), it.next()]; });
T('segmenter/spread-count', () => [...new Intl.Segmenter('en').segment('\u{1F1EF}\u{1F1F5}\u{1F1FA}\u{1F1F8}')].length);
T('segmenter/resolved', () => [new Intl.Segmenter('ja', { granularity: 'word' }).resolvedOptions(), new Intl.Segmenter().resolvedOptions().granularity]);
T('segmenter/no-new', () => Intl.Segmenter());
T('segmenter/bad-granularity', () => new Intl.Segmenter('en', { granularity: 'line' }));
T('segmenter/tag', () => Object.prototype.toString.call(new Intl.Segmenter()));
T('segmenter/number-input', () => [...new Intl.Segmenter().segment(123)].map(function (s) { return s.segment; }));
T('segmenter/segments-keys', () => Object.getOwnPropertyNames(new Intl.Segmenter().segment('a')));
T('segmenter/two-iterators', () => { var seg = new Intl.Segmenter('en', { granularity: 'word' }).segment('one two'); var a = seg[Symbol.iterator](), b = seg[Symbol.iterator](); a.next(); return [a.next().value.segment, b.next().value.segment, seg.containing(4).segment]; });

// DisplayNames
var dn = {
	language: ['en', 'en-GB', 'en-US', 'de-AT', 'fr-CA', 'zh-Hant-TW', 'ja', 'ar-EG', 'cs', 'xyz', 'iw'],
	region: ['US', 'DE', 'JP', 'CZ', 'EG', '419', 'ZZ', 'zz'],
	script: ['Latn', 'Arab', 'Hans', 'Jpan', 'Cyrl', 'latn'],
	currency: ['USD', 'EUR', 'JPY', 'CZK', 'EGP', 'usd', 'XYZ'],
	calendar: ['gregory', 'japanese', 'islamic-civil', 'buddhist', 'xyz'],
	dateTimeField: ['era', 'year', 'quarter', 'month', 'weekOfYear', 'weekday', 'day', 'dayPeriod', 'hour', 'minute', 'second', 'timeZoneName'],
};
['en', 'de', 'fr', 'cs', 'ja', 'ar'].forEach(function (loc) {
	Object.keys(dn).forEach(function (type) {
		['long', 'short'].forEach(function (style) {
			T('displaynames/' + loc + '-' + type + '-' + style, () => { var d = new Intl.DisplayNames(loc, { type: type, style: style }); return dn[type].map(function (c) { return d.of(c); }); });
		});
	});
	T('displaynames/' + loc + '-standard', () => { var d = new Intl.DisplayNames(loc, { type: 'language', languageDisplay: 'standard' }); return dn.language.map(function (c) { return d.of(c); }); });
	T('displaynames/' + loc + '-narrow-field', () => { var d = new Intl.DisplayNames(loc, { type: 'dateTimeField', style: 'narrow' }); return dn.dateTimeField.map(function (c) { return d.of(c); }); });
});
T('displaynames/fallback-none', () => { var d = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' }); return [d.of('ZZ'), d.of('XX'), d.of('US')]; });
T('displaynames/fallback-none-lang', () => new Intl.DisplayNames('en', { type: 'language', fallback: 'none' }).of('xyz'));
T('displaynames/resolved', () => [new Intl.DisplayNames('de', { type: 'language' }).resolvedOptions(), new Intl.DisplayNames('de', { type: 'region', style: 'narrow', fallback: 'none' }).resolvedOptions()]);
T('displaynames/no-type', () => new Intl.DisplayNames('en'));
T('displaynames/no-type-options', () => new Intl.DisplayNames('en', {}));
T('displaynames/bad-type', () => new Intl.DisplayNames('en', { type: 'x' }));
T('displaynames/bad-region', () => new Intl.DisplayNames('en', { type: 'region' }).of('xyz'));
T('displaynames/bad-script', () => new Intl.DisplayNames('en', { type: 'script' }).of('la'));
T('displaynames/bad-currency', () => new Intl.DisplayNames('en', { type: 'currency' }).of('US'));
T('displaynames/bad-language', () => new Intl.DisplayNames('en', { type: 'language' }).of('en_US'));
T('displaynames/bad-field', () => new Intl.DisplayNames('en', { type: 'dateTimeField' }).of('xx'));
T('displaynames/bad-calendar', () => new Intl.DisplayNames('en', { type: 'calendar' }).of('x'));
T('displaynames/no-arg', () => new Intl.DisplayNames('en', { type: 'region' }).of());
T('displaynames/no-new', () => Intl.DisplayNames('en', { type: 'region' }));
T('displaynames/length', () => Intl.DisplayNames.length);
T('displaynames/tag', () => Object.prototype.toString.call(new Intl.DisplayNames('en', { type: 'region' })));

// Locale
var tags = ['en', 'en-US', 'en-Latn-US', 'de-AT', 'zh-TW', 'zh-Hant', 'ja-JP-u-ca-japanese', 'ar-EG-u-nu-arab', 'cs-CZ', 'fr-CA-u-hc-h23', 'und', 'sr-Cyrl', 'en-Latn-US-u-ca-gregory-co-phonebk-hc-h12-kf-upper-kn-nu-latn', 'de-u-co-phonebk-kn-false', 'tr', 'sv-SE'];
tags.forEach(function (t) {
	T('locale/parts-' + t, () => { var l = new Intl.Locale(t); return [l.toString(), l.baseName, l.language, l.script, l.region, l.calendar, l.caseFirst, l.collation, l.hourCycle, l.numberingSystem, l.numeric]; });
	T('locale/likely-' + t, () => { var l = new Intl.Locale(t); return [l.maximize().toString(), l.minimize().toString()]; });
	T('locale/info-' + t, () => { var l = new Intl.Locale(t); return [l.calendars, l.collations, l.hourCycles, l.numberingSystems, l.textInfo, l.weekInfo]; });
	T('locale/tz-' + t, () => new Intl.Locale(t).timeZones);
});
T('locale/options', () => new Intl.Locale('en', { region: 'GB', calendar: 'buddhist', numeric: true, hourCycle: 'h23', caseFirst: 'lower', collation: 'emoji', numberingSystem: 'arab', script: 'Latn', language: 'fr' }).toString());
T('locale/options-override', () => new Intl.Locale('en-u-ca-islamic-nu-arab', { calendar: 'gregory' }).toString());
T('locale/options-numeric-false', () => new Intl.Locale('en-u-kn', { numeric: false }).toString());
T('locale/from-locale', () => new Intl.Locale(new Intl.Locale('de-AT'), { region: 'CH' }).toString());
T('locale/canonical', () => [new Intl.Locale('EN-us').toString(), new Intl.Locale('iw').toString()]);
T('locale/empty', () => new Intl.Locale(''));
T('locale/missing', () => new Intl.Locale());
T('locale/number', () => new Intl.Locale(5));
T('locale/bad', () => new Intl.Locale('en_US'));
T('locale/bad-region', () => new Intl.Locale('en', { region: 'x' }));
T('locale/bad-hc', () => new Intl.Locale('en', { hourCycle: 'h25' }));
T('locale/bad-calendar', () => new Intl.Locale('en', { calendar: 'x' }));
T('locale/no-new', () => Intl.Locale('en'));
T('locale/tag', () => Object.prototype.toString.call(new Intl.Locale('en')));
T('locale/string', () => String(new Intl.Locale('de-u-co-phonebk')) + '|' + (new Intl.Locale('fr') + ''));
T('locale/getCanonicalLocales', () => Intl.getCanonicalLocales([new Intl.Locale('de-AT'), 'fr']));
T('locale/in-list', () => [new Intl.ListFormat(new Intl.Locale('de')).format(['a', 'b']), 'I'.toLocaleLowerCase(new Intl.Locale('tr'))]);
T('locale/length', () => Intl.Locale.length);

// supportedValuesOf
['calendar', 'collation', 'currency', 'numberingSystem', 'timeZone', 'unit'].forEach(function (k) {
	T('values/' + k, () => Intl.supportedValuesOf(k));
	T('values/' + k + '-count', () => Intl.supportedValuesOf(k).length);
});
T('values/bad', () => Intl.supportedValuesOf('x'));
T('values/sorted', () => ['calendar', 'currency', 'unit', 'timeZone'].map(function (k) { var v = Intl.supportedValuesOf(k); return v.slice().sort().join() === v.join(); }));
T('values/length', () => Intl.supportedValuesOf.length);

// shapes: read order of the options (V8's, observable through getters), keys
function readOrder(ctor, extra) {
	var log = [];
	var opts = new Proxy({}, { get: function (t, k) { if (typeof k === 'string') log.push(k); return k === 'type' ? extra : undefined; } });
	try { new Intl[ctor]('en', opts); } catch (e) { log.push(e.name); }
	return log;
}
T('shape/read-order-collator', () => readOrder('Collator'));
T('shape/read-order-listformat', () => readOrder('ListFormat'));
T('shape/read-order-segmenter', () => readOrder('Segmenter'));
T('shape/read-order-displaynames', () => readOrder('DisplayNames', 'region'));
T('shape/read-order-locale', () => readOrder('Locale'));
['Collator', 'ListFormat', 'Segmenter', 'DisplayNames', 'Locale'].forEach(function (n) {
	T('shape/keys-' + n, () => [Object.getOwnPropertyNames(Intl[n]), Object.getOwnPropertyNames(Intl[n].prototype)]);
});
T('shape/intl-keys', () => Object.getOwnPropertyNames(Intl).filter(function (k) { return ['supportedValuesOf', 'Collator', 'ListFormat', 'Locale', 'DisplayNames', 'Segmenter'].indexOf(k) >= 0; }));
T('shape/compare-getter', () => { var d = Object.getOwnPropertyDescriptor(Intl.Collator.prototype, 'compare'); return [d.get.name, d.set, d.enumerable, d.configurable]; });
T('shape/locale-getter', () => { var d = Object.getOwnPropertyDescriptor(Intl.Locale.prototype, 'weekInfo'); return [d.get.name, typeof d.value]; });
T('shape/segments-proto', () => Object.getOwnPropertyNames(Object.getPrototypeOf(new Intl.Segmenter().segment('a'))));
T('shape/segment-iterator-proto', () => { var it = new Intl.Segmenter().segment('a')[Symbol.iterator](); return [Object.getOwnPropertyNames(Object.getPrototypeOf(it)), it[Symbol.iterator]() === it]; });
T('localeCompare/cached-locales', () => { var a = ['\u00e4', 'z', 'a', 'o', '\u00f6']; return [a.slice().sort(function (x, y) { return x.localeCompare(y, 'sv'); }), a.slice().sort(function (x, y) { return x.localeCompare(y, 'de'); }), a.slice().sort(function (x, y) { return x.localeCompare(y, 'sv'); })]; });
T('localeCompare/many-locales', () => ['en', 'de', 'sv', 'tr', 'cs', 'fr', 'sv', 'en'].map(function (l) { return ['ch', 'h', 'i', '\u0131', '\u00e4', 'z'].sort(function (x, y) { return x.localeCompare(y, l); }).join(''); }));

// Locale: variants, other extensions, private use, options on them
['en-US-posix', 'de-DE-1996', 'sl-rozaj-biske', 'en-t-ja', 'en-US-x-foo', 'en-US-u-ca-buddhist-x-foo', 'ja-Jpan-JP-u-ca-japanese-hc-h11',
	'zh-Hans-CN-u-nu-hanidec', 'en-u-attr-ca-gregory', 'sr-Latn-RS', 'und-Latn', 'pt-BR', 'az-Latn', 'th-TH-u-nu-thai', 'he', 'fil',
	'art-lojban', 'en-a-bbb-u-ca-gregory', 'de-u-kn-true', 'de-u-kf-false-kn-false'].forEach(function (t) {
	T('locale-edge/' + t, () => { var l = new Intl.Locale(t); return [l.toString(), l.baseName, l.language, l.script, l.region, l.numeric, l.caseFirst, l.maximize().toString(), l.minimize().toString(), l.hourCycles, l.calendars, l.textInfo, l.weekInfo]; });
});
[['en-US-1996', { region: 'GB' }], ['en-x-a', { script: 'Latn' }], ['en-u-ca-buddhist', { numeric: false, calendar: 'gregory' }], ['de-t-en', { collation: 'phonebk' }],
	['en', { language: 'und' }], ['en', { language: 'zh-Hant' }], ['en', { numberingSystem: 'latn-arab' }], ['en', { caseFirst: 'false' }], ['ar', { numberingSystem: 'latn', region: 'SA' }]].forEach(function (p, i) {
	T('locale-options/' + i, () => new Intl.Locale(p[0], p[1]).toString());
});

// DisplayNames: codes at the edges, both fallbacks
['EN-us', 'en-XX', 'xx-YY', 'en-Latn', 'de-CH-1996', 'sr-Latn-RS', 'zh-Hans', 'root', 'und', 'en-u-ca-gregory', 'es-419', 'en-x-foo'].forEach(function (c) {
	T('dn-edge/language-' + c, () => [new Intl.DisplayNames('en', { type: 'language' }).of(c), new Intl.DisplayNames('en', { type: 'language', fallback: 'none' }).of(c)]);
});
['us', 'Us', '001', '999', 'AA', 'QO', 'XK', 'EU', 'UN'].forEach(function (c) {
	T('dn-edge/region-' + c, () => [new Intl.DisplayNames('en', { type: 'region' }).of(c), new Intl.DisplayNames('en', { type: 'region', fallback: 'none' }).of(c)]);
});
['Latn', 'LATN', 'Zzzz', 'Qaaa', 'Xxxx'].forEach(function (c) {
	T('dn-edge/script-' + c, () => new Intl.DisplayNames('de', { type: 'script', fallback: 'none' }).of(c));
});
['usd', 'EUR', 'XXX', 'ZZZ', 'XAU'].forEach(function (c) {
	T('dn-edge/currency-' + c, () => [new Intl.DisplayNames('ja', { type: 'currency', fallback: 'none' }).of(c), new Intl.DisplayNames('ja', { type: 'currency', style: 'narrow' }).of(c)]);
});
['gregory', 'GREGORY', 'ethioaa', 'roc', 'xxx-yyy', 'buddhist'].forEach(function (c) {
	T('dn-edge/calendar-' + c, () => new Intl.DisplayNames('en', { type: 'calendar', fallback: 'none' }).of(c));
});

// 60 pseudo-random pairs of short strings (accents, case, ligatures, digits,
// punctuation, CJK, Arabic, an astral character, NUL) per locale and option set
var pool = ['a', 'A', 'b', '\u00e4', '\u00c4', '\u00e1', 'e\u0301', '\u00e9', '\u00df', 'ss', '\u00e6', '\u00f8', '\u00e5', 'ch', 'c', 'h', '\u0131', 'i',
	'\u0130', 'I', '1', '2', '10', ' ', '-', '.', '\u0105', '\u0142', '\u017e', 'z', '\u00e7', '\u0153', '\u65e5', '\u3042', '\u30a2', '\uff71', '\u0627',
	'\u0628', '\ud83d\ude00', '\u0000', '\u03a9', '\u03c9', '\u0451', '\u0435'];
var randomOpts = [undefined, { sensitivity: 'base' }, { sensitivity: 'accent' }, { sensitivity: 'case' }, { numeric: true }, { caseFirst: 'upper' },
	{ caseFirst: 'lower' }, { ignorePunctuation: true }, { usage: 'search' }, { usage: 'search', sensitivity: 'base' },
	{ usage: 'search', ignorePunctuation: true, sensitivity: 'accent' }];
['en', 'de', 'de-u-co-phonebk', 'fr', 'cs', 'ja', 'ar', 'tr', 'sv', 'zh', 'da', 'pl', 'es-u-co-trad', 'th', 'ru'].forEach(function (loc, li) {
	T('collator-random/' + loc, () => {
		var seed = 7 + li;
		function rnd(n) { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; }
		function word() { var w = ''; var n = 1 + rnd(4); for (var i = 0; i < n; i++) w += pool[rnd(pool.length)]; return w; }
		return randomOpts.map(function (o) { var c = new Intl.Collator(loc, o).compare, s = ''; for (var k = 0; k < 60; k++) s += c(word(), word()) + 1; return s; });
	});
});

// segments of pseudo-random text (letters, digits, punctuation, spaces, CJK,
// Thai, Arabic, combining marks, ZWJ emoji sequences, flags, CRLF)
var segPool = ['a', 'B', 'word', '42', '3.14', ' ', '  ', '.', '!', '?', ',', '\'', '-', '\r\n', '\n', '\u65e5\u672c', '\u8a9e', '\u3002', '\u3067\u3059',
	'\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35', '\u0e04\u0e23\u0e31\u0e1a', '\u0645\u0631\u062d\u0628\u0627', 'e\u0301', '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}',
	'\u{1F1EF}\u{1F1F5}', '\u{1F44D}\u{1F3FD}', 'Mr.', 'U.S.A.', 'can\'t', '\u00e9t\u00e9', '\u0928\u092e\u0938\u094d\u0924\u0947'];
['grapheme', 'word', 'sentence'].forEach(function (g) {
	['en', 'ja', 'th', 'de'].forEach(function (loc, li) {
		T('segmenter-random/' + g + '-' + loc, () => {
			var seed = 11 + li;
			function rnd(n) { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; }
			var texts = [];
			for (var t = 0; t < 6; t++) { var s = ''; var n = 3 + rnd(12); for (var i = 0; i < n; i++) s += segPool[rnd(segPool.length)]; texts.push(s); }
			var seg = new Intl.Segmenter(loc, { granularity: g });
			return texts.map(function (s) {
				var r = [];
				for (var x of seg.segment(s)) r.push(x.index + (x.isWordLike ? 'w' : ''));
				var c = seg.segment(s);
				for (var k = 0; k < s.length; k += 3) r.push(c.containing(k).index);
				return r.join(',');
			});
		});
	});
});

// every code point of some blocks through each normal form: a checksum of
// the results and the code points whose result is not the input
[[0xa0, 0x4ff], [0x1e00, 0x1fff], [0x2000, 0x2fff], [0x3000, 0x33ff], [0xac00, 0xacff], [0xf900, 0xffef]].forEach(function (r) {
	['NFC', 'NFD', 'NFKC', 'NFKD'].forEach(function (f) {
		T('normalize-range/' + r[0].toString(16) + '-' + f, () => {
			var sum = 0, changed = 0;
			for (var c = r[0]; c <= r[1]; c++) {
				var s = String.fromCharCode(c), n = s.normalize(f);
				if (n !== s) changed++;
				for (var i = 0; i < n.length; i++) sum = (sum * 31 + n.charCodeAt(i)) % 1000000007;
			}
			return [changed, sum];
		});
	});
});

// Collator's resolvedOptions as V8 reads them back from ICU (the locale with
// its co/kf/kn keys, search usage, collation options replacing the tag's)
['de-u-co-phonebk', 'de-u-co-search', 'de-u-co-standard', 'en-u-co-emoji', 'zh-u-co-pinyin', 'zh-u-co-stroke', 'es-u-co-trad', 'sv-u-co-reformed',
	'de-u-kn-false', 'de-u-kn-true', 'de-u-kf', 'th', 'ja-u-co-unihan', 'en-u-co-eor-kn', 'de-DE-u-co-phonebk', 'de-AT-u-co-phonebk'].forEach(function (l) {
	T('collator-resolved/' + l, () => [undefined, { usage: 'search' }, { collation: 'phonebk' }, { collation: 'emoji' }, { numeric: true, caseFirst: 'lower' },
		{ sensitivity: 'accent', ignorePunctuation: false }, { collation: 'search' }, { collation: 'standard' }].map(function (o) { return new Intl.Collator(l, o).resolvedOptions(); }));
});
// the locale each service resolves a request to (Collator: locales with collation data of their own)
T('resolve/services', () => ['en-US', 'en-GB', 'de-DE', 'de-AT', 'de-CH', 'fr-FR', 'fr-CA', 'cs-CZ', 'ja-JP', 'ar-EG', 'ar-SA', 'tr-TR', 'sv-SE', 'sv-FI', 'zh-CN',
	'zh-TW', 'zh-Hant', 'zh-HK', 'es-MX', 'pt-BR', 'sr-Latn', 'sr-Cyrl', 'no', 'th-TH', 'en-150', 'pa-Arab'].map(function (l) {
	return [l, new Intl.Collator(l).resolvedOptions().locale, new Intl.ListFormat(l).resolvedOptions().locale, new Intl.Segmenter(l).resolvedOptions().locale,
		new Intl.DisplayNames(l, { type: 'region' }).resolvedOptions().locale];
}));
T('resolve/list', () => [new Intl.Collator(['xx', 'de-DE']).resolvedOptions().locale, new Intl.Collator(['de-DE-u-co-phonebk', 'fr']).resolvedOptions().locale]);

// ListFormat parts when elements look like the literals, are empty, or are
// Hebrew, emoji, CJK; Spanish y/e and o/u before the sounds that change them
[['a, b', 'c'], ['', ''], ['', 'x', ''], [' and ', 'or'], ['\u05d0', 'b'], ['\u{1F600}', '\u65e5'], ['y', 'i'], ['x', 'hola'], ['a', 'e'], ['a', 'o', 'ho']].forEach(function (l, i) {
	T('list-parts/' + i, () => ['en', 'es', 'he', 'ja', 'ar', 'cs', 'fr'].map(function (loc) {
		return ['conjunction', 'disjunction', 'unit'].map(function (t) { var f = new Intl.ListFormat(loc, { type: t }); return [f.format(l), f.formatToParts(l)]; });
	}));
});

// DisplayNames narrow style, and standard names, in every type
['en', 'de', 'fr', 'cs', 'ja', 'ar', 'sv', 'tr'].forEach(function (loc) {
	['language', 'region', 'script', 'currency'].forEach(function (type) {
		T('dn-narrow/' + loc + '-' + type, () => {
			var d = new Intl.DisplayNames(loc, { type: type, style: 'narrow' }), s = new Intl.DisplayNames(loc, { type: type, languageDisplay: 'standard', style: 'short' });
			return dn[type].filter(function (c) { return c !== 'zh-Hant-TW'; }).map(function (c) { return [d.of(c), s.of(c)]; });
		});
	});
});
