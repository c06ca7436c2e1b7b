export function Heavy({ label }: { label: string }) {
  return <p id="lazy-content">{label + ' component rendered'}</p>;
}
