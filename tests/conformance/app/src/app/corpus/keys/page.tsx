// Nested arrays and fragments, keyed and unkeyed.
import { Fragment } from 'react';

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
    </div>
  );
}
