import { Counter } from '../../components/counter';
import { Where } from '../../components/where';

export default function Interactive() {
  return (
    <section>
      <h1>Interactive</h1>
      <Where />
      <Counter label="page counter" start={5} />
    </section>
  );
}
