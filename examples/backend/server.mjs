#!/usr/bin/env node
// examples/backend/server.mjs — an example backend speaking kit's host-call
// protocol (DESIGN §7, notes/protocol.md §3), in node without dependencies.
//
//   RSC_HOST_CALL_SECRET=s3cret PORT=8080 node examples/backend/server.mjs
//
// POST /__rsc/host-call: the secret checked first (constant time; an empty
// secret authorises nobody: 403), then a single call {"function","args"}
// answered as JSON, or a batch {"calls":[...]} (≤ 50, else 413; empty 400)
// answered as NDJSON, one line per call as it finishes (any order), or as
// {"replies":[...]} when the batch asks for "Debug.repliesForm" first.
// __rsc.middleware runs the guards in order (auth, can:<ability>, throttle).
// Every other URL is the backend's own: /login (sets the session cookie and
// redirects), /logout, /echo (what a forwarded request looked like).
// Prints "PORT <n>" once listening (PORT=0 picks a free one).
import http from 'node:http';
import crypto from 'node:crypto';

const secret = process.env.RSC_HOST_CALL_SECRET || '';
const port = +(process.env.PORT || 0);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seen = []; // host calls received (for /__test/calls)

// --- replies (the protocol's refusal kinds) --------------------------------------
class Reply { constructor(status, fields) { this.status = status; this.fields = fields; } }
const unauthenticated = (m = 'Unauthenticated.') => new Reply(401, { unauthenticated: true, error: m });
const unauthorized = (m = 'This action is unauthorized.') => new Reply(403, { unauthorized: true, error: m });
const redirect = (to, status) => new Reply(200, status ? { redirect: to, redirectStatus: status } : { redirect: to });
const refuse = (status, m) => new Reply(status, { error: m || http.STATUS_CODES[status] || 'Refused.', refusalStatus: status });
const invalid = (errors) => new Reply(422, { validationErrors: errors, error: 'The given data was invalid.' });
const fail = (m = 'Something went wrong.') => new Reply(500, { error: m });
const revalidating = (result, ...regions) => new Reply(200, { result, revalidate: regions });

function user(ctx) {
  const m = /(?:^|;\s*)session=([^;]+)/.exec(ctx.headers.cookie || '');
  if (m) return { name: decodeURIComponent(m[1]), admin: m[1] === 'admin' };
  const a = /^Bearer (\w+)$/.exec(ctx.headers.authorization || '');
  return a ? { name: a[1], admin: a[1] === 'admin' } : null;
}

// --- functions ------------------------------------------------------------------
const functions = {
  'Hello.greet': (ctx, name) => 'Hello, ' + (name || 'world') + '!',
  'Orders.recent': (ctx, n = 3) => Array.from({ length: n }, (_, i) => ({ id: i + 1, total: (i + 1) * 10 })),
  'Me.profile': (ctx) => user(ctx) || unauthenticated(),
  'Admin.stats': (ctx) => (!user(ctx) ? unauthenticated() : user(ctx).admin ? { users: 3 } : unauthorized()),
  'Slow.report': async (ctx, ms = 1500) => { await sleep(ms); return { slow: true, after: ms }; },
  'Fast.count': async () => { await sleep(10); return 42; },
  'Echo.args': (ctx, ...args) => args,
  'Echo.headers': (ctx) => ctx.headers,
  'Counter.next': (() => { let n = 0; return () => ++n; })(),
  'Refuse.unauthenticated': () => unauthenticated(),
  'Refuse.unauthorized': () => unauthorized(),
  'Refuse.redirect': (ctx, to = '/login', status) => redirect(to, status),
  'Refuse.throttle': () => refuse(429, 'Too many requests, slow down.'),
  'Refuse.status': (ctx, status, message) => refuse(status, message),
  'Refuse.invalid': () => invalid({ email: ['The email is not valid.'], '': ['The form is incomplete.'] }),
  'Refuse.fail': () => fail('The database is down.'),
  'Refuse.notFound': () => refuse(404, 'No such order.'),
  'Revalidate.save': () => revalidating({ saved: true }, 'orders', 'page'),
  'Session.login': (ctx, name) => new Reply(200, { result: 'logged in as ' + name, setCookie: 'session=' + encodeURIComponent(name) + '; Path=/; HttpOnly' }),
  // in a batch, its cookie goes on the NDJSON answer's headers (sent before any line)
  'Session.touch': () => new Reply(200, { result: 'touched', setCookie: 'touched=1; Path=/' }),
  'Hang.forever': () => new Promise(() => {}),
  'Debug.repliesForm': () => 'replies form',
};

const guards = {
  auth: (ctx) => (user(ctx) ? null : unauthenticated()),
  guest: (ctx) => (user(ctx) ? redirect('/') : null),
  can: (ctx, arg) => (!user(ctx) ? unauthenticated() : arg === 'admin' && !user(ctx).admin ? unauthorized() : null),
  throttle: () => refuse(429),
  'redirect-login': () => redirect('/login', 302),
  missing: () => refuse(404),
  crash: () => { throw new Error('guard crashed'); },
  'answer-false': () => 'no',
  remember: (ctx) => { ctx.setCookie = 'remembered=1; Path=/'; return null; },
};

