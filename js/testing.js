// @kit/core/testing — a test harness for kit apps, for node:test (or any
// runner). Plain JavaScript (ES module) so that Node runs it as it is; the
// types are in testing.d.ts. See docs/testing.md.
//
//   import { createTestApp, hostReply, HOST_MIDDLEWARE } from '@kit/core/testing';
//   const app = await createTestApp({ host: { 'Orders.recent': () => [{ id: 1 }] } });
//   const res = await app.fetch('/orders');   // through the real renderer (kit.cgi)
//   await app.close();
//
// How it works: the app is built with the real kit-build when a source is
// newer than its build; every app.fetch() runs the real kit.cgi once (the
// CGI environment from the Request, its body on stdin, the CGI answer parsed
// back into a Response, streamed). RSC_BACKEND points kit at a small HTTP
// server this module starts on 127.0.0.1: POST /__rsc/host-call (with the
// secret generated here) is answered from `host`, single calls as JSON and
// batches as NDJSON, one line per call as its handler settles (docs/wire-formats.md §5.4);
// every other request there is a URL the app forwarded to its backend, handed
// to `backend(request)` (502 without one).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HOST_MIDDLEWARE = '__rsc.middleware';
const HOST_CALL_PATH = '/__rsc/host-call';
const MAX_BATCH = 50;
const MAX_BODY = 8 << 20;

// --- hostReply: the protocol fields of each refusal kind (docs/wire-formats.md §5.3)

// The status a reply stands for, kept off the enumerable fields so that a
// reply still deep-equals its protocol fields.
const REPLY = Symbol.for('kit.testing.hostReply');

function reply(status, fields) {
  Object.defineProperty(fields, REPLY, { value: status });
  return fields;
}

function isReply(v) {
  return v !== null && typeof v === 'object' && typeof v[REPLY] === 'number';
}

export const hostReply = {
  /** No session: the call answers 401 (a guard: the page answers 401). */
  unauthenticated: (message = 'Unauthenticated.') => reply(401, { unauthenticated: true, error: message }),
  /** A session that may not do this: 403. */
  unauthorized: (message = 'This action is unauthorized.') => reply(403, { unauthorized: true, error: message }),
  /** A redirect (HTTP 200 on the wire; the page answers `status`, default 307). */
  redirect(to, status = 307) {
    if (typeof to !== 'string' || to === '') throw new TypeError('hostReply.redirect(to): `to` must be a non-empty URL');
    if (!(status >= 300 && status <= 399)) throw new RangeError('hostReply.redirect(to, status): status must be 3xx, got ' + status);
    return reply(200, { redirect: to, redirectStatus: status });
  },
  /** A refusal with its own status (4xx/5xx): 429 throttles, 404 shows the not-found page. */
  refuse(status, message = 'Refused.') {
    if (!(Number.isInteger(status) && status >= 400 && status <= 599))
      throw new RangeError('hostReply.refuse(status): status must be 400–599 (a refusal must not read as success), got ' + status);
    return reply(status, { error: message, refusalStatus: status });
  },
  /** Invalid input: {field: [messages]}, "" for the whole form, nested fields dot-joined. 422. */
  invalid(errors) {
    if (!errors || typeof errors !== 'object') errors = { '': ['The given data was invalid.'] };
    return reply(422, { validationErrors: errors });
  },
  /** The backend failed: 500. */
  fail: (message = 'Something went wrong.') => reply(500, { error: message }),
  /** A result that marks regions stale. */
  revalidating: (result, ...regions) => reply(200, { result, revalidate: regions }),
};

// --- finding kit's programs ------------------------------------------------------

const here = path.dirname(fileURLToPath(import.meta.url));

function executable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

