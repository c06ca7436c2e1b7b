import { DateTime, Duration, Interval, Info } from 'luxon';

export default function Page() {
  const d = DateTime.fromISO('2024-03-07T10:30:15Z', { zone: 'utc' });
  const lines = [
    d.toISO(),
    d.toFormat('yyyy LLL dd HH:mm'),
    d.setZone('America/New_York').toLocaleString(DateTime.DATETIME_FULL),
    d.setZone('Europe/Prague').setLocale('cs').toLocaleString(DateTime.DATETIME_HUGE),
    d.setLocale('de').toFormat('cccc, d. LLLL yyyy'),
    d.setLocale('ja').toLocaleString(DateTime.DATE_FULL),
    d.setLocale('fr').toRelative({ base: d.plus({ days: 3 }) }) ?? '',
    Duration.fromObject({ hours: 2, minutes: 5 }).toFormat('hh:mm'),
    Duration.fromObject({ days: 1, hours: 3 }).toHuman(),
    Interval.fromDateTimes(d, d.plus({ weeks: 2 })).toFormat('dd LLL'),
    Info.months('long', { locale: 'fr' }).join(', '),
    d.plus({ months: 1 }).endOf('month').toISODate() ?? '',
  ];
  return <main id="compat">{lines.map((l, i) => <p key={i}>{l}</p>)}</main>;
}
