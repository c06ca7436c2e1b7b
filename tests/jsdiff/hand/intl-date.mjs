// Intl.DateTimeFormat, Intl.RelativeTimeFormat, Date's toLocale*String and
// Date.parse against Node (intl/datetime.c, intl/reltime.c, docs/intl.md).
// Most snippets come from tables: locale × options × fixed timestamps; each
// prints the formatted strings of a few instants. Run under TZ=UTC; the
// zones and their daylight saving changes are in intl-date-tz.mjs.
import { T } from '../harness.mjs';

var LOCALES = ['en', 'de', 'fr', 'cs', 'ja', 'ar', 'en-GB', 'en-IN'];
// 2001-09-09T01:46:40Z, 2024-02-29T13:05:09.123Z, 1969-07-20T20:17:00Z, 0, a BC date
var TIMES = [1e12, 1709211909123, -14182980000, 0, -62198755200000];
var OPTIONS = {
	none: undefined,
	dateFull: { dateStyle: 'full' },
	dateLong: { dateStyle: 'long' },
	dateMedium: { dateStyle: 'medium' },
	dateShort: { dateStyle: 'short' },
	timeFull: { timeStyle: 'full' },
	timeLong: { timeStyle: 'long' },
	timeMedium: { timeStyle: 'medium' },
	timeShort: { timeStyle: 'short' },
	bothMedium: { dateStyle: 'medium', timeStyle: 'short' },
	bothFullH23: { dateStyle: 'full', timeStyle: 'medium', hourCycle: 'h23' },
	bothShort12: { dateStyle: 'short', timeStyle: 'short', hour12: true },
	ymdLong: { year: 'numeric', month: 'long', day: 'numeric' },
	ymdShort: { year: '2-digit', month: 'short', day: '2-digit' },
	monthNarrow: { month: 'narrow' },
	weekdayLong: { weekday: 'long', year: 'numeric', month: 'numeric', day: 'numeric' },
	weekdayShort: { weekday: 'short' },
	era: { era: 'long', year: 'numeric' },
	eraShort: { era: 'short', year: 'numeric', month: 'short', day: 'numeric' },
	hm: { hour: 'numeric', minute: '2-digit' },
	hms24: { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false },
	hms12: { hour: 'numeric', minute: 'numeric', second: 'numeric', hour12: true },
	hH11: { hour: 'numeric', hourCycle: 'h11' },
	hH24: { hour: '2-digit', minute: '2-digit', hourCycle: 'h24' },
	fsd1: { minute: '2-digit', second: '2-digit', fractionalSecondDigits: 1 },
	fsd3: { hour: 'numeric', minute: 'numeric', second: 'numeric', fractionalSecondDigits: 3 },
	tzLong: { timeZoneName: 'long' },
	tzShort: { hour: 'numeric', timeZoneName: 'short', timeZone: 'America/New_York' },
	tzShortOffset: { hour: 'numeric', timeZoneName: 'shortOffset', timeZone: 'Asia/Kolkata' },
	tzLongOffset: { timeZoneName: 'longOffset', timeZone: 'Europe/Prague' },
	tzGeneric: { hour: 'numeric', minute: 'numeric', timeZoneName: 'longGeneric', timeZone: 'Australia/Lord_Howe' },
	tzShortGeneric: { timeZoneName: 'shortGeneric', timeZone: 'America/Los_Angeles' },
	tokyo: { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'long' },
	monthYear: { month: 'long', year: 'numeric' },
	monthDay: { month: 'short', day: 'numeric' },
	buddhist: { calendar: 'buddhist', year: 'numeric', month: 'long' },
	japanese: { calendar: 'japanese', era: 'short', year: 'numeric' },
	arab: { numberingSystem: 'arab', hour: 'numeric', minute: 'numeric' },
};
var OPT_NAMES = Object.keys(OPTIONS);

function fmt(loc, o) {
	var f = new Intl.DateTimeFormat(loc, o);
	return TIMES.map(function (t) { return f.format(t); });
}

