export const dynamic = 'force-dynamic';
export default function P() {
  return <main><p id="live">{process.env.GREETING}|{process.env.OVERRIDE}|{String(process.env.QUERY_STRING)}|{String(process.env.HTTP_COOKIE)}</p></main>;
}
