// Two calls of one tick (one NDJSON batch) whose answer sets a cookie: it
// arrives with the first line, before the shell is written.
export default async function CookieBatch() {
  const [t, n] = await Promise.all([rpc<string>('Session.touch'), rpc<number>('Fast.count')]);
  return <p id="touch">{t} {String(n)}</p>;
}
