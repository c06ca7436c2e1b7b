import { currentValue } from '../../../lib/value';

export default function Inner() {
  return <p id="value">{currentValue()}</p>;
}
