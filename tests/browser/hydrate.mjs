#!/usr/bin/env node
// hydrate.mjs — kit's documents hydrate in headless Chromium.
//
//   node hydrate.mjs --base http://127.0.0.1:18080 --label hello --app hello \
//        --toolchain /path/kit/toolchain/node_modules --cache DIR
//
// 1. Bundles client-entry.jsx with esbuild (React 19 production, from kit's
//    toolchain/node_modules) into DIR/client.js.
// 2. Runs a proxy on 127.0.0.1 in front of kit-serve. kit's documents load no
//    bundle yet, so the proxy adds <script src="/__test/client.js" async="">
//    right before kit's first inline Flight script (the end of the shell, where
//    Fizz puts bootstrap scripts) and serves the bundle. It passes every
//    chunk on the moment it arrives (only a partial match of that marker is
//    ever held back, and only until the marker has been seen), so Chromium
//    gets the stream as kit sends it. Playwright's page.route cannot do this:
//    route.fetch() returns the whole body at once, which would turn every
//    streamed boundary into a complete one and test nothing.
// 3. Loads each page of the app in Chromium (/usr/bin/chromium, playwright-core)
//    and checks: no onRecoverableError / onUncaughtError, the expected
//    onCaughtError digests (and nothing else), no console errors or page
//    errors, no element or text created by script except the error
//    boundaries' own, every server element present at DOMContentLoaded still
//    in the document, every boundary's content hydrated (Probe effects), the
//    fallbacks replaced by the content and the boundary comments all "$", plus
//    per-page expectations. One "PASS: …" / "FAIL: …: why" line per page.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const base = opt('--base'); const label = opt('--label'); const app = opt('--app');
const toolchain = opt('--toolchain'); const cacheDir = opt('--cache'); const only = opt('--only');
if (!base || !label || !app || !toolchain || !cacheDir) {
  console.error('usage: hydrate.mjs --base URL --label NAME --app hello|streaming --toolchain DIR --cache DIR [--only PATH]');
  process.exit(2);
}
const chromiumPath = process.env.KIT_CHROMIUM || '/usr/bin/chromium';

let failed = 0;
const report = (name, problems) => {
  if (problems.length) { failed++; console.log(`FAIL: ${label}: ${name}: ${problems.join('; ')}`); } else console.log(`PASS: ${label}: ${name}`);
};

