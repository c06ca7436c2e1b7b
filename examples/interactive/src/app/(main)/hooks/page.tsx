import {
  ChildrenDemo, DeferredDemo, EffectProbe, ForwardRefDemo, MemoDemo, ReducerDemo, RefDemo, StateDemo,
  StoreDemo, StrictDemo, TransitionDemo,
} from '../../../components/hooks';

export default function Hooks() {
  return (
    <section id="page-hooks">
      <h1>Hooks</h1>
      <StateDemo />
      <ReducerDemo start={7} />
      <RefDemo />
      <MemoDemo />
      <EffectProbe />
      <StoreDemo />
      <TransitionDemo />
      <DeferredDemo />
      <ForwardRefDemo />
      <ChildrenDemo />
      <StrictDemo>
        <p id="strict-server">a server component inside StrictMode</p>
      </StrictDemo>
    </section>
  );
}
