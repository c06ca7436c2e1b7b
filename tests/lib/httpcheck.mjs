#!/usr/bin/env node
// httpcheck.mjs — runs declarative HTTP tests (tests/http/**/*.test) against a
// server or a CGI program and prints one "PASS: ..." / "FAIL: ...: why" /
// "SKIP: ..." line per request. The file format is described in
// tests/http/README.md.
//
//   node httpcheck.mjs --base http://127.0.0.1:18080 --label lighttpd \
//        [--app-dir DIR] [--set NAME=VALUE]... FILE.test...
//   node httpcheck.mjs --cgi /path/kit.cgi --label cgi [--app-dir DIR] ... FILE.test...
//
// HTTP requests go through node:http with the request target sent exactly as
// written (no normalisation: "/x/../__rsc/host-call" stays that), and status,
// headers and body bytes are compared as received. With --cgi, each request
// runs the program once as plain CGI (RFC 3875 environment, body on stdin) and
// its output is parsed the way a web server would.
// Exit status: 0 when nothing failed.
import http from 'node:http';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';

const KEYS = new Set([
  'request', 'send-header', 'send-body', 'servers', 'timeout',
  'status', 'header', 'header-contains', 'header-not-contains', 'header-absent',
  'header-present', 'header-matches', 'body-contains', 'body-not-contains',
  'body-starts-with', 'body-matches', 'body-equals', 'body-equals-file', 'first-byte-within', 'first-byte-ahead',
  'raw-head-not-contains', 'raw-head-matches',
]);

function usage(msg) {
  console.error(`httpcheck: ${msg}`);
  console.error('usage: httpcheck.mjs (--base URL | --cgi PROGRAM) --label NAME [--app-dir DIR] [--set NAME=VALUE]... FILE.test...');
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { vars: {}, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => (i + 1 < argv.length ? argv[++i] : usage(`${a} needs a value`));
    if (a === '--base') opts.base = new URL(next());
    else if (a === '--cgi') opts.cgi = next();
    else if (a === '--label') opts.label = next();
    else if (a === '--app-dir') opts.appDir = next();
    else if (a === '--set') {
      const kv = next(); const eq = kv.indexOf('=');
      if (eq < 1) usage(`--set needs NAME=VALUE, got ${kv}`);
      opts.vars[kv.slice(0, eq)] = kv.slice(eq + 1);
    } else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else opts.files.push(a);
  }
  if (!opts.base === !opts.cgi) usage('give exactly one of --base and --cgi');
  if (!opts.label) usage('--label is required');
  if (opts.appDir) opts.vars.APP_DIR = opts.appDir;
  return opts;
}

// "a\nb" escapes in values: \n \r \t \\ and \xNN (so a body can span lines).
function unescape(s) {
  return s.replace(/\\([nrt\\]|x[0-9a-fA-F]{2})/g, (_, c) =>
    c[0] === 'x' ? String.fromCharCode(parseInt(c.slice(1), 16)) : ({ n: '\n', r: '\r', t: '\t', '\\': '\\' }[c]));
}

// Parse one .test file into { requests, sendHeaders, sendBody, servers, checks }.
// Lines are "key: value"; "#" starts a comment line; blank lines are ignored.
function parseTestFile(path, vars) {
  const spec = { requests: [], sendHeaders: [], sendBody: null, servers: null, timeoutMs: 15000, checks: [] };
  const lines = readFileSync(path, 'utf8').split('\n');
  lines.forEach((raw, idx) => {
    const line = raw.replace(/\r$/, '');
    if (/^\s*(#|$)/.test(line)) return;
    const where = `${path}:${idx + 1}`;
    const m = /^([a-z-]+):\s?(.*)$/.exec(line);
    if (!m || !KEYS.has(m[1])) throw new Error(`${where}: not a known "key: value" line: ${line}`);
    const key = m[1];
    const value = m[2].replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name) => {
      if (!(name in vars)) throw new Error(`${where}: \${${name}} is not set (the suite passes it with --set)`);
      return vars[name];
    });
    switch (key) {
      case 'request': {
        const r = /^([A-Z]+) (\S+)$/.exec(value);
        if (!r) throw new Error(`${where}: request needs "METHOD TARGET", got ${value}`);
        spec.requests.push({ method: r[1], target: r[2] });
        break;
      }
      case 'send-header': spec.sendHeaders.push(splitHeader(value, where)); break;
      case 'send-body': spec.sendBody = unescape(value); break;
      case 'servers': spec.servers = value.split(/\s+/).filter(Boolean); break;
      case 'timeout': spec.timeoutMs = parseDuration(value, where); break;
      default: spec.checks.push({ key, value, where });
    }
  });
  if (spec.requests.length === 0) throw new Error(`${path}: no "request:" line`);
  return spec;
}

