import { Counter } from '../../../../components/counter';

export default function SectionA() {
  return (
    <article id="page-section-a">
      <h1>Section A</h1>
      <Counter id="section-page-counter" label="page a" />
      <div style={{ height: 2000 }}>tall</div>
    </article>
  );
}
