// A layout's revalidate = 0 makes everything below it per request.
export const revalidate = 0;

export default function ZeroLayout({ children }: { children: React.ReactNode }) {
  return <section>{children}</section>;
}