// KIT_BUILD / KIT_CGI, else the build tree of KIT_TOP_BUILDDIR, else the
// source tree this file sits in (js/ beside an in-tree build), else PREFIX/bin
// of the install this file is in (PREFIX/share/kit/js: an install moved as a
// whole, or staged with DESTDIR), else the bindir recorded by `make install`
// (testing.paths.json), else PATH.
function findProgram(name, envName) {
  const fromEnv = process.env[envName];
  if (fromEnv) {
    if (!executable(fromEnv)) throw new Error(`${envName}=${fromEnv} is not an executable file`);
    return fromEnv;
  }
  const candidates = [];
  if (process.env.KIT_TOP_BUILDDIR) candidates.push(path.join(process.env.KIT_TOP_BUILDDIR, name));
  candidates.push(path.join(here, '..', name));
  candidates.push(path.join(here, '..', '..', '..', 'bin', name));
  try {
    const recorded = JSON.parse(fs.readFileSync(path.join(here, 'testing.paths.json'), 'utf8'));
    if (recorded && typeof recorded.bindir === 'string') candidates.push(path.join(recorded.bindir, name));
  } catch {
    /* not installed by make install */
  }
  for (const dir of (process.env.PATH || '').split(path.delimiter)) if (dir) candidates.push(path.join(dir, name));
  for (const c of candidates) if (executable(c)) return c;
  throw new Error(`@kit/core/testing: cannot find ${name}: set ${envName} to it, or put kit's bindir on PATH (looked in ${candidates.slice(0, 4).join(', ')}, …)`);
}

// --- building the app ------------------------------------------------------------

function newest(file) {
  let st;
  try {
    st = fs.statSync(file);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(file)) {
    if (e === 'node_modules' || e.startsWith('.')) continue;
    max = Math.max(max, newest(path.join(file, e)));
  }
  return max;
}

// The build is stale when anything kit-build reads is newer than the build's manifest.
function stale(root) {
  const built = newest(path.join(root, '.kit', 'manifest.json'));
  if (!built) return true;
  const inputs = ['src', 'public', 'rsc-host.json', 'kit.config.json', 'package.json', 'tsconfig.json'];
  return inputs.some((f) => newest(path.join(root, f)) > built);
}