for (var i = 0; i < LOCALES.length; i++) {
	for (var j = 0; j < OPT_NAMES.length; j++) {
		(function (loc, name) {
			T(`intl-date/format.${loc}.${name}`, () => fmt(loc, OPTIONS[name]));
		})(LOCALES[i], OPT_NAMES[j]);
	}
}

// resolvedOptions: keys, order and values
var RESOLVED = ['none', 'dateFull', 'bothMedium', 'bothFullH23', 'bothShort12', 'ymdShort', 'weekdayLong', 'hms24',
	'hms12', 'hH11', 'hH24', 'fsd1', 'tzShort', 'buddhist', 'arab'];
for (i = 0; i < LOCALES.length; i++) {
	for (j = 0; j < RESOLVED.length; j++) {
		(function (loc, name) {
			T(`intl-date/resolved.${loc}.${name}`, () => {
				var r = new Intl.DateTimeFormat(loc, OPTIONS[name]).resolvedOptions();
				return [Object.keys(r).join(), r];
			});
		})(LOCALES[i], RESOLVED[j]);
	}
}

// formatToParts and formatRange(ToParts)
for (i = 0; i < LOCALES.length; i++) {
	(function (loc) {
		T(`intl-date/parts.${loc}`, () => new Intl.DateTimeFormat(loc, { dateStyle: 'full', timeStyle: 'medium' }).formatToParts(1e12));
		T(`intl-date/parts-fsd.${loc}`, () => new Intl.DateTimeFormat(loc, { hour: 'numeric', minute: 'numeric', second: 'numeric', fractionalSecondDigits: 2, weekday: 'short' }).formatToParts(1709211909123));
		T(`intl-date/range-days.${loc}`, () => new Intl.DateTimeFormat(loc).formatRange(1e12, 1e12 + 3 * 864e5));
		T(`intl-date/range-months.${loc}`, () => new Intl.DateTimeFormat(loc, { dateStyle: 'long' }).formatRange(1e12, 1e12 + 60 * 864e5));
		T(`intl-date/range-same.${loc}`, () => new Intl.DateTimeFormat(loc, { dateStyle: 'medium' }).formatRange(1e12, 1e12 + 1000));
		T(`intl-date/range-parts.${loc}`, () => new Intl.DateTimeFormat(loc, { month: 'short', day: 'numeric' }).formatRangeToParts(1e12, 1e12 + 5 * 864e5));
		T(`intl-date/range-parts-same.${loc}`, () => new Intl.DateTimeFormat(loc).formatRangeToParts(1e12, 1e12));
	})(LOCALES[i]);
}

// Date's locale methods
var DATE_OPTIONS = [undefined, { month: 'long' }, { hour: 'numeric' }, { dateStyle: 'short' }, { timeZone: 'Asia/Tokyo' }];
for (i = 0; i < LOCALES.length; i++) {
	for (j = 0; j < DATE_OPTIONS.length; j++) {
		(function (loc, o, k) {
			T(`intl-date/toLocale.${loc}.${k}`, () => {
				var d = new Date(1709211909123);
				var out = [];
				for (var m of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) {
					try { out.push(d[m](loc, o)); } catch (e) { out.push(e.name); }
				}
				return out;
			});
		})(LOCALES[i], DATE_OPTIONS[j], j);
	}
}
T('intl-date/toLocale.default', () => [new Date(0).toLocaleString(), new Date(0).toLocaleDateString(), new Date(0).toLocaleTimeString()]);
T('intl-date/toLocale.invalid', () => [new Date(NaN).toLocaleString(), new Date(NaN).toLocaleDateString('de'), new Date(NaN).toLocaleTimeString('ja', { hour: 'numeric' })]);
T('intl-date/toLocale.not-date', () => Date.prototype.toLocaleString.call({}));
T('intl-date/toLocale.timeStyle-on-date', () => new Date(0).toLocaleDateString('en', { timeStyle: 'short' }));
T('intl-date/toLocale.dateStyle-on-time', () => new Date(0).toLocaleTimeString('en', { dateStyle: 'short' }));
T('intl-date/toLocale.hour12-false', () => new Date(1e12).toLocaleTimeString('en-US', { hour12: false }));
T('intl-date/toLocale.hc-ext', () => new Date(1e12).toLocaleTimeString('en-US-u-hc-h23'));

