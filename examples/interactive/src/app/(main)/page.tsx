import { Counter } from '../../components/counter';

export default function Home() {
  return (
    <section id="page-home">
      <h1>Client components</h1>
      <p>Every page of this app renders its client components on the server (mujs) and hydrates them.</p>
      <Counter id="home-counter" label="home" start={3} />
    </section>
  );
}
