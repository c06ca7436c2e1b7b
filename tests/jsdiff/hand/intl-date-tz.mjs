// jsdiff-tz: Europe/Prague America/New_York Asia/Kolkata Australia/Lord_Howe
// Local time under other zones: run.mjs runs this file once per zone named
// above (TZ=zone, in kit and in Node). mujs's own local time (getHours,
// getTimezoneOffset, toString, the Date constructor and local date strings:
// mujs patch 1350) and Intl's default zone across the daylight saving
// changes. Each id names the zone, so the runs do not collide.
import { T } from '../harness.mjs';

var ZONE = new Intl.DateTimeFormat().resolvedOptions().timeZone;
// around the 2024 changes: Prague 31 Mar / 27 Oct, New York 10 Mar / 3 Nov,
// Lord Howe 7 Apr / 6 Oct (half an hour), and a few other instants
var TIMES = [0, 1e12, 1710054000000, 1710057600000, 1711846800000, 1711850400000, 1712412000000, 1712415600000,
	1728142200000, 1728144000000, 1730001600000, 1730008800000, 1730613600000, 1730617200000, -2e12, 2e12, 4e12,
	-62198755200000, 1719835200000, 1704067200000];
for (var i = 0; i < TIMES.length; i++) {
	(function (t) {
		T(`intl-date-tz/${ZONE}.local.${t}`, () => {
			var d = new Date(t);
			return [d.getFullYear(), d.getMonth(), d.getDate(), d.getDay(), d.getHours(), d.getMinutes(), d.getTimezoneOffset()];
		});
		T(`intl-date-tz/${ZONE}.toString.${t}`, () => { var d = new Date(t); return [d.toString(), d.toTimeString(), d.toDateString()]; });
		T(`intl-date-tz/${ZONE}.toLocale.${t}`, () => {
			var d = new Date(t);
			return [d.toLocaleString(), d.toLocaleString('de', { timeZoneName: 'short' }), d.toLocaleTimeString('en-GB', { timeZoneName: 'long' })];
		});
	})(TIMES[i]);
}
// local times: in the spring gap, in the repeated autumn hour, ordinary ones
var LOCAL = [[2024, 2, 31, 2, 30], [2024, 9, 27, 2, 30], [2024, 2, 10, 2, 30], [2024, 10, 3, 1, 30], [2024, 3, 7, 1, 45],
	[2024, 9, 6, 2, 15], [2024, 0, 15, 12, 0], [2024, 6, 15, 12, 0], [1900, 0, 1, 0, 0], [2050, 6, 1, 0, 0]];
for (i = 0; i < LOCAL.length; i++) {
	(function (l, k) {
		T(`intl-date-tz/${ZONE}.ctor.${k}`, () => {
			var d = new Date(l[0], l[1], l[2], l[3], l[4]);
			return [d.getTime(), d.getHours(), d.getMinutes(), d.toString()];
		});
		T(`intl-date-tz/${ZONE}.setters.${k}`, () => {
			var d = new Date(2024, 0, 1);
			d.setFullYear(l[0], l[1], l[2]);
			d.setHours(l[3], l[4]);
			return [d.getTime(), d.getDate(), d.getHours()];
		});
	})(LOCAL[i], i);
}
var STRINGS = ['2024-03-31T02:30', '2024-10-27T02:30', '2024-07-01T10:00', '2024-01-01', '2024-01-01T00:00',
	'Mar 10 2024 02:30', 'Nov 3 2024 01:30', '2024/07/01 10:00', '7 March 2024', 'Thu Mar 07 2024 10:00:00 GMT+0100 (CET)'];
for (i = 0; i < STRINGS.length; i++) {
	(function (s, k) {
		T(`intl-date-tz/${ZONE}.parse.${k}`, () => [s, Date.parse(s)]);
	})(STRINGS[i], i);
}
T(`intl-date-tz/${ZONE}.resolved`, () => new Intl.DateTimeFormat('en').resolvedOptions());
T(`intl-date-tz/${ZONE}.range`, () => new Intl.DateTimeFormat('en', { hour: 'numeric', minute: 'numeric', timeZoneName: 'short' }).formatRange(1711846800000, 1711850400000));
T(`intl-date-tz/${ZONE}.offsets`, () => [0, 2, 5, 8, 11].map(function (m) { return new Date(2024, m, 15).getTimezoneOffset(); }));
