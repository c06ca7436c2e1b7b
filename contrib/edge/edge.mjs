// contrib/edge/edge.mjs — an edge in front of a kit origin, Cloudflare-Worker
// style (a fetch(request) handler over the web Request/Response/streams; runs
// as is under Node ≥ 18 with the little server at the bottom).
//
// For a page document it serves the PPR shell from its own cache at once
// (GET /_rsc/ppr-shell?url=: JSON {shell, version}, cacheable, the same for
// every visitor) and
// pipes POST /_rsc/ppr-resume?url= — the holes rendered for THIS visitor,
// with the visitor's own cookies — onto the same response. Anything else
// (no shell, a route with middleware, navigations, assets, actions) goes to
// the origin unchanged.
//
//   ORIGIN=http://127.0.0.1:8080 PORT=8787 node contrib/edge/edge.mjs

const ORIGIN = process.env.ORIGIN || 'http://127.0.0.1:8080';
const cache = new Map(); // url path → { shell: Uint8Array, version } (dropped when a resume's version differs)

async function shellFor(path) {
  const hit = cache.get(path);
  if (hit) return hit;
  const r = await fetch(ORIGIN + '/_rsc/ppr-shell?url=' + encodeURIComponent(path));
  if (r.status !== 200) return null; // no shell, or a route with middleware: never cached here
  // {"shell": "<the stored HTML>", "version": "<build>"} (docs/build-output.md)
  const { shell, version } = await r.json();
  if (typeof shell !== 'string') return null;
  const entry = { shell: new TextEncoder().encode(shell), version: version ?? r.headers.get('x-rsc-version') };
  cache.set(path, entry);
  return entry;
}

// Headers of the visitor a resume may carry to the origin (its middleware
// runs against the caller's own cookies).
function visitorHeaders(request) {
  const h = new Headers();
  for (const name of ['cookie', 'authorization', 'user-agent', 'accept-language']) {
    const v = request.headers.get(name);
    if (v) h.set(name, v);
  }
  return h;
}

export async function handle(request) {
  const url = new URL(request.url);
  const isDocument = request.method === 'GET' && !request.headers.get('x-rsc') && !url.search &&
    !url.pathname.startsWith('/_rsc/') && !url.pathname.startsWith('/_kit/');
  const entry = isDocument ? await shellFor(url.pathname) : null;
  if (!entry) return fetch(new Request(ORIGIN + url.pathname + url.search, request));

  const { readable, writable } = new TransformStream();
  const writer = writable.getWriter();
  (async () => {
    try {
      await writer.write(entry.shell); // the shell first, straight from the cache
      const resume = await fetch(ORIGIN + '/_rsc/ppr-resume?url=' + encodeURIComponent(url.pathname), {
        method: 'POST',
        headers: visitorHeaders(request),
      });
      if (resume.status === 200 && resume.headers.get('x-rsc-version') === entry.version) {
        const reader = resume.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          await writer.write(value);
        }
      } else {
        // refused (middleware), or a new deploy: the fallbacks stay; a new
        // version also drops the cached shell so the next visitor gets the new one
        if (resume.headers.get('x-rsc-version') !== entry.version) cache.delete(url.pathname);
        await writer.write(new TextEncoder().encode('</body></html>'));
      }
    } catch {
      await writer.write(new TextEncoder().encode('</body></html>')).catch(() => {});
    }
    await writer.close().catch(() => {});
  })();
  return new Response(readable, {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // the response as a whole holds this visitor's holes
      'cache-control': 'private, no-store',
      'x-rsc-version': entry.version || '',
      'x-rsc-kit': 'edge-shell',
    },
  });
}

export default { fetch: handle }; // Cloudflare Workers

// Node: a tiny server around handle().
if (typeof process !== 'undefined' && process.argv[1] && process.argv[1].endsWith('edge.mjs')) {
  const http = await import('node:http');
  const port = Number(process.env.PORT || 8787);
  http.createServer(async (req, res) => {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : req;
    const r = await handle(new Request('http://' + (req.headers.host || 'edge') + req.url,
      { method: req.method, headers, body, duplex: 'half' }));
    res.writeHead(r.status, Object.fromEntries(r.headers));
    if (!r.body) return res.end();
    const reader = r.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
    res.end();
  }).listen(port, '127.0.0.1', () => console.log(`edge on http://127.0.0.1:${port} → ${ORIGIN}`));
}
