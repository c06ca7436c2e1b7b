// Templates (render/README.md "Templates"): kit-build compiles this module's
// host JSX into template elements, which the walk expands itself; here user
// code also reads them (type, props, key, isValidElement, cloneElement,
// Children), which builds the elements they stand for, and the output must
// stay React's: text and attribute escaping, text separators, keys, boolean
// and number children, style objects, dangerouslySetInnerHTML.
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

const items = [
  { id: 1, name: 'A & B', price: 3 },
  { id: 2, name: '<script>x</script>', price: 0 },
  { id: 3, name: '"quoted" \'too\'', price: -1.5 },
];

function Row({ item }: { item: (typeof items)[number] }) {
  return (
    <li key={item.id} data-id={item.id} title={item.name} className="row &amp; <b>">
      <strong>{item.name}</strong> costs {item.price} coins{item.price > 2 && '!'}
    </li>
  );
}

function Inspect({ el }: { el: ReactElement<{ className?: string; children?: ReactNode }> }) {
  const props = el.props;
  return (
    <p className="inspect">
      {String(el.type)}|{String(el.key)}|{String(isValidElement(el))}|{Object.keys(props).join(',')}|
      {props.className}|{Children.count(props.children)}
    </p>
  );
}

function Wrap({ children }: { children: ReactNode }) {
  // the children read, then rendered: the built elements, not the template
  const list = Children.toArray(children) as ReactElement<{ title?: string }>[];
  return <section data-n={list.length}>{list.map((c) => cloneElement(c, { title: 'cloned ' + (c.props.title ?? '') }))}</section>;
}

export default function Page() {
  const one = <em className="one">one {items[0].name}</em>;
  const rows = items.map((item) => <Row key={item.id} item={item} />);
  const keyed = items.map((item) => (
    <li key={'k' + item.id} data-price={item.price}>
      {item.id}
      {item.name}
      {null}
      {undefined}
      {false}
      {true}
      {0}
    </li>
  ));
  const inspected = <div className="x" id="i">a<b>b</b>c</div>;
  return (
    <div id="templates" data-json={'{"a":1}'}>
      <ul>{rows}</ul>
      <ol>{keyed}</ol>
      <Inspect el={inspected} />
      {inspected}
      {one}
      {one}
      <Wrap>
        <i title="t1">first</i>
        <i title="t2">second {items[1].name}</i>
      </Wrap>
      {cloneElement(one, { className: 'two' }, 'replaced')}
      <p style={{ color: 'red', marginTop: 4 }} hidden={false} tabIndex={0}>styled</p>
      <div dangerouslySetInnerHTML={{ __html: '<i>raw</i>' }} />
      <p>
        text {'<&>'} {1} {2n as unknown as number} end
      </p>
      <input type="checkbox" defaultChecked readOnly value="v" />
      <svg viewBox="0 0 1 1"><path strokeWidth={1} d="M0 0" /></svg>
    </div>
  );
}
