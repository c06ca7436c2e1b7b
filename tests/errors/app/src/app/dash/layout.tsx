import { cookies } from '@kit/core/request';
import { notFound } from '@kit/core/redirect';

// dash's layout stays when its pages fail: dash/error.tsx sits inside it.
// The cookie dash=boom makes the layout itself throw: the root error.tsx
// catches that (an error.tsx never catches its own segment's layout). With
// dash=gone it calls notFound(): the root not-found.tsx answers, not dash's.
export default async function DashLayout({ children }: { children: React.ReactNode }) {
  const dash = (await cookies()).get('dash')?.value;
  if (dash === 'boom') throw new Error('the dash layout failed');
  if (dash === 'gone') notFound();
  return (
    <section id="dash-layout">
      <h2>dash layout</h2>
      {children}
    </section>
  );
}