function splitHeader(value, where) {
  const c = value.indexOf(':');
  if (c < 1) throw new Error(`${where}: expected "Name: value", got ${value}`);
  return [value.slice(0, c).trim(), value.slice(c + 1).trim()];
}

function parseDuration(value, where) {
  const m = /^(\d+)\s*(ms|s)$/.exec(value.trim());
  if (!m) throw new Error(`${where}: expected a duration like 500ms or 2s, got ${value}`);
  return Number(m[1]) * (m[2] === 's' ? 1000 : 1);
}

// One HTTP exchange; resolves to { status, headers: [[name, value]...], body: Buffer, firstByteMs, lastByteMs }.
function httpExchange(base, req, sendHeaders, sendBody, timeoutMs) {
  return new Promise((resolve, reject) => {
    const headers = {};
    for (const [n, v] of sendHeaders) headers[n] = v;
    const body = sendBody === null ? null : Buffer.from(sendBody);
    if (body) headers['Content-Length'] = String(body.length);
    const started = process.hrtime.bigint();
    let firstByteMs = null, lastByteMs = null;
    const raw = [];
    const r = http.request({
      host: base.hostname, port: base.port, method: req.method, path: req.target,
      headers, agent: false, setHost: true,
    }, (res) => {
      const chunks = [];
      res.on('data', (d) => {
        lastByteMs = Number(process.hrtime.bigint() - started) / 1e6;
        if (firstByteMs === null) firstByteMs = lastByteMs;
        chunks.push(d);
      });
      res.on('end', () => {
        const pairs = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({ status: res.statusCode, headers: pairs, body: Buffer.concat(chunks), firstByteMs, lastByteMs,
          rawHead: rawHead(Buffer.concat(raw)) });
      });
      res.on('error', reject);
    });
    // the bytes as they came off the wire, beside node's parse of them
    r.on('socket', (sock) => sock.on('data', (d) => raw.push(d)));
    r.setTimeout(timeoutMs, () => r.destroy(new Error(`no complete answer within ${timeoutMs} ms`)));
    r.on('error', reject);
    if (body) r.write(body);
    r.end();
  });
}

// One CGI run: the environment a web server would set, body on stdin; the
// output is split into CGI headers and body ("Status:" gives the status).
function cgiExchange(program, req, sendHeaders, sendBody, timeoutMs, vars) {
  return new Promise((resolve, reject) => {
    const q = req.target.indexOf('?');
    const path = q < 0 ? req.target : req.target.slice(0, q);
    let pathInfo;
    try { pathInfo = decodeURIComponent(path); } catch { pathInfo = path; }
    if (pathInfo.includes('\0')) pathInfo = path;  // an environment cannot hold a NUL
    const env = {
      PATH: process.env.PATH || '/usr/bin:/bin',
      GATEWAY_INTERFACE: 'CGI/1.1', SERVER_PROTOCOL: 'HTTP/1.1', SERVER_SOFTWARE: 'httpcheck',
      SERVER_NAME: '127.0.0.1', SERVER_PORT: '80', REMOTE_ADDR: '127.0.0.1',
      REQUEST_METHOD: req.method, REQUEST_URI: req.target, SCRIPT_NAME: '',
      PATH_INFO: pathInfo, QUERY_STRING: q < 0 ? '' : req.target.slice(q + 1),
      HTTP_HOST: '127.0.0.1',
    };
    if (vars.APP_DIR) env.KIT_APP_DIR = vars.APP_DIR;
    for (const k of ['ASAN_OPTIONS', 'UBSAN_OPTIONS', 'LSAN_OPTIONS', 'KIT_DATADIR']) {
      if (process.env[k] !== undefined) env[k] = process.env[k];
    }
    for (const [n, v] of sendHeaders) {
      const name = n.toUpperCase().replace(/-/g, '_');
      if (name === 'CONTENT_TYPE' || name === 'CONTENT_LENGTH') env[name] = v;
      else env[`HTTP_${name}`] = v;
    }
    const body = sendBody === null ? Buffer.alloc(0) : Buffer.from(sendBody);
    if (sendBody !== null) env.CONTENT_LENGTH = String(body.length);
    const started = process.hrtime.bigint();
    let firstByteMs = null, lastByteMs = null;
    const child = spawn(program, [], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out = []; const err = [];
    const timer = setTimeout(() => { child.kill('SIGKILL'); }, timeoutMs);
    let seen = Buffer.alloc(0);
    child.stdout.on('data', (d) => {
      out.push(d);
      const now = Number(process.hrtime.bigint() - started) / 1e6;
      if (firstByteMs === null) {
        // body bytes: what follows the CGI header block
        seen = Buffer.concat([seen, d]);
        const end = Math.min(...['\r\n\r\n', '\n\n'].map((t) => { const i = seen.indexOf(t); return i < 0 ? Infinity : i + t.length; }));
        if (end === Infinity || end >= seen.length) return;
        firstByteMs = now;
        seen = null;
      }
      lastByteMs = now;
    });
    child.stderr.on('data', (d) => err.push(d));
    child.on('error', (e) => { clearTimeout(timer); reject(e); });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const stderr = Buffer.concat(err).toString().trim();
      if (signal) return reject(new Error(`${program} killed by ${signal}${signal === 'SIGKILL' ? ` (no answer within ${timeoutMs} ms)` : ''}${stderr ? `: ${stderr.slice(0, 300)}` : ''}`));
      if (code !== 0) return reject(new Error(`${program} exited ${code}${stderr ? `: ${stderr.slice(0, 300)}` : ''}`));
      try { resolve({ ...parseCgiOutput(Buffer.concat(out)), firstByteMs, lastByteMs }); } catch (e) { reject(e); }
    });
    child.stdin.on('error', () => {});
    child.stdin.end(body);
  });
}

