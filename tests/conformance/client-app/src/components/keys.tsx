'use client';
// Client component for the proto-keys conformance page: it shows what it
// received, so an object whose own keys are named like Object.prototype's
// members must reach it as the browser's JSON.parse makes it (own data
// properties, the prototype untouched).
export function Keys({ data }: { data: Record<string, unknown> }) {
  return (
    <dl>
      <dt>keys</dt><dd>{Object.keys(data).join(',')}</dd>
      <dt>x</dt><dd>{typeof data.x}</dd>
      <dt>inherits</dt><dd>{String(Object.getPrototypeOf(data) === Object.prototype)}</dd>
      <dt>json</dt><dd>{JSON.stringify(data)}</dd>
    </dl>
  );
}
