export default async function Account() {
  const me = await rpc<{ name: string }>('Me.profile');
  return <p id="me">signed in as {me.name}</p>;
}
