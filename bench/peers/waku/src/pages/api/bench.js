// (3) an API route rendered per request (Waku's API routes are dynamic by default).
import { items } from '../../components/items';

export async function GET(req) {
  const url = new URL(req.url);
  return Response.json({ path: url.pathname, agent: req.headers.get('user-agent'), items: items.slice(0, 20) });
}
