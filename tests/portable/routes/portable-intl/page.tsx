import { connection } from '@kit/core/request';

// Intl over ICU: a number, a date in a named zone, collation. In the
// portable programs ICU is linked in; elsewhere it is loaded on first use,
// and without it each call throws and the page goes on.
function probe(f: () => string): string {
  try {
    return 'formatted: ' + f();
  } catch (e) {
    return 'error: ' + (e as Error).name + ': ' + (e as Error).message;
  }
}

export default async function PortableIntl() {
  await connection();
  const when = new Date(Date.UTC(2024, 2, 31, 12, 0, 0));
  return (
    <>
      <p id="intl">{probe(() => new Intl.NumberFormat('de-DE').format(1234.5))}</p>
      <p id="date">
        {probe(() =>
          new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'long', timeZone: 'Europe/Berlin' }).format(when),
        )}
      </p>
      <p id="collator">
        {probe(() => ['z', 'a', 'ä', 'Ä', 'o'].sort(new Intl.Collator('sv').compare).join(',') + ' ' + new Intl.Collator('de').compare('ä', 'z'))}
      </p>
      <p id="locale">{probe(() => (1234567.891).toLocaleString('en-IN') + ' ' + new Intl.PluralRules('ru').select(3))}</p>
    </>
  );
}
