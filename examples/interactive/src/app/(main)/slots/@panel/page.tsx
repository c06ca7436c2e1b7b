import { Counter } from '../../../../components/counter';

export default function Panel() {
  return <div id="panel-index"><p>panel for the index</p><Counter id="panel-counter" label="panel" /></div>;
}
