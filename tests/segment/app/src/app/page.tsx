import { currentValue } from '../lib/value';

// No config: stored at build time.
export default function Home() {
  return <p id="value">{currentValue()}</p>;
}
