// The app's own middleware function calls the backend: its Set-Cookie goes on
// the answer (middleware runs before anything renders).
export default async function touch() {
  await rpc('Session.login', 'mw');
}
