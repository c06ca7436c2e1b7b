import { Where } from '../../../components/where';

export default async function More() {
  return (
    <section>
      <h1>More</h1>
      <Where />
    </section>
  );
}
