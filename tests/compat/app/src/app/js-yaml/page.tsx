import { dump, load } from 'js-yaml';

const doc = `
name: kit
version: 1.2
tags: [a, b, "c d"]
nested:
  list:
    - x: 1
    - y: null
  when: 2024-03-07T10:00:00Z
multi: |
  line one
  line two
anchors:
  base: &b { k: v }
  copy: *b
`;

export default function Page() {
  const data = load(doc) as Record<string, unknown>;
  let error = '';
  try {
    load('a: [1, 2');
  } catch (e) {
    error = (e as Error).name + ': ' + (e as Error).message;
  }
  return (
    <main id="compat">
      <pre>{JSON.stringify(data, null, 2)}</pre>
      <pre>{dump({ a: 1, b: [true, null, 'x: y'], c: { d: 'multi\nline' } })}</pre>
      <pre>{error}</pre>
    </main>
  );
}
