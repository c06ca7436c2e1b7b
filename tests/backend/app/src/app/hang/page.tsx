import { outcome } from '../describe';
export default async function Hang() {
  return <p id="hang">{await outcome(rpc('Hang.forever'))}</p>;
}
