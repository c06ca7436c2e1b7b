import YAML from 'yaml';

export default function Page() {
  const data = YAML.parse('a: 1\nb: [x, y]\nc:\n  d: true\n  e: ~\nf: 0x1F\ng: 1e3\n');
  const doc = YAML.parseDocument('# comment\nkey: value # trailing\nlist:\n  - 1\n  - 2\n');
  const bad = YAML.parseDocument('a: [1, 2\nb: c');
  return (
    <main id="compat">
      <pre>{JSON.stringify(data)}</pre>
      <pre>{YAML.stringify({ s: 'str', n: 1.5, l: [1, 'two', null], o: { deep: { er: 'x' } }, m: 'a\nb' })}</pre>
      <pre>{doc.toString()}</pre>
      <pre>{bad.errors.map((e) => e.code + ' ' + e.message).join('\n')}</pre>
    </main>
  );
}
