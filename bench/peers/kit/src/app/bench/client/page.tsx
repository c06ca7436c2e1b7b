// A page with one client component: the JavaScript a browser loads for it.
import { Counter } from './counter';

export default function Client() {
  return <Counter start={5} />;
}
