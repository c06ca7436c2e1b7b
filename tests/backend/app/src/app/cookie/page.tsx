// A host call above every Suspense boundary whose answer sets a cookie: the
// Set-Cookie reaches the page's response (its headers are still open).
export default async function Cookie() {
  const r = await rpc<string>('Session.login', 'carol');
  return <p id="login">{r}</p>;
}
