import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/de';
import 'dayjs/locale/cs';
import 'dayjs/locale/ja';

dayjs.extend(advancedFormat);
dayjs.extend(customParseFormat);
dayjs.extend(relativeTime);
dayjs.extend(utc);

export default function Page() {
  const d = dayjs.utc('2024-03-07T10:30:15Z');
  const lines = [
    d.format('MMMM D, YYYY h:mm A'),
    d.format('dddd Do [of] MMMM, Q'),
    d.locale('de').format('dddd, D. MMMM YYYY'),
    d.locale('cs').format('LLLL'),
    d.locale('ja').format('LLLL'),
    d.add(1, 'month').startOf('week').format('YYYY-MM-DD'),
    d.from(dayjs.utc('2024-05-01T00:00:00Z')),
    d.locale('de').to(dayjs.utc('2023-01-01T00:00:00Z')),
    dayjs.utc('07-03-2024', 'DD-MM-YYYY').toISOString(),
    String(d.diff(dayjs.utc('2024-01-01'), 'day')),
  ];
  return <main id="compat">{lines.map((l, i) => <p key={i}>{l}</p>)}</main>;
}
