import { connection } from '@kit/core/request';
import { BACKEND, outcome } from '../../backend';

export default async function ErrorsPage() {
  await connection();
  const refused = await outcome(fetch('http://127.0.0.1:1/'));
  const missing = await fetch(BACKEND + '/missing');
  const missingText = await missing.text();
  const cut = await outcome(fetch(BACKEND + '/cut').then((r) => r.text().then(() => r)));
  const big = await outcome(fetch(BACKEND + '/big'));
  const scheme = await outcome(fetch('file:///etc/passwd'));
  const relative = await outcome(fetch('/relative'));
  let thrown = 'none';
  try {
    await fetch(BACKEND + '/json', { method: 'GET', body: 'x' });
  } catch (e) {
    thrown = (e as Error).name;
  }
  return (
    <ul>
      <li id="refused">{refused}</li>
      <li id="missing">{`${missing.status} ${missing.ok} ${missing.statusText} ${missingText}`}</li>
      <li id="cut">{cut}</li>
      <li id="big">{big}</li>
      <li id="scheme">{scheme}</li>
      <li id="relative">{relative}</li>
      <li id="get-body">{thrown}</li>
    </ul>
  );
}
