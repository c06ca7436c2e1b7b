import type { ReactNode } from 'react';
import { F, Field, FieldList, Group, IdDirect, IdDirect2, IdFrag, IdWrap, IdWrap2, Many, NoIdWrap, NoIdWrap2 } from '../../../components/ids';

function ServerWrapper({ children }: { children?: ReactNode }) {
  return <div className="server-wrapper">{children}</div>;
}

export default function Ids() {
  return (
    <section id="page-ids">
      <h1>useId</h1>
      <Field label="alone" />
      <Many />
      <Group title="outer">
        <Field label="in outer" />
        <Group title="inner">
          <Field label="in inner 1" />
          <ServerWrapper>
            <Field label="in inner 2" />
          </ServerWrapper>
        </Group>
        {['x', 'y', 'z'].map((n) => <Field key={n} label={'array ' + n} />)}
      </Group>
      <FieldList names={['one', 'two', 'three']} />
      {[1, 2].map((n) => (
        <Group key={n} title={'group ' + n}>
          <Many />
        </Group>
      ))}
      <h2>Cases</h2>
      <div id="id-cases">
        <div><NoIdWrap><F n="A1" /></NoIdWrap></div>
        <div><NoIdWrap2><F n="B1" /></NoIdWrap2></div>
        <div><IdWrap><F n="C1" /></IdWrap></div>
        <div><IdWrap2><F n="D1" /></IdWrap2></div>
        <div><IdWrap><F n="E1" /><F n="E2" /></IdWrap></div>
        <div><IdFrag><F n="G1" /></IdFrag></div>
        <div><IdFrag><F n="H1" /><F n="H2" /></IdFrag></div>
        <div><NoIdWrap><F n="I1" /><F n="I2" /></NoIdWrap></div>
        <div><IdDirect /></div>
        <div><IdDirect2 /></div>
      </div>
    </section>
  );
}
