// A login that redirects still logs in: the Set-Cookie of the first call goes
// out with the redirect the second one answers.
export default async function CookieRedirect() {
  await rpc('Session.login', 'dave');
  await rpc('Refuse.redirect', '/welcome');
  return <p>not reached</p>;
}
