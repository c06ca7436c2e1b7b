// Intl.NumberFormat, Intl.PluralRules and Number.prototype.toLocaleString
// as a page uses them (tests/suites/intl.sh): [id, text] rows that the
// pages render in kit and the suite renders with react-dom in Node. Only
// strings that ICU 72 and Node's ICU 78 agree on (docs/intl.md).
export function numberRows() {
  const price = new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' });
  const plural = new Intl.PluralRules('en', { type: 'ordinal' });
  const suffix = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
  const cs = new Intl.PluralRules('cs');
  const files = { one: 'soubor', few: 'soubory', many: 'souboru', other: 'souborů' };
  return [
    ['default', (1234567.891).toLocaleString()],
    ['de-price', price.format(1234.5)],
    ['de-price-parts', price.formatToParts(-1234.5).map((p) => p.type).join(' ')],
    ['fr-percent', (0.256).toLocaleString('fr', { style: 'percent', maximumFractionDigits: 1 })],
    ['en-IN', new Intl.NumberFormat('en-IN').format(123456789.5)],
    ['ja-yen', new Intl.NumberFormat('ja', { style: 'currency', currency: 'JPY' }).format(9876543)],
    ['cs-unit', new Intl.NumberFormat('cs', { style: 'unit', unit: 'kilometer-per-hour', unitDisplay: 'long' }).format(2)],
    ['compact', new Intl.NumberFormat('en', { notation: 'compact', compactDisplay: 'long' }).format(4200000)],
    ['range', new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).formatRange(3, 5)],
    ['exact', new Intl.NumberFormat('en').format('1234567890123456789.25')],
    ['sign', new Intl.NumberFormat('en', { signDisplay: 'exceptZero' }).format(-0.0001)],
    ['ordinals', [1, 2, 3, 4, 11, 22, 103].map((n) => n + suffix[plural.select(n)]).join(' ')],
    ['cs-plural', [1, 3, 1.5, 10].map((n) => n + ' ' + files[cs.select(n)]).join(', ')],
    ['options', JSON.stringify(price.resolvedOptions())],
  ];
}