// The head of an HTTP answer (status line and header lines, up to the empty
// line) as bytes, latin1-decoded so every byte stays one character.
function rawHead(buf) {
  const end = buf.indexOf('\r\n\r\n');
  return buf.subarray(0, end < 0 ? buf.length : end + 2).toString('latin1');
}

function parseCgiOutput(buf) {
  let end = -1; let sepLen = 0;
  for (let i = 0; i < buf.length; i++) {
    if (buf[i] === 10 && buf[i + 1] === 10) { end = i; sepLen = 2; break; }
    if (buf[i] === 13 && buf[i + 1] === 10 && buf[i + 2] === 13 && buf[i + 3] === 10) { end = i; sepLen = 4; break; }
  }
  if (end < 0) throw new Error(`CGI output has no blank line after the headers: ${JSON.stringify(buf.subarray(0, 200).toString())}`);
  const headers = [];
  let status = 200;
  for (const line of buf.subarray(0, end).toString('latin1').split(/\r?\n/)) {
    const [n, v] = splitHeader(line, 'CGI output');
    if (n.toLowerCase() === 'status') status = Number(v.split(' ')[0]);
    else headers.push([n, v]);
  }
  if (!headers.some(([n]) => n.toLowerCase() === 'status') && headers.some(([n]) => n.toLowerCase() === 'location') && status === 200) status = 302;
  return { status, headers, body: buf.subarray(end + sepLen), rawHead: buf.subarray(0, end + sepLen / 2).toString('latin1') };
}

function headerValues(res, name) {
  const lower = name.toLowerCase();
  return res.headers.filter(([n]) => n.toLowerCase() === lower).map(([, v]) => v);
}