// the constructor, options and errors
T('intl-date/ctor.no-new', () => Intl.DateTimeFormat('de').format(0));
T('intl-date/ctor.length', () => [Intl.DateTimeFormat.length, Intl.DateTimeFormat.name, Intl.DateTimeFormat.supportedLocalesOf.length]);
T('intl-date/ctor.proto-keys', () => Object.getOwnPropertyNames(Intl.DateTimeFormat.prototype));
T('intl-date/ctor.tag', () => Object.prototype.toString.call(new Intl.DateTimeFormat()));
T('intl-date/ctor.style-and-component', () => new Intl.DateTimeFormat('en', { dateStyle: 'short', hour: 'numeric' }));
T('intl-date/ctor.bad-style', () => new Intl.DateTimeFormat('en', { dateStyle: 'huge' }));
T('intl-date/ctor.bad-month', () => new Intl.DateTimeFormat('en', { month: 'longest' }));
T('intl-date/ctor.bad-fsd', () => new Intl.DateTimeFormat('en', { fractionalSecondDigits: 4 }));
T('intl-date/ctor.bad-hourCycle', () => new Intl.DateTimeFormat('en', { hourCycle: 'h25' }));
T('intl-date/ctor.bad-calendar', () => new Intl.DateTimeFormat('en', { calendar: 'x' }));
T('intl-date/ctor.unknown-calendar', () => new Intl.DateTimeFormat('en', { calendar: 'foobar' }).resolvedOptions().calendar);
T('intl-date/ctor.bad-nu', () => new Intl.DateTimeFormat('en', { numberingSystem: '!' }));
T('intl-date/ctor.null-options', () => new Intl.DateTimeFormat('en', null));
T('intl-date/ctor.bad-locale', () => new Intl.DateTimeFormat('en_US'));
T('intl-date/ctor.bad-zone', () => new Intl.DateTimeFormat('en', { timeZone: 'Mars/Olympus' }));
T('intl-date/ctor.offset-zone', () => new Intl.DateTimeFormat('en', { timeZone: '+01:00' }));
T('intl-date/format.nan', () => new Intl.DateTimeFormat('en').format(NaN));
T('intl-date/format.too-big', () => new Intl.DateTimeFormat('en').format(8.64e15 + 1));
T('intl-date/format.date-object', () => new Intl.DateTimeFormat('en').format(new Date(1e12)));
T('intl-date/format.string', () => new Intl.DateTimeFormat('en').format('1000000000000'));
T('intl-date/format.bound', () => { var f = new Intl.DateTimeFormat('de'); var g = f.format; return [g(1e12), f.format === g, g.name, g.length]; });
T('intl-date/format.map', () => [0, 1e12].map(new Intl.DateTimeFormat('cs').format));
T('intl-date/format.receiver', () => Intl.DateTimeFormat.prototype.resolvedOptions.call({}));
T('intl-date/range.undefined', () => new Intl.DateTimeFormat('en').formatRange(0));
T('intl-date/range.nan', () => new Intl.DateTimeFormat('en').formatRange(0, NaN));
T('intl-date/supported', () => Intl.DateTimeFormat.supportedLocalesOf(['en-US', 'cs', 'xx', 'de-AT', 'ar-EG']));
T('intl-date/supported.lookup', () => Intl.DateTimeFormat.supportedLocalesOf('fr-CA', { localeMatcher: 'lookup' }));

