// Template elements (render/README.md "Templates": this server module's host
// JSX) passed to a client component as a prop and as children, keyed and
// not, one of them read by server code first (its type and props built).
import { Slots } from '../../components/slots';

const names = ['a & b', '<i>c</i>', 'd'];

export default function Page() {
  const header = <h2 key="h" className="head">Title {names.length}</h2>;
  const read = <li className="read">read {names[0]}</li>;
  const seen = String(read.type) + ':' + Object.keys(read.props).join(',');
  return (
    <main>
      <Slots header={header}>
        {names.map((n, i) => (
          <li key={n} data-i={i}>
            <b>{n}</b> item
          </li>
        ))}
        {read}
        <li>{seen}</li>
      </Slots>
    </main>
  );
}