// Returns a list of problems (empty = pass).
function check(res, spec, vars) {
  const problems = [];
  const bodyText = () => res.body.toString('utf8');
  const excerpt = () => JSON.stringify(bodyText().slice(0, 160));
  for (const { key, value, where } of spec.checks) {
    switch (key) {
      case 'status': {
        const allowed = value.split(/\s+/).map(Number);
        if (!allowed.includes(res.status)) problems.push(`status ${res.status}, expected ${allowed.join(' or ')} (body ${excerpt()})`);
        break;
      }
      case 'header': case 'header-contains': case 'header-not-contains': case 'header-matches': {
        const [name, want] = splitHeader(value, where);
        const got = headerValues(res, name);
        const joined = got.join(', ');
        if (key === 'header-not-contains') {
          if (joined.includes(want)) problems.push(`${name}: "${joined}" contains "${want}"`);
        } else if (got.length === 0) {
          problems.push(`no ${name} header`);
        } else if (key === 'header' && joined !== want) {
          problems.push(`${name}: "${joined}", expected "${want}"`);
        } else if (key === 'header-contains' && !joined.includes(want)) {
          problems.push(`${name}: "${joined}" does not contain "${want}"`);
        } else if (key === 'header-matches' && !new RegExp(want).test(joined)) {
          problems.push(`${name}: "${joined}" does not match /${want}/`);
        }
        break;
      }
      case 'header-absent': {
        const got = headerValues(res, value);
        if (got.length) problems.push(`unexpected ${value}: "${got.join(', ')}"`);
        break;
      }
      case 'header-present':
        if (!headerValues(res, value).length) problems.push(`no ${value} header`);
        break;
      case 'body-contains':
        if (!res.body.includes(unescape(value))) problems.push(`body does not contain ${JSON.stringify(unescape(value))} (body ${excerpt()})`);
        break;
      case 'body-not-contains':
        if (res.body.includes(unescape(value))) problems.push(`body contains ${JSON.stringify(unescape(value))}`);
        break;
      case 'body-starts-with':
        if (!bodyText().startsWith(unescape(value))) problems.push(`body does not start with ${JSON.stringify(unescape(value))} (body ${excerpt()})`);
        break;
      case 'body-matches':
        if (!new RegExp(value, 's').test(bodyText())) problems.push(`body does not match /${value}/s (body ${excerpt()})`);
        break;
      case 'body-equals':
        if (!res.body.equals(Buffer.from(unescape(value)))) problems.push(`body ${excerpt()}, expected ${JSON.stringify(unescape(value))}`);
        break;
      case 'body-equals-file': {
        if (!vars.APP_DIR && !isAbsolute(value)) throw new Error(`${where}: body-equals-file needs --app-dir`);
        const file = isAbsolute(value) ? value : join(vars.APP_DIR, value);
        const want = readFileSync(file);
        if (!res.body.equals(want)) problems.push(`body (${res.body.length} bytes) differs from ${file} (${want.length} bytes)`);
        break;
      }
      case 'first-byte-within': {
        const limit = parseDuration(value, where);
        if (res.firstByteMs === null) problems.push('no body bytes arrived');
        else if (res.firstByteMs > limit) problems.push(`first body bytes after ${Math.round(res.firstByteMs)} ms, expected within ${limit} ms (response buffered?)`);
        break;
      }
      case 'first-byte-ahead': {
        // Streamed, whatever the start-up cost: the first bytes came this
        // long before the last (a buffered answer arrives all at once).
        const gap = parseDuration(value, where);
        if (res.firstByteMs === null) problems.push('no body bytes arrived');
        else if (res.lastByteMs - res.firstByteMs < gap) problems.push(`first body bytes ${Math.round(res.lastByteMs - res.firstByteMs)} ms before the last, expected at least ${gap} ms (response buffered?)`);
        break;
      }
      case 'raw-head-not-contains':
        if (res.rawHead.toLowerCase().includes(unescape(value).toLowerCase())) problems.push(`the head holds ${JSON.stringify(unescape(value))} (any case): ${JSON.stringify(res.rawHead.slice(0, 400))}`);
        break;
      case 'raw-head-matches':
        if (!new RegExp(value, 'm').test(res.rawHead)) problems.push(`the head does not match /${value}/m: ${JSON.stringify(res.rawHead.slice(0, 400))}`);
        break;
      default:
        throw new Error(`${where}: unhandled key ${key}`);
    }
  }
  return problems;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  let failed = 0;
  for (const file of opts.files) {
    const name = `${basename(dirname(file))}/${basename(file, '.test')}`;
    let spec;
    try {
      spec = parseTestFile(file, opts.vars);
    } catch (e) {
      console.log(`FAIL: ${opts.label}: ${name}: ${e.message}`);
      failed++;
      continue;
    }
    if (spec.servers && !spec.servers.includes(opts.label)) continue;
    for (const req of spec.requests) {
      const title = `${opts.label}: ${name}: ${req.method} ${req.target}`;
      try {
        const res = opts.cgi
          ? await cgiExchange(opts.cgi, req, spec.sendHeaders, spec.sendBody, spec.timeoutMs, opts.vars)
          : await httpExchange(opts.base, req, spec.sendHeaders, spec.sendBody, spec.timeoutMs);
        const problems = check(res, spec, opts.vars);
        if (problems.length) {
          console.log(`FAIL: ${title}: ${problems.join('; ')}`);
          failed++;
        } else {
          console.log(`PASS: ${title}`);
        }
      } catch (e) {
        console.log(`FAIL: ${title}: ${e.message}`);
        failed++;
      }
    }
  }
  process.exitCode = failed ? 1 : 0;
}

main();