// time zone names as V8 canonicalises them
var ZONES = ['utc', 'Etc/UTC', 'GMT', 'Etc/GMT', 'asia/kolkata', 'Asia/Calcutta', 'EUROPE/PRAGUE', 'america/new_york',
	'US/Pacific', 'us/eastern', 'Australia/Lord_Howe', 'australia/lhi', 'America/Argentina/Buenos_Aires', 'etc/gmt+5',
	'CET', 'EST5EDT', 'America/Port_of_Spain', 'Europe/Isle_of_Man', 'Asia/Saigon', 'Asia/Ho_Chi_Minh'];
for (i = 0; i < ZONES.length; i++) {
	(function (z) {
		T(`intl-date/zone.${z}`, () => {
			var f = new Intl.DateTimeFormat('en', { timeZone: z, timeStyle: 'long', dateStyle: 'short' });
			return [f.resolvedOptions().timeZone, f.format(1e12), f.format(1720000000000)];
		});
	})(ZONES[i]);
}

// -u- keys against options
var EXT = [['de-u-ca-buddhist', undefined], ['de-u-ca-buddhist', { calendar: 'buddhist' }],
	['de-u-ca-buddhist', { calendar: 'japanese' }], ['en-u-nu-arab', undefined], ['en-u-nu-arab', { numberingSystem: 'thai' }],
	['en-u-hc-h23', { hour: 'numeric' }], ['en-u-hc-h23', { hour: 'numeric', hour12: true }], ['en-u-hc-h23', { hour: 'numeric', hourCycle: 'h23' }],
	['ja-u-hc-h12', { hour: 'numeric', minute: 'numeric' }], ['en-u-ca-islamic', { dateStyle: 'long' }], ['en-u-ca-foo', undefined],
	['cs-u-nu-latn-ca-gregory', { dateStyle: 'full' }], ['ar-u-nu-latn', { dateStyle: 'full' }], ['fr-u-hc-h11', { timeStyle: 'short' }]];
for (i = 0; i < EXT.length; i++) {
	(function (e, k) {
		T(`intl-date/ext.${k}`, () => {
			var f = new Intl.DateTimeFormat(e[0], e[1]);
			return [f.resolvedOptions(), f.format(1e12)];
		});
	})(EXT[i], i);
}

// Intl.RelativeTimeFormat
var UNITS = ['second', 'minutes', 'hour', 'days', 'week', 'month', 'quarters', 'year'];
var VALUES = [-1, 0, 1, 2, -3.5, 1234.5, -0];
var RT_OPTIONS = [undefined, { numeric: 'auto' }, { style: 'short' }, { style: 'narrow', numeric: 'auto' }];
for (i = 0; i < LOCALES.length; i++) {
	for (j = 0; j < RT_OPTIONS.length; j++) {
		(function (loc, o, k) {
			T(`intl-date/reltime.${loc}.${k}`, () => {
				var f = new Intl.RelativeTimeFormat(loc, o);
				return UNITS.map(function (u) { return VALUES.map(function (v) { return f.format(v, u); }).join(' | '); });
			});
		})(LOCALES[i], RT_OPTIONS[j], j);
	}
	(function (loc) {
		T(`intl-date/reltime-parts.${loc}`, () => new Intl.RelativeTimeFormat(loc).formatToParts(-1234567.891, 'seconds'));
		T(`intl-date/reltime-parts-auto.${loc}`, () => new Intl.RelativeTimeFormat(loc, { numeric: 'auto' }).formatToParts(1, 'day'));
		T(`intl-date/reltime-resolved.${loc}`, () => new Intl.RelativeTimeFormat(loc, { style: 'short' }).resolvedOptions());
	})(LOCALES[i]);
}
T('intl-date/reltime.no-new', () => Intl.RelativeTimeFormat('en'));
T('intl-date/reltime.bad-unit', () => new Intl.RelativeTimeFormat('en').format(1, 'decade'));
T('intl-date/reltime.infinite', () => new Intl.RelativeTimeFormat('en').format(Infinity, 'day'));
T('intl-date/reltime.nan', () => new Intl.RelativeTimeFormat('en').format('x', 'day'));
T('intl-date/reltime.bad-style', () => new Intl.RelativeTimeFormat('en', { style: 'wide' }));
T('intl-date/reltime.bad-numeric', () => new Intl.RelativeTimeFormat('en', { numeric: 'never' }));
T('intl-date/reltime.nu', () => [new Intl.RelativeTimeFormat('en-u-nu-arab').resolvedOptions(), new Intl.RelativeTimeFormat('en', { numberingSystem: 'thai' }).format(12, 'day')]);
T('intl-date/reltime.string-value', () => new Intl.RelativeTimeFormat('en').format('3', 'day'));
T('intl-date/reltime.tag', () => Object.prototype.toString.call(new Intl.RelativeTimeFormat()));
T('intl-date/reltime.proto-keys', () => Object.getOwnPropertyNames(Intl.RelativeTimeFormat.prototype));
T('intl-date/reltime.supported', () => Intl.RelativeTimeFormat.supportedLocalesOf(['cs', 'xx-YY', 'ja-JP']));
T('intl-date/reltime.receiver', () => Intl.RelativeTimeFormat.prototype.format.call({}, 1, 'day'));

