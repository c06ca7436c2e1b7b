// Class components (client components) rendered on the server, against
// React's own HTML of the same modules.
import { Boundary, Counter, Derived, Legacy, Themed } from '../../components/classes';

export default function Page() {
  return (
    <main>
      <Counter start={3} />
      <Themed>
        <Counter start={5} />
      </Themed>
      <Derived items={['a', 'b', 'c']} />
      <Legacy label="legacy" />
      <Boundary>
        <Counter start={1} />
      </Boundary>
    </main>
  );
}
