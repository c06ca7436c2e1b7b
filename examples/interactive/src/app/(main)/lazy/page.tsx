import { LazyDemo } from '../../../components/lazy';

export default function LazyPage() {
  return (
    <section id="page-lazy">
      <h1>lazy()</h1>
      <LazyDemo />
    </section>
  );
}
