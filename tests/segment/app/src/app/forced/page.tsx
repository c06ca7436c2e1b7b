import { currentValue } from '../../lib/value';

export const dynamic = 'force-dynamic';

export default function Forced() {
  return <p id="value">{currentValue()}</p>;
}