// ---- the pages and what each must show ------------------------------------------------------
// boundaries: Suspense boundaries whose content must hydrate (Probe effects);
// markers: boundary comments expected afterwards (all "$"); caught: how many
// onCaughtError digests (taken from the page's own E rows); text: selector ->
// text; count: selector -> number of elements; absent: selectors that must be gone.
const PAGES = {
  hello: [
    { path: '/', boundaries: 0, markers: 0, text: { h1: 'Hello from kit' } },
    { path: '/about', boundaries: 0, markers: 0, text: { h1: 'About', 'article em': 'trusted markup' } },
    {
      path: '/streaming', boundaries: 2, markers: 2, absent: ['.fallback'],
      count: { '.done': 2 }, textAll: { '.done': ['slow after 2000 ms', 'fast after 1000 ms'] },
      // the browser got the rows as they resolved, not all at the end
      streamed: [['"fast"', 800, 1900], ['"slow"', 1800, 3200]],
    },
    {
      path: '/slow', boundaries: 1, markers: 1, absent: ['.loading'], text: { '.slow-page': 'the slow page is here' },
      streamed: [['the slow page is here', 800, 2000]],
    },
    {
      path: '/moved-later', redirectTo: '/about?from=moved-later', boundaries: 0, markers: 0,
      text: { h1: 'About' },
    },
  ],
  streaming: [
    { path: '/', boundaries: 0, markers: 0, text: { h1: 'Streaming test pages' } },
    {
      path: '/boundary-error', boundaries: 1, caught: 2, markers: 1,
      // the errored boundaries' fallbacks and templates give way to the error boundaries
      clientCreated: ['P.kit-caught', 'P.kit-caught'], mayLose: /^(TEMPLATE(#B:[0-9a-f]+)?|P#fb-sync|P#fb-async)$/,
      absent: ['#fb-sync', '#fb-async', '#fb-fine'], text: { '#fine': 'this boundary is fine', '#after': 'after the boundaries' },
      secrets: ['secret-sync-message', 'secret-async-message'],
    },
    {
      path: '/nested', boundaries: 2, markers: 2, absent: ['#fb-outer', '#fb-inner'],
      text: { '#outer > p': 'outer content', '#inner': 'inner content' },
    },
    { path: '/many', boundaries: 1000, markers: 1000, absent: ['ol i'], count: { 'ol b[data-i]': 1000 }, timeout: 20000 },
  ],
};
const pages = (PAGES[app] || []).filter((p) => !only || p.path === only);
if (!pages.length) { console.error(`hydrate.mjs: no pages for app ${app}`); process.exit(2); }

// ---- 1. the client bundle -------------------------------------------------------------------
const req = createRequire(path.join(toolchain, 'x.js'));
const esbuild = req('esbuild');
fs.mkdirSync(cacheDir, { recursive: true });
const bundlePath = path.join(cacheDir, 'client.js');
try {
  await esbuild.build({
    entryPoints: [path.join(here, 'client-entry.jsx')], bundle: true, outfile: bundlePath, format: 'iife',
    jsx: 'automatic', minify: true, define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'silent',
    conditions: ['browser'], nodePaths: [toolchain], absWorkingDir: here,
  });
} catch (e) {
  report('client bundle (esbuild)', [String(e.message).slice(0, 600)]);
  process.exit(1);
} finally {
  esbuild.stop(); // its service process
}
const bundle = fs.readFileSync(bundlePath);

// ---- 2. the streaming proxy -----------------------------------------------------------------
const upstream = new URL(base);
const TAG = '<script src="/__test/client.js" async=""></script>';
const MARKER = '<script>(self.__kit_f=';
function injector() {
  let held = ''; let done = false;
  return {
    chunk(buf) {
      if (done) return buf;
      const s = held + buf.toString('latin1');
      const i = s.indexOf(MARKER);
      if (i >= 0) { done = true; held = ''; return Buffer.from(s.slice(0, i) + TAG + s.slice(i), 'latin1'); }
      let keep = Math.min(MARKER.length - 1, s.length);
      while (keep > 0 && !MARKER.startsWith(s.slice(s.length - keep))) keep--;
      held = s.slice(s.length - keep);
      return Buffer.from(s.slice(0, s.length - keep), 'latin1');
    },
    end() {
      if (done) return Buffer.alloc(0);
      // no inline Flight at all: the bundle still goes in, before </body>
      const s = held; const i = s.lastIndexOf('</body>');
      return Buffer.from(i >= 0 ? s.slice(0, i) + TAG + s.slice(i) : s + TAG, 'latin1');
    },
  };
}
const proxy = http.createServer((req, res) => {
  if (req.url === '/__test/client.js') {
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
    return res.end(bundle);
  }
  const headers = { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' };
  const up = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent: false }, (ur) => {
    const h = { ...ur.headers };
    const html = /^text\/html/.test(h['content-type'] || '');
    delete h['transfer-encoding']; delete h.connection; delete h['keep-alive'];
    if (html) delete h['content-length'];
    if (h.location && h.location.startsWith(upstream.origin)) h.location = h.location.slice(upstream.origin.length) || '/';
    res.writeHead(ur.statusCode, h);
    if (!html) { ur.pipe(res); return; }
    const inj = injector();
    ur.on('data', (d) => { const out = inj.chunk(d); if (out.length) res.write(out); });
    ur.on('end', () => res.end(inj.end()));
    ur.on('error', () => res.destroy());
  });
  up.on('error', (e) => { res.writeHead(502, { 'Content-Type': 'text/plain' }); res.end(`proxy: ${e.message}`); });
  req.pipe(up);
});
await new Promise((r) => proxy.listen(0, '127.0.0.1', r));
const proxyBase = `http://127.0.0.1:${proxy.address().port}`;

// ---- 3. Chromium ----------------------------------------------------------------------------
const { chromium } = await import('playwright-core');
let browser;
try {
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
} catch (e) {
  report('Chromium starts', [String(e.message).split('\n')[0]]);
  proxy.close();
  process.exit(1);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// Flight rows "id:E{…}" in the pushed strings -> digests, in order.
const eDigests = (flight) => {
  const out = [];
  for (const m of flight.join('').matchAll(/(?:^|\n)[0-9a-f]+:E(\{[^\n]*\})/g)) {
    try { out.push(JSON.parse(m[1]).digest); } catch { out.push('(unparsable E row)'); }
  }
  return out;
};

async function runPage(p) {
  const problems = [];
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const consoleMsgs = []; const pageErrors = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const where = (m.location() && m.location().url) || '';
    if (/\/favicon\.ico$/.test(where)) return; // the streaming app has no favicon: its 404
    consoleMsgs.push(m.text().slice(0, 300));
  });
  page.on('pageerror', (e) => pageErrors.push(String(e.message).slice(0, 300)));
  const timeout = p.timeout || 10000;
  let response;
  try {
    response = await page.goto(proxyBase + p.path, { waitUntil: 'load', timeout });
  } catch (e) {
    problems.push(`page load: ${String(e.message).split('\n')[0]}`);
  }
  if (response && response.status() !== 200) problems.push(`status ${response.status()}`);
  if (p.redirectTo) {
    await page.waitForURL(proxyBase + p.redirectTo, { timeout: 5000 }).catch(() => {});
    const url = page.url().slice(proxyBase.length);
    if (url !== p.redirectTo) problems.push(`ended at ${url}, expected ${p.redirectTo}`);
    await page.waitForLoadState('load').catch(() => {});
  }
  // hydration: the root committed and every boundary's content hydrated
  await page.waitForFunction((n) => {
    const r = self.__kit_report;
    return r && r.rootCommitted && r.closedAt !== null && r.probes >= n;
  }, p.boundaries, { timeout, polling: 50 }).catch(() => {});
  await sleep(400); // late effects, a second reveal, errors after the last probe
  const state = await page.evaluate(() => {
    const r = self.__kit_report || null;
    const desc = (n) => (n.nodeType === 3 ? '#text' : n.tagName + (n.id ? '#' + n.id : '') + (n.className && typeof n.className === 'string' ? '.' + n.className.split(' ').join('.') : ''));
    const clientCreated = [];
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let n = walker.currentNode; n; n = walker.nextNode()) if (n.__kitClient && n.nodeName !== 'SCRIPT') clientCreated.push(desc(n));
    const lost = (self.__kit_dclNodes || []).filter((n) => !n.isConnected).map(desc);
    const markers = [];
    const cw = document.createTreeWalker(document.body || document.documentElement, NodeFilter.SHOW_COMMENT);
    for (let n = cw.nextNode(); n; n = cw.nextNode()) if (/^(\$|\$\?|\$!|\$~|\/\$)$/.test(n.data)) markers.push(n.data);
    return {
      report: r && {
        started: r.started, rootCommitted: r.rootCommitted, closedAt: r.closedAt, probes: r.probes,
        recoverable: r.recoverable, caught: r.caught, uncaught: r.uncaught, boundaryCaught: r.boundaryCaught,
        pushes: r.pushes, flight: r.flight,
      },
      clientCreated, lost, markers,
      leftovers: [...document.querySelectorAll('[id^="S:"], template[id^="B:"]')].map(desc),
      html: document.documentElement.outerHTML,
    };
  });
  const r = state.report;
  if (!r || !r.started) problems.push('the test client did not run (no /__test/client.js in the page?)');
  else {
    if (!r.rootCommitted) problems.push('the root never committed (hydration did not finish)');
    if (r.closedAt === null) problems.push('the Flight stream was never closed (no DOMContentLoaded?)');
    if (r.recoverable.length) problems.push(`onRecoverableError: ${r.recoverable.map((e) => e.message + (e.digest ? ` (digest ${e.digest})` : '')).join(' | ')}`);
    if (r.uncaught.length) problems.push(`onUncaughtError: ${r.uncaught.map((e) => e.message).join(' | ')}`);
    const want = eDigests(r.flight);
    if ((p.caught || 0) !== want.length) problems.push(`${want.length} E rows in the inline Flight (${want.join(', ')}), expected ${p.caught || 0}`);
    const got = r.caught.map((e) => e.digest);
    if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`onCaughtError digests ${JSON.stringify(got)}, expected the E rows' ${JSON.stringify(want)}`);
    const inBoundary = r.boundaryCaught.map((e) => e.digest);
    if (JSON.stringify(inBoundary) !== JSON.stringify(want)) problems.push(`the client error boundaries received ${JSON.stringify(inBoundary)}, expected ${JSON.stringify(want)}`);
    if (p.caught) {
      const shown = [...state.html.matchAll(/<p class="kit-caught" data-digest="([^"]*)">/g)].map((m) => m[1]);
      if (JSON.stringify(shown) !== JSON.stringify(want)) problems.push(`error boundaries rendered digests ${JSON.stringify(shown)}, expected ${JSON.stringify(want)}`);
    }
    if (r.probes !== p.boundaries) problems.push(`${r.probes} boundaries hydrated their content, expected ${p.boundaries}`);
    for (const [needle, lo, hi] of p.streamed || []) {
      const push = r.pushes.find((x) => x.head.includes(needle));
      if (!push) problems.push(`no Flight push with ${needle}`);
      else if (push.at === null || push.at < lo || push.at > hi) problems.push(`the Flight push with ${needle} reached the page at ${push.at === null ? 'load (before the bundle ran)' : Math.round(push.at) + ' ms'}, expected ${lo}-${hi} ms after navigation start (streaming through the proxy?)`);
    }
  }
  const expectCreated = p.clientCreated || [];
  if (JSON.stringify(state.clientCreated) !== JSON.stringify(expectCreated)) problems.push(`nodes created by script: ${JSON.stringify(state.clientCreated.slice(0, 12))}${state.clientCreated.length > 12 ? ` (+${state.clientCreated.length - 12})` : ''}, expected ${JSON.stringify(expectCreated)}`);
  const lost = state.lost.filter((d) => !(p.mayLose && p.mayLose.test(d)));
  if (lost.length) problems.push(`server elements replaced or removed after DOMContentLoaded: ${JSON.stringify(lost.slice(0, 12))}`);
  if (state.markers.length !== p.markers * 2 || state.markers.some((m) => m !== '$' && m !== '/$')) {
    problems.push(`boundary comments afterwards ${JSON.stringify(state.markers.slice(0, 16))}, expected ${p.markers} "$"…"/$" pairs`);
  }
  if (state.leftovers.length) problems.push(`left in the document: ${JSON.stringify(state.leftovers.slice(0, 8))}`);
  for (const [sel, text] of Object.entries(p.text || {})) {
    const got = await page.evaluate((s) => document.querySelector(s)?.textContent ?? null, sel);
    if (got !== text) problems.push(`${sel}: ${JSON.stringify(got)}, expected ${JSON.stringify(text)}`);
  }
  for (const [sel, texts] of Object.entries(p.textAll || {})) {
    const got = await page.evaluate((s) => [...document.querySelectorAll(s)].map((e) => e.textContent), sel);
    if (JSON.stringify(got) !== JSON.stringify(texts)) problems.push(`${sel}: ${JSON.stringify(got)}, expected ${JSON.stringify(texts)}`);
  }
  for (const [sel, n] of Object.entries(p.count || {})) {
    const got = await page.evaluate((s) => document.querySelectorAll(s).length, sel);
    if (got !== n) problems.push(`${got} × ${sel}, expected ${n}`);
  }
  for (const sel of p.absent || []) {
    const got = await page.evaluate((s) => document.querySelectorAll(s).length, sel);
    if (got) problems.push(`${got} × ${sel} still in the document (fallback not replaced?)`);
  }
  for (const s of p.secrets || []) {
    if (state.html.includes(s) || (r && r.flight.join('').includes(s))) problems.push(`the error message "${s}" reached the browser`);
  }
  if (consoleMsgs.length) problems.push(`console errors: ${consoleMsgs.join(' | ')}`);
  if (pageErrors.length) problems.push(`page errors: ${pageErrors.join(' | ')}`);
  await ctx.close();
  return problems;
}

for (const p of pages) {
  let problems;
  try { problems = await runPage(p); } catch (e) { problems = [String(e.message).split('\n')[0]]; }
  report(`GET ${p.path}${p.redirectTo ? ` → ${p.redirectTo}` : ''} hydrates`, problems);
}
await browser.close();
proxy.close();
process.exitCode = failed ? 1 : 0;
