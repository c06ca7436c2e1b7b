import { outcome } from '../describe';
// the backend answers this batch as {"replies":[...]}
export default async function Replies() {
  const all = await Promise.all([outcome(rpc('Debug.repliesForm')), outcome(rpc('Hello.greet', 'replies')),
    outcome(rpc('Refuse.unauthorized'))]);
  return <ul>{all.map((o, i) => <li key={i} id={'r' + i}>{o}</li>)}</ul>;
}
