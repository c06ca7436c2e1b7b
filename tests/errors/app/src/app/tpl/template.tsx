import Counter from './counter';

// template.tsx: below tpl's layout, around its pages; mounted afresh on
// each navigation between them (its counter resets, the layout's does not).
export default function TplTemplate({ children }: { children: React.ReactNode }) {
  return (
    <div id="tpl-template">
      <Counter id="template-count" />
      {children}
    </div>
  );
}
