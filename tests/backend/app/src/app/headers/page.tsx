export default async function Headers() {
  const h = await rpc<Record<string, string>>('Echo.headers');
  return <pre id="headers">{JSON.stringify(h)}</pre>;
}
