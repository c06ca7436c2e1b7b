import { Counter } from '../../../../components/counter';

export default function SectionB() {
  return (
    <article id="page-section-b">
      <h1>Section B</h1>
      <Counter id="section-page-counter" label="page b" />
      <div style={{ height: 2000 }}>tall</div>
    </article>
  );
}
