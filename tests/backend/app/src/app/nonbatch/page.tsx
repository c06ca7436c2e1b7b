import { outcome } from '../describe';
export default async function NonBatch() {
  const all = await Promise.all([outcome(rpc('Debug.singleOnly')), outcome(rpc('Hello.greet', 'y'))]);
  return <ul>{all.map((o, i) => <li key={i} id={'n' + i}>{o}</li>)}</ul>;
}
