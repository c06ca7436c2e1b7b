// Intl's text services as a server component uses them (docs/intl.md
// "Text"): [id, string] rows, rendered by src/app/text/page.tsx in kit and
// by tests/suites/intl.sh with react-dom/server in Node.
const words = ['Zebra', 'Äpfel', 'apple', 'Ölberg', 'ober', 'côte', 'cote', 'chata', 'hrad', 'item10', 'item9'];

export function textRows() {
  const rows = [];
  const row = (id, v) => rows.push([id, typeof v === 'string' ? v : JSON.stringify(v)]);
  row('sort-default', [...words].sort((a, b) => a.localeCompare(b)).join(' '));
  for (const loc of ['de', 'sv', 'cs', 'fr'])
    row('sort-' + loc, [...words].sort(new Intl.Collator(loc).compare).join(' '));
  row('sort-numeric', [...words].sort(new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare).join(' '));
  row('collator-options', new Intl.Collator('de-u-co-phonebk', { caseFirst: 'upper' }).resolvedOptions());
  row('normalize', ['e\u0301', '\u00e9', '\ufb01'].map((s) => [s.normalize('NFC').length, s.normalize('NFD').length, s.normalize('NFKC')]));
  row('case-tr', 'Istanbul ıi'.toLocaleUpperCase('tr') + ' ' + 'ISTANBUL'.toLocaleLowerCase('tr'));
  for (const loc of ['en', 'de', 'fr', 'cs', 'ja'])
    row('list-' + loc, new Intl.ListFormat(loc).format(['A', 'B', 'C']) + ' | ' +
      new Intl.ListFormat(loc, { type: 'disjunction' }).format(['A', 'B']));
  const seg = new Intl.Segmenter('en', { granularity: 'word' });
  row('words', [...seg.segment('Hello, world! 日本語')].filter((s) => s.isWordLike).map((s) => s.segment + '@' + s.index));
  row('graphemes', [...new Intl.Segmenter('en').segment('e\u0301👨‍👩‍👧🇯🇵x')].map((s) => s.index));
  row('regions', ['DE', 'JP', 'CZ', 'EG'].map((r) => new Intl.DisplayNames('en', { type: 'region' }).of(r)));
  row('languages', ['de', 'fr', 'ja', 'ar'].map((l) => new Intl.DisplayNames('de', { type: 'language' }).of(l)));
  const loc = new Intl.Locale('ja', { region: 'JP', calendar: 'japanese' });
  row('locale', [loc.toString(), loc.maximize().baseName, loc.calendars, loc.weekInfo]);
  row('units', Intl.supportedValuesOf('unit').length);
  return rows;
}
