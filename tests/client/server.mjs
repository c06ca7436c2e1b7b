// A tiny stand-in for kit's server: answers the test app of pages.mjs.
//   GET <page>                 the document (head=1 puts the entry in <head> and
//                              the Flight rows 300 ms later)
//   GET <page> + X-RSC: true   the Flight payload below the deepest layout held
//                              (X-RSC-Segments), or 409 (X-RSC-Version differs),
//                              204 + X-RSC-Redirect, a 500 for /broken
//   GET /_kit/static/<file>    the bundle
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { routes, documentWrites, navigationWrites, sharedDepth, VERSION } from './pages.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function startServer(staticDir, { host = '127.0.0.1' } = {}) {
  const log = [];
  let port = 0;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    const rsc = req.headers['x-rsc'] === 'true';
    log.push({ path: url.pathname + url.search, rsc, segments: req.headers['x-rsc-segments'] ?? null, version: req.headers['x-rsc-version'] ?? null });
    if (url.pathname === '/favicon.ico') { res.writeHead(204); return res.end(); }
    if (url.pathname.startsWith('/_kit/static/')) {
      const f = path.join(staticDir, path.basename(url.pathname));
      if (!fs.existsSync(f)) { res.writeHead(404); return res.end(); }
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(fs.readFileSync(f));
    }
    const route = routes[url.pathname];
    const vary = { Vary: 'X-RSC, X-RSC-Segments', 'Cache-Control': 'no-store' };
    if (!route) { res.writeHead(404, { 'Content-Type': 'text/plain', ...vary }); return res.end('not found'); }
    const ctx = { pathname: url.pathname, alt: `http://localhost:${port}` };
    if (rsc) {
      const v = req.headers['x-rsc-version'];
      if (v && v !== VERSION) { res.writeHead(409, { 'X-RSC-Location': url.pathname + url.search, ...vary }); return res.end(); }
      if (route.redirect) { res.writeHead(204, { 'X-RSC-Redirect': route.redirect, ...vary }); return res.end(); }
      if (route.delay) await sleep(route.delay);
      if (route.navStatus) { res.writeHead(route.navStatus, { 'Content-Type': 'text/plain', ...vary }); return res.end('failed'); }
      const held = String(req.headers['x-rsc-segments'] || '').split(',').filter(Boolean);
      const depth = sharedDepth(held, route.layouts);
      res.writeHead(200, {
        'Content-Type': 'text/x-component', 'X-RSC-Segment-Depth': String(depth),
        'X-RSC-Layouts': route.layouts.join(','), 'X-RSC-Version': VERSION, ...vary,
      });
      for (const [delay, rows] of navigationWrites(route, depth, ctx)) {
        if (delay) await sleep(delay);
        res.write(rows);
      }
      return res.end();
    }
    if (route.redirect) { res.writeHead(307, { Location: route.redirect, ...vary }); return res.end(); }
    const writes = documentWrites(route, ctx, { entryInHead: url.searchParams.has('head') });
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...vary });
    for (const [delay, chunk] of writes) {
      if (delay) await sleep(delay);
      res.write(chunk);
    }
    res.end();
  });
  await new Promise((r) => server.listen(0, host, r));
  port = server.address().port;
  return { base: `http://${host}:${port}`, port, log, close: () => new Promise((r) => server.close(r)) };
}

if (process.argv[1] && process.argv[1].endsWith('server.mjs')) {
  const { buildBundle } = await import('./build.mjs');
  const os = await import('node:os');
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kit-client-')), 'static');
  await buildBundle(dir);
  const s = await startServer(dir);
  console.log('serving the test app at ' + s.base);
}
