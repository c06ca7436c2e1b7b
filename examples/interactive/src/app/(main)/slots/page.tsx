import { Counter } from '../../../components/counter';

export default function SlotsIndex() {
  return <article id="page-slots-index"><h1>Slots: index</h1><Counter id="slots-page-counter" label="index" /></article>;
}
