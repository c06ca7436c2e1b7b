export default async function Single() {
  const greeting = await rpc<string>('Hello.greet', 'kit');
  return <p id="greet">{greeting}</p>;
}
