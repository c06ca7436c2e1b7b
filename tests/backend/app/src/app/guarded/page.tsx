export default async function Guarded() {
  const me = await rpc<{ name: string }>('Me.profile');
  return <p id="me">hello {me.name}</p>;
}
