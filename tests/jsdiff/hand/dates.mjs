// Date.UTC and the Date constructor over the whole range of years: negative
// years, the years 0 to 99 (1900 to 1999, integers only), fractions, the
// +-275,760 limits of time values, and arguments left out or undefined.
import { T } from '../harness.mjs';

T('date-years/utc-negative', () => [Date.UTC(-1, 0), Date.UTC(-1, 11, 31), Date.UTC(-100, 0), Date.UTC(-400, 1, 29), Date.UTC(-1000, 0), Date.UTC(-9999, 5, 15, 12)]);
T('date-years/utc-negative-iso', () => [new Date(Date.UTC(-1000, 0)).toISOString(), new Date(Date.UTC(-1, 0)).getUTCFullYear(), new Date(Date.UTC(-271821, 3, 20)).toISOString()]);
T('date-years/utc-0-99', () => [Date.UTC(0, 0), Date.UTC(1, 0), Date.UTC(70, 0), Date.UTC(99, 11, 31), Date.UTC(100, 0), Date.UTC(101, 0)]);
T('date-years/utc-fraction', () => [Date.UTC(-0.5, 0), Date.UTC(0.5, -1), Date.UTC(99.9, 0), Date.UTC(-1.5, 0), Date.UTC(100.5, 0)]);
T('date-years/utc-low-limit', () => [Date.UTC(-271821, 3, 20), Date.UTC(-271821, 3, 19), Date.UTC(-271821, 3, 19, 23, 59, 59, 999), Date.UTC(-271821, 3, 20, 0, 0, 0, -1), Date.UTC(-271822, 0)]);
T('date-years/utc-high-limit', () => [Date.UTC(275760, 8, 13), Date.UTC(275760, 8, 13, 0, 0, 0, 1), Date.UTC(275760, 8, 12, 23, 59, 59, 999), Date.UTC(275761, 0)]);
T('date-years/utc-every-thousand', () => { var r = []; for (var y = -271000; y <= 275000; y += 27300) r.push(Date.UTC(y, 6, 1)); return r; });
T('date-years/utc-arguments', () => [Date.UTC(), Date.UTC(2020), Date.UTC(-2020), Date.UTC(2020, undefined), Date.UTC(NaN, 0), Date.UTC(Infinity, 0)]);
T('date-years/ctor-negative', () => [new Date(-1, 0).getTime(), new Date(-1000, 0).getTime(), new Date(-271821, 3, 20).getTime(), new Date(-271821, 3, 19).getTime(), new Date(-1, 0).getFullYear()]);
T('date-years/ctor-0-99', () => [new Date(0, 0).getFullYear(), new Date(99, 11).getFullYear(), new Date(100, 0).getFullYear(), new Date(-0.5, 0).getFullYear()]);
T('date-years/ctor-high-limit', () => [new Date(275760, 8, 13).getTime(), new Date(275760, 8, 13, 0, 0, 0, 1).getTime()]);
T('date-years/set-negative', () => { var d = new Date(0); return [d.setUTCFullYear(-1000), d.toISOString(), d.setUTCFullYear(50), d.getUTCFullYear()]; });
T('date-years/ctor-undefined', () => [new Date(2020, 0, undefined).getTime(), new Date(2020, 0, 1, undefined).getTime(), new Date(2020, 0, 1, 0, 0, 0, undefined).getTime(), new Date(2020, 0).getTime(), new Date(2020, undefined).getTime()]);
