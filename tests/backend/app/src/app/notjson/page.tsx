import { outcome } from '../describe';
export default async function NotJson() {
  return <p id="notjson">{await outcome(rpc('Debug.notJson'))}</p>;
}