async function run(name, args, ctx) {
  try {
    if (name === '__rsc.middleware') {
      const list = Array.isArray(args[0]) ? args[0] : [];
      for (const g of list) {
        const i = g.indexOf(':');
        const key = i < 0 ? g : g.slice(0, i);
        const fn = guards[key];
        if (!fn) return fail('no guard named ' + key);
        const r = await fn(ctx, i < 0 ? '' : g.slice(i + 1));
        if (r === 'no') return new Reply(200, { result: false });
        if (r) return r;
      }
      return new Reply(200, { result: true });
    }
    const fn = functions[name];
    if (!fn) return new Reply(404, { error: 'unknown function ' + name });
    const out = await fn(ctx, ...args);
    if (out instanceof Reply) return out;
    return new Reply(200, { result: out });
  } catch (e) {
    return fail(String(e && e.message || e));
  }
}

function body(req) {
  return new Promise((resolve, reject) => {
    const parts = []; let n = 0;
    req.on('data', (c) => { n += c.length; if (n > 8 << 20) { reject(new Error('too large')); req.destroy(); } else parts.push(c); });
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

function json(res, status, obj, extra = {}) {
  const text = JSON.stringify(obj);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...extra });
  res.end(text);
}

function secretOk(given) {
  if (!secret || typeof given !== 'string') return false;
  const a = Buffer.from(given), b = Buffer.from(secret);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

async function hostCall(req, res) {
  if (req.method !== 'POST') return json(res, 405, { error: 'method not allowed' });
  if (!secretOk(req.headers['x-rsc-host-secret'])) return json(res, 403, { error: 'bad or missing host secret' });
  let payload;
  try { payload = JSON.parse((await body(req)).toString('utf8')); } catch { return json(res, 400, { error: 'malformed JSON' }); }
  const ctx = { headers: {} };
  for (const [k, v] of Object.entries(req.headers))
    if (!['host', 'content-length', 'connection', 'x-rsc-host-secret'].includes(k)) ctx.headers[k] = v;
  if (payload && Array.isArray(payload.calls)) {
    const calls = payload.calls;
    seen.push({ batch: calls.map((c) => c.function), headers: ctx.headers });
    if (!calls.length) return json(res, 400, { error: 'empty batch' });
    if (calls.length > 50) return json(res, 413, { error: 'more than 50 calls in one batch' });
    if (calls[0].function === 'Debug.singleOnly') return json(res, 400, { error: 'this backend answers single calls only' });
    if (calls[0].function === 'Debug.repliesForm') {
      const replies = [];
      for (const c of calls) { const r = await run(c.function, c.args || [], ctx); replies.push({ status: r.status, ...r.fields }); }
      return json(res, 200, { replies });
    }
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'X-Accel-Buffering': 'no',
      ...(calls.some((c) => c && c.function === 'Session.touch') ? { 'Set-Cookie': 'touched=1; Path=/' } : {}) });
    const skip = calls.some((c) => c.function === 'Debug.dropLast') ? calls.length - 1 : -1;
    const cut = calls.some((c) => c.function === 'Debug.cutMidStream');
    await Promise.all(calls.map(async (c, index) => {
      if (!c || typeof c.function !== 'string' || (c.args !== undefined && !Array.isArray(c.args))) {
        res.write(JSON.stringify({ index, status: 400, error: 'malformed call' }) + '\n');
        return;
      }
      if (index === skip || c.function === 'Debug.dropLast') return;
      if (c.function === 'Debug.cutMidStream') { await sleep(50); res.socket.destroy(); return; }
      const r = await run(c.function, c.args || [], ctx);
      const { setCookie, ...fields } = r.fields;
      res.write(JSON.stringify({ index, status: r.status, ...fields }) + '\n');
    }));
    if (!cut) res.end();
    return;
  }
  if (!payload || typeof payload.function !== 'string' || (payload.args !== undefined && !Array.isArray(payload.args)))
    return json(res, 400, { error: 'a call needs "function" and "args" (a list)' });
  seen.push({ call: payload.function, args: payload.args, headers: ctx.headers });
  if (payload.function === 'Debug.notJson') { res.writeHead(200, { 'Content-Type': 'text/html' }); return res.end('<h1>oops</h1>'); }
  const r = await run(payload.function, payload.args || [], ctx);
  const { setCookie = ctx.setCookie, ...fields } = r.fields;
  json(res, r.status, fields, setCookie ? { 'Set-Cookie': setCookie } : {});
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://backend');
    if (url.pathname === '/__rsc/host-call') return await hostCall(req, res);
    if (url.pathname === '/__test/calls') return json(res, 200, seen);
    if (url.pathname === '/__test/reset') { seen.length = 0; return json(res, 200, {}); }
    if (url.pathname === '/login' && req.method === 'POST') {
      const form = new URLSearchParams((await body(req)).toString());
      const name = form.get('name') || 'guest';
      res.writeHead(303, { Location: '/dashboard', 'Set-Cookie': 'session=' + encodeURIComponent(name) + '; Path=/; HttpOnly' });
      return res.end();
    }
    if (url.pathname === '/login') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'X-Backend': 'example' });
      return res.end('<!doctype html><title>Log in</title><form method="post" action="/login"><input name="name"><button>Log in</button></form>\n');
    }
    if (url.pathname === '/logout') {
      res.writeHead(303, { Location: '/', 'Set-Cookie': 'session=; Path=/; Max-Age=0' });
      return res.end();
    }
    // anything else: what the forwarded request looked like
    const b = await body(req);
    json(res, url.pathname === '/missing' ? 404 : 200, {
      backend: 'example', method: req.method, url: req.url, headers: req.headers, body: b.toString('utf8'),
    }, { 'X-Backend': 'example', 'Set-Cookie': 'seen=1; Path=/' });
  } catch (e) {
    if (!res.headersSent) json(res, 500, { error: String(e) });
    else res.destroy();
  }
});
server.listen(port, '127.0.0.1', () => console.log('PORT ' + server.address().port));
