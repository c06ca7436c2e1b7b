// A no-store fetch above every boundary: the route renders per request.
async function load(): Promise<string> {
  try {
    const res = await fetch('http://127.0.0.1:9/nothing', { cache: 'no-store', timeout: 1000 } as RequestInit);
    return String(res.status);
  } catch {
    return 'fetch failed';
  }
}

export default async function NoStore() {
  return <p id="fetched">{await load()}</p>;
}
