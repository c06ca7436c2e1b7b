import Pub from '../components/pub';
export default function P() {
  return <main><p id="server">{process.env.GREETING}|{process.env.SHARED}|{process.env.NEXT_PUBLIC_SITE}|{process.env.SECRET}|{process.env.OVERRIDE}|{String(process.env.HTTP_HOST)}</p><Pub /></main>;
}