// Date.parse and new Date(string)
var PARSE = ['2024-03-07', '2024-03-07T10:00', '2024-03-07T10:00:00Z', '2024-03-07T10:00:00.123+01:00',
	'2024-03-07T10:00:00.123456Z', '2024-03-07 10:00', '2024-03', '2024', '+002024-03-07T00:00:00Z', '-000001-01-01T00:00:00Z',
	'2024-03-07t10:00z', '2024-03-07T24:00', '2024-03-07T25:00', '2024-02-30', '2024-13-01', 'Thu, 07 Mar 2024 10:00:00 GMT',
	'Thu, 07 Mar 2024 10:00:00 +0100', 'Mar 7 2024', 'Mar 7, 2024 10:00', 'March 7, 2024', '7 March 2024', '7 Mar 2024 10:00 UTC',
	'2024/03/07', '2024/03/07 10:00', '3/7/2024', '03/07/2024 10:00 PM', 'Thu Mar 07 2024 10:00:00 GMT+0100 (CET)',
	'Thu Mar 07 2024', 'Mar 7 2024 10:00:00 GMT-0500', 'garbage', '', '2024-03-07T10:00:00+0100', 'Sat, 01 Jan 2000 00:00:00 UTC',
	'1 January 2000', 'Jan 1 2000 12:00 AM', 'Jan 1 2000 12:00 PM', '12/31/1999 23:59:59', '2000-01-01T00:00:00.5Z',
	'2024-3-7', '2024-03-7', '24-03-07', '2024-03-07T10', '2024-03-07T10:00:00.1234567Z', '2024-03-07T10:00:00,5Z',
	'2024-03-07T10:00Z', '2024-03-07T10:00+01', '2024-03-07T10:00:00 GMT', '2024-03-07 10:00:00 UTC',
	'2024-03-07 10:00:00+01:00', 'Thursday, March 7, 2024', 'Thu, 7 Mar 2024 10:00:00 EST', 'Thu, 7 Mar 2024 10:00:00 PDT',
	'7 Mar 2024 10:00:00 CET', 'Mar 7 2024 10:00 am', 'Mar 7 2024 12:30 am', 'Mar 7 2024 13:00 pm', 'March 7 2024 10:00:00.123',
	'MAR 7 2024', '7-Mar-2024', '07-MAR-2024 10:00', '2024 Mar 7', 'Mar 2024 7', '7.3.2024', '2024.03.07', '3/7/24', '3/7/99',
	'3/7/49', '3/7/50', '03/07/2024 10:00:00 GMT+0200', '2024/3/7', '2024/03/07 10:00:00 +0100', '1969-12-31T23:59:59.999Z',
	'275760-09-13T00:00:00Z', '+275760-09-13T00:00:00.000Z', '+275760-09-13T00:00:00.001Z', '-271821-04-20T00:00:00Z',
	'2024-02-29', '2023-02-29', '2024-04-31', 'Feb 30 2024', 'Jan 32 2024', '  2024-03-07  ', '2024-03-07T10:00:00Z ',
	'Thu Mar 07 2024 10:00:00 GMT+0100 (Central European Standard Time)', '12:00', '10:00 2024-03-07', 'Mar 7', '0', '1e3',
	'null', 'T10:00', '2024-W10', 'Z', 'March', '7 March', 'Mar 7 2024 10:00 Z', 'Mar 7 2024 10:00:00 UT',
	'Mar 7 2024 10:00:00 UTC+1', 'Mar 7 2024 10:00:00 GMT+01:30', 'Mar 7 2024 (note) 10:00', '(x) Mar 7 2024',
	'Mar 7 2024 10:00 (x', '2024-03-07T24:00:00Z', '2024-03-07T24:00:01Z', '-000000-01-01T00:00:00Z', '+002024-03-07',
	'Mar 7 2024 25:00', 'Mar 7 2024 10:60', '12:30 pm Mar 7 2024', 'Mar 7 2024 0:30 am', 'Mar 7 2024 13:30 am'];