function run(cmd, args, options) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (e) => resolve({ code: -1, out: out + String(e.message) }));
    child.on('close', (code) => resolve({ code, out }));
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// node --test runs each test file in its own process: a lock directory keeps
// two of them from building one app at the same time.
async function withBuildLock(root, fn) {
  const lock = path.join(root, '.kit-test-build.lock');
  for (let tries = 0; ; tries++) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      let pid = 0;
      try {
        pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
      } catch {
        /* being created */
      }
      let alive = true;
      if (pid) {
        try {
          process.kill(pid, 0);
        } catch {
          alive = false;
        }
      }
      if (!alive || tries > 3000) fs.rmSync(lock, { recursive: true, force: true });
      await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

const builds = new Map(); // root → Promise (one build per root per process)

function ensureBuilt(root, build) {
  if (build === false) {
    if (!fs.existsSync(path.join(root, '.kit', 'manifest.json')))
      return Promise.reject(new Error(`@kit/core/testing: ${root} is not built (run kit-build ${root}, or leave out build: false)`));
    return Promise.resolve();
  }
  if (!builds.has(root)) {
    const p = withBuildLock(root, async () => {
      if (!stale(root)) return;
      const kitBuild = findProgram('kit-build', 'KIT_BUILD');
      const { code, out } = await run(kitBuild, [root], { cwd: root, env: { ...process.env, NODE_ENV: 'production' } });
      if (code !== 0) throw new Error(`@kit/core/testing: kit-build ${root} failed (exit ${code}):\n${out.trim().split('\n').slice(-30).join('\n')}`);
    });
    builds.set(root, p);
    p.catch(() => builds.delete(root));
  }
  return builds.get(root);
}

// --- the test backend: host calls and forwarded URLs --------------------------------

// Request headers the renderer's HTTP client adds itself: the rest is what kit
// forwarded from the visitor (Cookie, Authorization).
const TRANSPORT = new Set(['host', 'content-type', 'content-length', 'x-rsc-host-secret', 'accept', 'accept-encoding',
  'user-agent', 'connection', 'expect', 'transfer-encoding', 'keep-alive', 'te']);

function visitorHeaders(req) {
  const h = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i].toLowerCase();
    if (!TRANSPORT.has(name)) h.append(name, req.rawHeaders[i + 1]);
  }
  return h;
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (d) => {
      size += d.length;
      if (size > MAX_BODY) {
        reject(Object.assign(new Error('body too large'), { status: 413 }));
        req.destroy();
        return;
      }
      chunks.push(d);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sameSecret(given, secret) {
  const a = Buffer.from(String(given || ''));
  const b = Buffer.from(secret);
  return a.length === b.length && b.length > 0 && crypto.timingSafeEqual(a, b);
}

function errorMessage(e) {
  return e && typeof e === 'object' && 'message' in e ? String(e.message) : String(e);
}

function createBackend(state) {
  // one call → {status, fields}
  async function answer(fn, args, headers, batch) {
    state.calls.push({ function: fn, args, headers, batch });
    const handler = Object.prototype.hasOwnProperty.call(state.host, fn) ? state.host[fn] : undefined;
    if (typeof handler !== 'function') {
      const known = Object.keys(state.host);
      const error = `no handler for ${fn} in createTestApp({ host })` +
        (known.length ? ` (handlers: ${known.join(', ')})` : ' (host has no handlers)');
      state.log(`@kit/core/testing: ${error}\n`);
      return { status: 404, fields: { error } };
    }
    let value;
    try {
      value = await handler({ args, headers, function: fn });
    } catch (e) {
      state.log(`@kit/core/testing: the host handler for ${fn} threw: ${(e && e.stack) || errorMessage(e)}\n`);
      return { status: 500, fields: { error: `the host handler for ${fn} threw: ${errorMessage(e)}` } };
    }
    const out = isReply(value)
      ? { status: value[REPLY], fields: { ...value } }
      : { status: 200, fields: value === undefined ? {} : { result: value } };
    try {
      JSON.stringify(out.fields);
    } catch (e) {
      // never an empty success: a result that cannot travel fails its call
      state.log(`@kit/core/testing: the answer of the host handler for ${fn} is not JSON: ${errorMessage(e)}\n`);
      return { status: 500, fields: { error: `the answer of the host handler for ${fn} is not JSON: ${errorMessage(e)}` } };
    }
    return out;
  }

  function json(res, status, body) {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }

  async function hostCall(req, res) {
    if (req.method !== 'POST') return json(res, 405, { error: 'host calls are POST' });
    if (!sameSecret(req.headers['x-rsc-host-secret'], state.secret)) return json(res, 403, { error: 'bad or missing host secret' });
    let body;
    try {
      body = JSON.parse((await readBody(req)).toString('utf8'));
    } catch (e) {
      return json(res, e.status || 400, { error: e.status ? 'body too large' : 'the body is not JSON' });
    }
    const headers = visitorHeaders(req);
    if (body && Array.isArray(body.calls)) {
      const calls = body.calls;
      if (calls.length === 0) return json(res, 400, { error: 'empty batch' });
      if (calls.length > MAX_BATCH) return json(res, 413, { error: `more than ${MAX_BATCH} calls in one batch` });
      for (const c of calls)
        if (!c || typeof c.function !== 'string' || (c.args !== undefined && !Array.isArray(c.args)))
          return json(res, 400, { error: 'every call needs a function name and an args list' });
      res.writeHead(200, { 'content-type': 'application/x-ndjson', 'x-accel-buffering': 'no' });
      await Promise.all(calls.map(async (c, index) => {
        const { status, fields } = await answer(c.function, c.args || [], headers, calls.length);
        res.write(JSON.stringify({ index, status, ...fields }) + '\n');
      }));
      res.end();
      return;
    }
    if (!body || typeof body.function !== 'string' || (body.args !== undefined && !Array.isArray(body.args)))
      return json(res, 400, { error: 'a host call needs {"function": name, "args": [...]}' });
    const { status, fields } = await answer(body.function, body.args || [], headers, 1);
    json(res, status, fields);
  }

  const HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'te', 'upgrade', 'content-length', 'expect']);

  async function forward(req, res) {
    if (!state.backend) {
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`502 Bad Gateway: ${req.method} ${req.url} is not a URL of the app, and createTestApp() was given no backend\n`);
      return;
    }
    const proto = String(req.headers['x-forwarded-proto'] || state.origin.protocol.replace(':', ''));
    const hostName = String(req.headers['x-forwarded-host'] || state.origin.host);
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2)
      if (!HOP.has(req.rawHeaders[i].toLowerCase())) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`${proto}://${hostName}${req.url}`, {
      method: req.method, headers, body: hasBody ? await readBody(req) : undefined,
    });
    let response;
    try {
      response = await state.backend(request);
      if (!(response instanceof Response)) throw new TypeError('backend(request) must return a Response (or a Promise of one)');
    } catch (e) {
      state.log(`@kit/core/testing: backend(${req.method} ${req.url}) threw: ${(e && e.stack) || errorMessage(e)}\n`);
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`500: backend(request) threw: ${errorMessage(e)}\n`);
      return;
    }
    const out = {};
    response.headers.forEach((v, k) => {
      if (k !== 'set-cookie' && k !== 'content-length' && k !== 'transfer-encoding') out[k] = v;
    });
    const cookies = response.headers.getSetCookie ? response.headers.getSetCookie() : [];
    if (cookies.length) out['set-cookie'] = cookies;
    res.writeHead(response.status, out);
    if (response.body && req.method !== 'HEAD') for await (const chunk of response.body) res.write(chunk);
    res.end();
  }

  return http.createServer((req, res) => {
    const pathname = (req.url || '/').split('?')[0];
    const work = pathname === HOST_CALL_PATH ? hostCall(req, res) : forward(req, res);
    work.catch((e) => {
      state.log(`@kit/core/testing: ${req.method} ${req.url}: ${(e && e.stack) || errorMessage(e)}\n`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end();
    });
  });
}

