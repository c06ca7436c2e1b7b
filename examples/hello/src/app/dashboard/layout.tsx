import type { ReactNode } from 'react';

export default function DashboardLayout({ children, stats }: { children: ReactNode; stats: ReactNode }) {
  return (
    <div className="dashboard">
      <aside>{stats}</aside>
      <section>{children}</section>
    </div>
  );
}
