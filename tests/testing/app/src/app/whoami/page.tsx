// The handler sees the visitor's Cookie (and Authorization).
export default async function WhoAmI() {
  const me = await rpc<{ name: string }>('Me.profile');
  return <p id="whoami">you are {me.name}</p>;
}
