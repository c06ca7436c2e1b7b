// Nested arrays and fragments, keyed and unkeyed.
import { Fragment } from 'react';

const objectKey = { valueOf: () => 'v', toString: () => 't' } as unknown as string;

export default function Page() {
  const rows = [['a', 'b'], ['c'], []];
  return (
    <div>
      <ul>
        {rows.map((row, i) => (
          <Fragment key={'row' + i}>
            <li key="head">row {i}</li>
            {row.map((cell) => <li key={cell} data-cell={cell}>{cell}</li>)}
          </Fragment>
        ))}
      </ul>
      {[[<b key="x">x</b>, 'text'], [<i key="y">y</i>, [<u key="z">z</u>, 'deep']], []]}
      <>
        <>nested</>
        <>{'fragments'}{['in', 'array']}</>
      </>
      <Fragment key="k1"><span>keyed fragment</span>tail</Fragment>
      {[<Fragment key="f1">one</Fragment>, <Fragment key="f2">two</Fragment>]}
      {[]}
      <p>{['a', ['b', ['c', ['d']]], 'e']}</p>
      {/* keys that are not strings: '' + key, as React's jsx (kit's is native, render/engine.c); null is "null" */}
      {[<i key={7}>number</i>, <i key={10n as unknown as number}>bigint</i>, <i key={objectKey}>valueOf first</i>, <i key={null as unknown as string}>null</i>]}
      <p>
        {[<i key={7} />, <i key={-3} />, <i key={-0} />, <i key={1.5} />, <i key={1e21} />, <i key={-1e15} />,
          <i key={10n as unknown as number} />, <i key={objectKey} />, <i key={null as unknown as string} />, <i />].map((el) => (el.key === null ? '(none)' : String(el.key))).join(',')}
      </p>
    </div>
  );
}
