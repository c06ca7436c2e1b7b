import { addDays, differenceInCalendarDays, eachDayOfInterval, format, formatDistance, formatISO, formatRelative, intervalToDuration, parse, parseISO, startOfWeek } from 'date-fns';
import { cs, de, fr, ja, arSA } from 'date-fns/locale';

const when = new Date(Date.UTC(2024, 2, 7, 10, 30, 15));
const base = new Date(Date.UTC(2024, 0, 1, 0, 0, 0));

export default function Page() {
  const lines = [
    format(when, 'yyyy-MM-dd HH:mm:ss'),
    format(when, 'PPPPpppp'),
    format(when, "EEEE, MMMM do yyyy 'at' h:mm a"),
    ...[cs, de, fr, ja, arSA].map((locale) => format(when, 'PPPP p', { locale })),
    formatDistance(when, base),
    formatDistance(when, base, { addSuffix: true, locale: de }),
    formatRelative(addDays(when, 2), when),
    formatISO(when),
    String(differenceInCalendarDays(when, base)),
    eachDayOfInterval({ start: when, end: addDays(when, 3) }).map((d) => format(d, 'EEE d')).join(' '),
    format(startOfWeek(when, { weekStartsOn: 1 }), 'yyyy-MM-dd'),
    format(parse('07/03/2024 14:05', 'dd/MM/yyyy HH:mm', base), 'PPpp'),
    parseISO('2024-03-07T10:30:00Z').toISOString(),
    JSON.stringify(intervalToDuration({ start: base, end: when })),
  ];
  return <main id="compat">{lines.map((l, i) => <p key={i}>{l}</p>)}</main>;
}
