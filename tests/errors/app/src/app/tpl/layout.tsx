import Counter from './counter';

export default function TplLayout({ children }: { children: React.ReactNode }) {
  return (
    <section id="tpl-layout">
      <Counter id="layout-count" />
      {children}
    </section>
  );
}
