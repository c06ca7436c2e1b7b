// (3) an API route rendered per request (it reads its Request).
import { items } from '../../items';

export function GET(req) {
  const url = new URL(req.url);
  return Response.json({ path: url.pathname, agent: req.headers.get('user-agent'), items: items.slice(0, 20) });
}
