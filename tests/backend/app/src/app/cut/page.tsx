import { outcome } from '../describe';
export default async function Cut() {
  const all = await Promise.all([outcome(rpc('Fast.count')), outcome(rpc('Debug.cutMidStream'))]);
  return <ul>{all.map((o, i) => <li key={i} id={'c' + i}>{o}</li>)}</ul>;
}