for (i = 0; i < PARSE.length; i++) {
	(function (s, k) {
		T(`intl-date/parse.${k}`, () => [s, Date.parse(s), new Date(s).getTime()]);
	})(PARSE[i], i);
}

// the Date constructor's arguments (mujs patch 1352)
T('intl-date/ctor-date.copy', () => new Date(new Date(1.5e12 + 123)).getTime());
T('intl-date/ctor-date.years', () => [new Date(-1, 0).getFullYear(), new Date(0, 0).getFullYear(), new Date(99.5, 0).getFullYear(), new Date(100, 0).getFullYear()]);
T('intl-date/ctor-date.call', () => typeof Date() + ' ' + (Date().length > 20));
T('intl-date/ctor-date.object', () => [new Date({ valueOf: () => 1e12 }).getTime(), new Date({ toString: () => '2024-03-07' }).getTime(), new Date(true).getTime()]);

// toString's zone name under UTC
T('intl-date/toString.utc', () => [new Date(0).toString(), new Date(1e12).toTimeString(), new Date(-62198755200000).toString()]);
T('intl-date/resolved.default-zone', () => new Intl.DateTimeFormat().resolvedOptions().timeZone);

// edge cases: ranges backwards, invalid dates, zone links, calendars, numbering names, narrow forms, other locales
T('intl-date/edge.0', () => new Intl.DateTimeFormat('en').formatRange(1e12, 0));
T('intl-date/edge.1', () => new Intl.DateTimeFormat('en').formatRangeToParts(1e12, 0));
T('intl-date/edge.2', () => new Intl.DateTimeFormat('en').format(new Date(NaN)));
T('intl-date/edge.3', () => new Intl.DateTimeFormat('en', {timeZone:'Etc/GMT+5', timeZoneName:'short'}).format(0));
T('intl-date/edge.4', () => new Intl.DateTimeFormat('en', {timeZone:'Etc/GMT+5'}).resolvedOptions().timeZone);
T('intl-date/edge.5', () => new Intl.DateTimeFormat('en', {timeZone:'EST'}).resolvedOptions().timeZone);
T('intl-date/edge.6', () => new Intl.DateTimeFormat('en', {timeZone:'UCT'}).resolvedOptions().timeZone);
T('intl-date/edge.7', () => new Intl.DateTimeFormat('en', {timeZone:'Europe/Kiev'}).resolvedOptions().timeZone);
T('intl-date/edge.8', () => new Intl.DateTimeFormat('en', {timeZone:'America/Buenos_Aires'}).resolvedOptions().timeZone);
T('intl-date/edge.9', () => new Intl.DateTimeFormat(['xx','de']).resolvedOptions().locale);
T('intl-date/edge.10', () => new Intl.DateTimeFormat('de-DE-u-co-phonebk').resolvedOptions().locale);
T('intl-date/edge.11', () => new Intl.DateTimeFormat('en', {hour:'numeric', hourCycle:'h23', hour12: false}).resolvedOptions());
T('intl-date/edge.12', () => new Intl.DateTimeFormat('en', {dayPeriod:'short'}).format(1e12));
T('intl-date/edge.13', () => new Intl.DateTimeFormat('en', {era:'narrow'}).format(-1e14));
T('intl-date/edge.14', () => new Intl.DateTimeFormat('ja', {era:'long', year:'numeric', calendar:'japanese'}).format(1e12));
T('intl-date/edge.15', () => new Intl.DateTimeFormat('en', {year:'numeric', calendar:'chinese'}).formatToParts(1e12));
T('intl-date/edge.16', () => new Intl.DateTimeFormat('en', {calendar:'islamic'}).resolvedOptions().calendar);
T('intl-date/edge.17', () => new Intl.DateTimeFormat('en', {calendar:'ISLAMIC-civil'}).resolvedOptions());
T('intl-date/edge.18', () => new Intl.DateTimeFormat('en', {numberingSystem:'ARAB'}).resolvedOptions());
T('intl-date/edge.19', () => new Intl.DateTimeFormat('en', {fractionalSecondDigits: 2}).format(1e12+456));
T('intl-date/edge.20', () => new Intl.DateTimeFormat('en', {fractionalSecondDigits: 2}).resolvedOptions());
T('intl-date/edge.21', () => new Intl.DateTimeFormat('en', {timeZoneName: 'short'}).resolvedOptions());
T('intl-date/edge.22', () => new Intl.DateTimeFormat('en', {second: 'numeric'}).format(1e12));
T('intl-date/edge.23', () => new Intl.DateTimeFormat('en', {minute: '2-digit'}).format(1e12));
T('intl-date/edge.24', () => new Intl.DateTimeFormat('en', {hour: '2-digit', hour12: true}).format(1e12));
T('intl-date/edge.25', () => new Intl.DateTimeFormat('en-US', {weekday: 'narrow', era: 'narrow', month: 'narrow'}).format(1e12));
T('intl-date/edge.26', () => new Date(8.64e15).toLocaleString());
T('intl-date/edge.27', () => new Date(-8.64e15).toLocaleDateString('en', {era:'short'}));
T('intl-date/edge.28', () => Intl.DateTimeFormat.prototype.format);
T('intl-date/edge.29', () => Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype,'format').get.name);
T('intl-date/edge.30', () => new Intl.DateTimeFormat('en',{timeZone:'utc'}).resolvedOptions().timeZone);
T('intl-date/edge.31', () => new Intl.DateTimeFormat('en',{timeZone:'Etc/Universal'}).resolvedOptions().timeZone);
T('intl-date/edge.32', () => Intl.DateTimeFormat.prototype[Symbol.toStringTag]);
T('intl-date/edge.33', () => new Intl.DateTimeFormat(undefined, {timeStyle:'short', hourCycle:'h23'}).format(1e12));
T('intl-date/edge.34', () => new Intl.DateTimeFormat('en-u-ca-japanese').format(1e12));
T('intl-date/edge.35', () => new Intl.DateTimeFormat('th').format(1e12));
T('intl-date/edge.36', () => new Intl.DateTimeFormat('fa').format(1e12));
T('intl-date/edge.37', () => new Intl.DateTimeFormat('he', {dateStyle:'full'}).format(1e12));
T('intl-date/edge.38', () => new Intl.DateTimeFormat('zh-Hant-TW', {dateStyle:'full', timeStyle:'long'}).format(1e12));
T('intl-date/no-helper', () => [typeof globalThis.__kit_zone_name, Object.getOwnPropertyNames(globalThis).filter((k) => /^__kit_zone/.test(k))]);
