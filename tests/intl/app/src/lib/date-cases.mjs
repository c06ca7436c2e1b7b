// Intl.DateTimeFormat, Intl.RelativeTimeFormat and Date's locale methods as
// a blog's post list uses them (tests/suites/intl.sh): [id, text] rows that
// the pages render in kit and the suite renders with react-dom in Node. Only
// forms that ICU 72 and Node's ICU 78 agree on (docs/intl.md).
const LOCALES = ['en', 'de', 'fr', 'cs', 'ja', 'ar-u-nu-latn', 'en-GB'];
const POSTED = [Date.UTC(2024, 1, 29, 13, 5, 9), Date.UTC(2024, 6, 1, 22, 30), Date.UTC(1999, 11, 31, 23, 59, 59)];

export function dateRows() {
  const rows = [];
  for (const locale of LOCALES) {
    const long = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Prague' });
    const words = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    const ago = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    POSTED.forEach((t, i) => {
      rows.push([`${locale}-${i}-long`, long.format(t)]);
      rows.push([`${locale}-${i}-parts`, words.formatToParts(t).map((p) => (p.type === 'weekday' ? p.value.toUpperCase() : p.value)).join('')]);
      rows.push([`${locale}-${i}-date`, new Date(t).toLocaleDateString(locale)]);
      rows.push([`${locale}-${i}-range`, long.formatRange(t, t + 3 * 86400000)]);
    });
    rows.push([`${locale}-ago`, [ago.format(-1, 'day'), ago.format(3, 'weeks'), ago.format(-2, 'hour')].join(', ')]);
  }
  rows.push(['toString', new Date(POSTED[0]).toString()]);
  rows.push(['parse', String(Date.parse('Thu, 29 Feb 2024 13:05:09 GMT'))]);
  rows.push(['zone', new Intl.DateTimeFormat().resolvedOptions().timeZone]);
  return rows;
}