// --- one request through kit.cgi --------------------------------------------------------

// Variables of the test process that must not reach kit.cgi: the CGI
// request itself comes from the Request, and kit's backend is ours.
const CGI_VAR = /^(HTTP_|CONTENT_|REQUEST_|QUERY_STRING$|SERVER_|GATEWAY_INTERFACE$|SCRIPT_|PATH_INFO$|PATH_TRANSLATED$|REMOTE_|HTTPS$|RSC_|DOCUMENT_ROOT$)/i;
const PROXY_VAR = /^(http_proxy|https_proxy|all_proxy|no_proxy)$/i;

function cgiEnvironment(state, request, bodyLength) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!CGI_VAR.test(k) && !PROXY_VAR.test(k)) env[k] = v;
  Object.assign(env, state.env);
  const url = new URL(request.url);
  const https = url.protocol === 'https:';
  Object.assign(env, {
    KIT_APP_DIR: state.root,
    GATEWAY_INTERFACE: 'CGI/1.1',
    SERVER_PROTOCOL: 'HTTP/1.1',
    SERVER_SOFTWARE: 'kit-testing',
    SERVER_NAME: url.hostname,
    SERVER_PORT: url.port || (https ? '443' : '80'),
    REMOTE_ADDR: '127.0.0.1',
    REQUEST_METHOD: request.method,
    REQUEST_URI: url.pathname + url.search,
    QUERY_STRING: url.search.slice(1),
    RSC_BACKEND: state.backendUrl,
    RSC_HOST_CALL_SECRET: state.secret,
    RSC_HOST_CALL_PATH: HOST_CALL_PATH,
  });
  if (https) env.HTTPS = 'on';
  if (process.env.RSC_HOST_CALL_TIMEOUT_MS) env.RSC_HOST_CALL_TIMEOUT_MS = process.env.RSC_HOST_CALL_TIMEOUT_MS;
  if (bodyLength !== null) env.CONTENT_LENGTH = String(bodyLength);
  let sawHost = false;
  request.headers.forEach((value, name) => {
    const key = name.toUpperCase().replace(/-/g, '_');
    if (key === 'CONTENT_TYPE') env.CONTENT_TYPE = value;
    else if (key === 'CONTENT_LENGTH') return;
    else if (key === 'PROXY') return; // httpoxy
    else env['HTTP_' + key] = value;
    if (key === 'HOST') sawHost = true;
  });
  if (!sawHost) env.HTTP_HOST = url.host;
  return env;
}

