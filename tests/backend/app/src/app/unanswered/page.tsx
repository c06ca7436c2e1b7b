import { outcome } from '../describe';
export default async function Unanswered() {
  const all = await Promise.all([outcome(rpc('Hello.greet', 'x')), outcome(rpc('Debug.dropLast'))]);
  return <ul>{all.map((o, i) => <li key={i} id={'u' + i}>{o}</li>)}</ul>;
}
