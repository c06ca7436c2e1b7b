// useId() in client components nested in server-rendered children, at
// several depths and array positions: kit's HTML must carry the ids React's
// own renderer computes from the same Flight payload (tests/conformance/client-roundtrip.mjs).
import { Fragment } from 'react';
import { IdBox, IdLeaf, TwoIds, Plain, Wrapper, Twice } from '../../components/ids';

function ServerLeaf({ n }: { n: string }) {
  return <IdLeaf n={n} />;
}

// deep enough (arrays of 40 at every level) for the id to overflow into
// React's overflow string
function Deep({ level }: { level: number }) {
  if (level === 0) return <IdLeaf n="bottom" />;
  const items = [];
  for (let i = 0; i < 40; i++) items.push(i === 37 ? <IdBox key={i} label={'deep' + level}><Deep level={level - 1} /></IdBox> : <em key={i}>{i}</em>);
  return <>{items}</>;
}

export default function Page() {
  return (
    <main>
      <IdLeaf n="top" />
      <IdBox label="a"><IdLeaf n="a1" /></IdBox>
      <IdBox label="b">
        <IdLeaf n="b1" />
        <IdLeaf n="b2" />
        <IdBox label="b3"><IdLeaf n="b3x" /></IdBox>
      </IdBox>
      <Plain><IdBox label="c"><Plain><IdLeaf n="c1" /></Plain></IdBox></Plain>
      <TwoIds>
        <IdBox label="d">
          <ServerLeaf n="d1" />
          {[1, 2, 3].map((i) => <IdLeaf key={i} n={'d-' + i} />)}
          <Fragment><IdLeaf n="d-frag" /></Fragment>
        </IdBox>
      </TwoIds>
      <Wrapper><IdBox label="e"><Wrapper><IdLeaf n="e1" /></Wrapper></IdBox></Wrapper>
      <Twice><IdLeaf n="twice" /></Twice>
      <div>{[<IdBox key="k1" label="f1"><IdLeaf n="f1x" /></IdBox>, <IdBox key="k2" label="f2"><IdLeaf n="f2x" /></IdBox>]}</div>
      <Deep level={4} />
    </main>
  );
}