const NO_BODY = new Set([101, 103, 204, 205, 304]);

function cgiFetch(state, request, body) {
  return new Promise((resolve, reject) => {
    const env = cgiEnvironment(state, request, body ? body.length : null);
    const child = spawn(state.cgi, [], { cwd: state.root, env, stdio: ['pipe', 'pipe', 'pipe'] });
    state.children.add(child);
    let stderr = '';
    let head = Buffer.alloc(0);
    let controller = null;
    let settled = false;
    child.stderr.on('data', (d) => {
      stderr += d;
      state.log(String(d));
    });
    child.stdin.on('error', () => {}); // kit may answer without reading the body
    child.stdin.end(body || undefined);

    function fail(why) {
      if (settled) return;
      settled = true;
      reject(new Error(`@kit/core/testing: kit.cgi gave no answer for ${request.method} ${request.url}: ${why}` +
        (stderr ? `\n${stderr.trim()}` : '')));
    }

    function parseHead(buf) {
      let end = buf.indexOf('\r\n\r\n');
      let sep = 4;
      const lf = buf.indexOf('\n\n');
      if (lf >= 0 && (end < 0 || lf < end)) {
        end = lf;
        sep = 2;
      }
      if (end < 0) return false;
      const lines = buf.subarray(0, end).toString('latin1').split(/\r?\n/);
      const headers = new Headers();
      let status = 0;
      let statusText = '';
      for (const line of lines) {
        const i = line.indexOf(':');
        if (i <= 0) continue;
        const name = line.slice(0, i).trim();
        const value = line.slice(i + 1).trim();
        if (name.toLowerCase() === 'status') {
          const m = /^(\d{3})\s*(.*)$/.exec(value);
          if (m) {
            status = Number(m[1]);
            statusText = m[2];
          }
        } else headers.append(name, value);
      }
      if (!status) status = headers.has('location') ? 302 : 200;
      const rest = buf.subarray(end + sep);
      const withBody = !NO_BODY.has(status) && request.method !== 'HEAD';
      const stream = withBody
        ? new ReadableStream({
          start(c) {
            controller = c;
            if (rest.length) c.enqueue(new Uint8Array(rest));
          },
          cancel() {
            controller = null;
            child.kill('SIGTERM');
          },
        })
        : null;
      let response;
      try {
        response = new Response(stream, { status, statusText, headers });
      } catch (e) {
        fail(`not a valid answer (${errorMessage(e)})`);
        return true;
      }
      Object.defineProperty(response, 'url', { value: request.url });
      settled = true;
      resolve(response);
      return true;
    }

    child.stdout.on('data', (d) => {
      if (settled) {
        if (controller) controller.enqueue(new Uint8Array(d));
        return;
      }
      head = Buffer.concat([head, d]);
      parseHead(head);
    });
    child.on('error', (e) => fail(errorMessage(e)));
    child.on('close', (code, signal) => {
      state.children.delete(child);
      if (!settled) fail(signal ? `killed by ${signal}` : `exit ${code}`);
      else if (controller) {
        try {
          // a renderer that crashed mid-answer (not one close() stopped) errors the body
          if (signal && !state.closing)
            controller.error(new Error(`@kit/core/testing: kit.cgi was killed by ${signal} while answering ` +
              `${request.method} ${request.url}` + (stderr ? `\n${stderr.trim()}` : '')));
          else controller.close();
        } catch {
          /* cancelled */
        }
      }
    });
  });
}

