// Helpers shared by the conformance scripts: run kit.cgi as plain CGI, split its
// answer, find the Flight rows kit inlines into the HTML.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const here = path.dirname(fileURLToPath(import.meta.url));

export const top = {
  src: process.env.KIT_TOP_SRCDIR || path.resolve(here, '../..'),
  build: process.env.KIT_TOP_BUILDDIR || process.env.KIT_TOP_SRCDIR || path.resolve(here, '../..'),
};

// One request to kit.cgi. Returns { status, headers: {lowercase: value}, body: Buffer, stderr }.
export function cgi(appDir, url, { rsc = false, method = 'GET' } = {}) {
  const q = url.indexOf('?');
  const env = {
    PATH: process.env.PATH,
    KIT_APP_DIR: appDir,
    KIT_INLINE_FLIGHT: 'always',  // these pages have no client component: keep the rows to check them
    GATEWAY_INTERFACE: 'CGI/1.1',
    SERVER_PROTOCOL: 'HTTP/1.1',
    SERVER_NAME: 'localhost',
    SERVER_PORT: '80',
    REQUEST_METHOD: method,
    REQUEST_URI: url,
    SCRIPT_NAME: '',
    PATH_INFO: q < 0 ? url : url.slice(0, q),
    QUERY_STRING: q < 0 ? '' : url.slice(q + 1),
  };
  if (rsc) env.HTTP_X_RSC = 'true';
  const r = spawnSync(path.join(top.build, 'kit.cgi'), [], { env, timeout: 60000, maxBuffer: 256 << 20 });
  if (r.error) throw new Error(`kit.cgi ${url}: ${r.error.message}`);
  const out = r.stdout;
  const stderr = r.stderr.toString();
  if (r.status !== 0) throw new Error(`kit.cgi ${url}: exit ${r.status ?? r.signal}: ${stderr.trim().slice(0, 500)}`);
  let sep = out.indexOf('\r\n\r\n'), skip = 4;
  const lf = out.indexOf('\n\n');
  if (sep < 0 || (lf >= 0 && lf < sep)) { sep = lf; skip = 2; }
  if (sep < 0) throw new Error(`kit.cgi ${url}: no blank line after the CGI headers: ${JSON.stringify(out.toString().slice(0, 200))}`);
  const headers = {};
  for (const line of out.subarray(0, sep).toString('latin1').split(/\r?\n/)) {
    const c = line.indexOf(':');
    if (c > 0) headers[line.slice(0, c).trim().toLowerCase()] = line.slice(c + 1).trim();
  }
  const status = parseInt(headers.status || '200', 10);
  return { status, headers, body: out.subarray(sep + skip), stderr };
}

// kit inlines Flight rows as <script>(self.__kit_f=self.__kit_f||[]).push("…")</script>.
// A browser ends a script at the first "</script", so do we.
const FLIGHT_SCRIPT = /<script>\(self\.__kit_f=self\.__kit_f\|\|\[\]\)\.push\(([\s\S]*?)<\/script>/g;

// The HTML with the Flight scripts removed, and where they were.
export function stripFlightScripts(html) {
  const spans = [];
  const stripped = html.replace(FLIGHT_SCRIPT, (m, _body, offset) => { spans.push([offset, m.length]); return ''; });
  return { html: stripped, spans };
}

// Runs the inline scripts as a browser would (in a fresh context) and returns the
// concatenated pushes, or throws on a script that does not run.
export function inlineFlight(html) {
  const ctx = { self: null };
  ctx.self = ctx;
  vm.createContext(ctx);
  let n = 0;
  for (const m of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    if (!m[1].startsWith('(self.__kit_f=')) continue;
    if (/<!--|<script/i.test(m[1])) throw new Error(`inline Flight script ${n} contains "<!--" or "<script" (HTML parsers treat it specially): ${JSON.stringify(m[1].slice(0, 200))}`);
    try { vm.runInContext(m[1], ctx); } catch (e) {
      throw new Error(`inline Flight script ${n} does not run (${e.message}): ${JSON.stringify(m[1].slice(0, 200))}…`);
    }
    n++;
  }
  if (!Array.isArray(ctx.__kit_f)) throw new Error('no inline Flight script');
  for (const p of ctx.__kit_f) if (typeof p !== 'string') throw new Error('inline Flight push of a non-string: ' + typeof p);
  return ctx.__kit_f.join('');
}
