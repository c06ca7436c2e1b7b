import * as Tabs from '@radix-ui/react-tabs';
import { Disclosure } from '../../../components/disclosure';
import { Counter } from '../../../components/counter';
import { F } from '../../../components/ids';

// A UI library from npm (Radix primitives: "use client" modules in
// node_modules). Tabs' parts are client references used straight from this
// server component; Collapsible is used inside a client component of ours.
// F (a useId probe) inside Tabs.Root's children: Root calls useId() itself.
export default function Ui() {
  return (
    <section id="page-ui">
      <h1>Radix UI</h1>
      <Tabs.Root defaultValue="one" id="tabs">
        <Tabs.List aria-label="example tabs" id="tabs-list">
          <Tabs.Trigger value="one">One</Tabs.Trigger>
          <Tabs.Trigger value="two">Two</Tabs.Trigger>
          <Tabs.Trigger value="three" disabled>Three</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="one">
          <p>first panel</p>
          <Counter id="tab-counter" label="in tab one" />
          <F n="in-tabs" />
        </Tabs.Content>
        <Tabs.Content value="two"><p id="second-panel">second panel</p></Tabs.Content>
        <Tabs.Content value="three"><p>third panel</p></Tabs.Content>
      </Tabs.Root>
      <Disclosure title="details">
        <p id="disclosure-body">hidden until opened</p>
      </Disclosure>
    </section>
  );
}