// --- files the web server answers itself ---------------------------------------------

// A deployment's web server serves the app's public/ files at their own path
// and the browser build (.kit/static/) at /_kit/static/ without kit
// (contrib/lighttpd/kit.conf): the harness does the same, for GET and HEAD.
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.json': 'application/json', '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8', '.xml': 'application/xml', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.avif': 'image/avif',
  '.ico': 'image/x-icon', '.woff': 'font/woff', '.woff2': 'font/woff2', '.wasm': 'application/wasm',
  '.pdf': 'application/pdf', '.webmanifest': 'application/manifest+json',
};

function staticFile(state, request) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(request.url).pathname);
  } catch {
    return null; // kit answers a bad encoding itself (400)
  }
  if (pathname.includes('\0') || pathname.split('/').includes('..')) return null;
  const built = pathname.startsWith('/_kit/static/');
  const dir = built ? path.join(state.root, '.kit', 'static') : path.join(state.root, 'public');
  const file = path.join(dir, built ? pathname.slice('/_kit/static/'.length) : pathname);
  let st = null;
  if (file.startsWith(dir + path.sep)) {
    try {
      st = fs.statSync(file);
    } catch {
      st = null;
    }
  }
  if (!st || !st.isFile()) {
    if (!built) return null; // not a file of public/: the app's URL
    return new Response('404 Not Found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-kit-test': 'static' } });
  }
  const headers = {
    'content-type': TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream',
    'content-length': String(st.size),
    'x-kit-test': 'static',
  };
  if (built) headers['cache-control'] = 'public, max-age=31536000, immutable';
  const response = new Response(request.method === 'HEAD' ? null : fs.readFileSync(file), { status: 200, headers });
  Object.defineProperty(response, 'url', { value: request.url });
  return response;
}

// --- createTestApp -----------------------------------------------------------------

export async function createTestApp(options = {}) {
  const { host = {}, backend, root = process.cwd(), build = true, origin = 'https://app.test', env = {}, log } = options;
  if (host === null || typeof host !== 'object') throw new TypeError('createTestApp({ host }): host maps function names to handlers');
  for (const [name, h] of Object.entries(host))
    if (typeof h !== 'function') throw new TypeError(`createTestApp({ host }): the handler for ${name} is not a function`);
  if (backend !== undefined && typeof backend !== 'function') throw new TypeError('createTestApp({ backend }): backend is (request) => Response');
  const appRoot = path.resolve(root);
  await ensureBuilt(appRoot, build);

  let logText = '';
  const state = {
    root: appRoot,
    host,
    backend,
    origin: new URL(origin),
    env,
    secret: crypto.randomBytes(24).toString('base64url'),
    cgi: findProgram('kit.cgi', 'KIT_CGI'),
    calls: [],
    children: new Set(),
    closing: false,
    backendUrl: '',
    log(text) {
      logText += text;
      if (log === true || process.env.KIT_TEST_LOG) process.stderr.write(text);
    },
  };
  const server = createBackend(state);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  server.unref(); // a forgotten close() never keeps node:test from ending
  state.backendUrl = `http://127.0.0.1:${server.address().port}`;
  let closed = false;

  return {
    root: appRoot,
    /** What the host handlers were asked, in order: {function, args, headers, batch}. */
    calls: state.calls,
    /** Everything kit.cgi wrote to stderr (its log lines), and the harness's own notes. */
    get log() {
      return logText;
    },
    async fetch(input, init) {
      if (closed) throw new Error('@kit/core/testing: fetch() after close()');
      const request = input instanceof Request
        ? new Request(input, init)
        : new Request(new URL(String(input), state.origin), init);
      const body = request.method === 'GET' || request.method === 'HEAD' || !request.body
        ? null : Buffer.from(await request.arrayBuffer());
      return staticFile(state, request) || cgiFetch(state, request, body);
    },
    async close() {
      if (closed) return;
      closed = true;
      state.closing = true;
      for (const child of state.children) child.kill('SIGTERM');
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
