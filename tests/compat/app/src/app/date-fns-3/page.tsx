import { addMonths, format, formatDistanceStrict, isWeekend, lastDayOfMonth } from 'date-fns-3';
import { de, fr } from 'date-fns-3/locale';

const when = new Date(Date.UTC(2024, 1, 29, 23, 59, 59));

export default function Page() {
  const lines = [
    format(when, 'yyyy-MM-dd HH:mm:ss xxx'),
    format(addMonths(when, 1), 'PPPP', { locale: de }),
    format(lastDayOfMonth(when), 'EEEE d MMMM', { locale: fr }),
    formatDistanceStrict(when, new Date(Date.UTC(2023, 0, 1))),
    String(isWeekend(when)),
  ];
  return <main id="compat">{lines.map((l, i) => <p key={i}>{l}</p>)}</main>;
}
