'use client';

// The root segment's boundary: inside the root layout, around everything
// below it (dash's layout included).
export default function RootError({ error }: { error: Error & { digest?: string } }) {
  return <div id="root-error">root error boundary: {error.digest}</div>;
}
