// No directive, imported by a client module (the client graph): its JSX stays
// jsx() calls (tests/suites/templates.sh).
export function Badge({ label }: { label: string }) {
  return <span className="shared-by-client">{label}</span>;
}
