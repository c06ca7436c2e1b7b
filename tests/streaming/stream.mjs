// stream.mjs — read one streamed kit answer chunk by chunk, with the arrival
// time of every byte, and take it apart: the inline Flight pushes of a
// document, the Flight rows, the Suspense boundaries of the shell and their
// completions. Shared by timing.mjs (tests/suites/streaming.sh); node only, no
// dependencies.
import http from 'node:http';

// GET base+target; resolves to { status, headers, body: Buffer, chunks:
// [{ start, end, ms }] } where ms is when the chunk arrived, counted from the
// moment the request was made (before the connection was opened).
export function fetchTimed(base, target, headers = {}, timeoutMs = 20000) {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const started = process.hrtime.bigint();
    const since = () => Number(process.hrtime.bigint() - started) / 1e6;
    const r = http.request({
      host: url.hostname, port: url.port, method: 'GET', path: target, agent: false,
      headers: { 'Accept-Encoding': 'identity', ...headers },
    }, (res) => {
      const parts = []; const chunks = []; let len = 0;
      res.on('data', (d) => {
        chunks.push({ start: len, end: len + d.length, ms: since() });
        parts.push(d); len += d.length;
      });
      res.on('end', () => resolve({
        status: res.statusCode, headers: res.headers, body: Buffer.concat(parts), chunks, totalMs: since(),
      }));
      res.on('error', reject);
    });
    r.setTimeout(timeoutMs, () => r.destroy(new Error(`no complete answer within ${timeoutMs} ms`)));
    r.on('error', reject);
    r.end();
  });
}

// When had byte `offset` (exclusive end: the bytes before it) arrived?
export function arrivedAt(res, end) {
  if (end <= 0) return res.chunks.length ? res.chunks[0].ms : 0;
  for (const c of res.chunks) if (end <= c.end) return c.ms;
  return Infinity;
}

// The inline pushes of a document, in order: { start, end (byte offsets of the
// whole <script>), text (the decoded string), ms }.
const PUSH = /<script>\(self\.__kit_f=self\.__kit_f\|\|\[\]\)\.push\(("(?:[^"\\]|\\.)*")\)<\/script>/g;
export function pushes(res) {
  const html = res.body.toString('latin1'); // byte offsets = string offsets
  const out = [];
  for (const m of html.matchAll(PUSH)) {
    const literal = Buffer.from(m[1], 'latin1').toString('utf8');
    out.push({ start: m.index, end: m.index + m[0].length, text: JSON.parse(literal), ms: arrivedAt(res, m.index + m[0].length) });
  }
  return out;
}

// Flight rows from a list of segments [{ bytes: Buffer, ms }] (the pushes of a
// document, or the chunks of a navigation answer), each row with the time its
// last byte arrived and its position in the Flight stream.
// Row forms: "<hex id>:<tag><json>\n" and "<hex id>:T<hex byte length>,<bytes>".
export function rows(segments) {
  const all = Buffer.concat(segments.map((s) => s.bytes));
  const ends = []; let n = 0;
  for (const s of segments) { n += s.bytes.length; ends.push({ end: n, ms: s.ms }); }
  const msAt = (end) => { for (const e of ends) if (end <= e.end) return e.ms; return Infinity; };
  const out = []; let i = 0;
  while (i < all.length) {
    const colon = all.indexOf(0x3a, i);
    if (colon < 0) throw new Error(`Flight: no ":" after byte ${i}: ${JSON.stringify(all.subarray(i, i + 60).toString())}`);
    const id = all.subarray(i, colon).toString();
    if (!/^[0-9a-f]+$/.test(id)) throw new Error(`Flight: bad row id ${JSON.stringify(id)} at byte ${i}`);
    let end; let tag = ''; let payload;
    const t = /^T([0-9a-f]+),/.exec(all.subarray(colon + 1, colon + 20).toString('latin1'));
    if (t) {
      const from = colon + 1 + t[0].length;
      end = from + parseInt(t[1], 16);
      if (end > all.length) throw new Error(`Flight: row ${id}: text row longer than the stream`);
      tag = 'T'; payload = all.subarray(from, end).toString();
    } else {
      const nl = all.indexOf(0x0a, colon);
      if (nl < 0) throw new Error(`Flight: row ${id} has no closing newline`);
      end = nl + 1;
      let body = all.subarray(colon + 1, nl).toString();
      if (/^[A-Z]/.test(body)) { tag = body[0]; body = body.slice(1); }
      payload = body;
    }
    out.push({ id, tag, payload, start: i, end, ms: msAt(end) });
    i = end;
  }
  return out;
}

export function documentRows(res) {
  return rows(pushes(res).map((p) => ({ bytes: Buffer.from(p.text), ms: p.ms })));
}

export function navigationRows(res) {
  return rows(res.chunks.map((c) => ({ bytes: res.body.subarray(c.start, c.end), ms: c.ms })));
}

// The Suspense elements of a Flight JSON value: [{ fallback, children }].
export function suspenses(value, out = []) {
  if (Array.isArray(value)) {
    if (value[0] === '$' && value[1] === '$Sreact.suspense' && value.length === 4) out.push(value[3]);
    for (const v of value) suspenses(v, out);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) suspenses(v, out);
  }
  return out;
}

// The text of a Flight JSON value (elements' children only), for matching.
export function flightText(value) {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value[0] === '$' && typeof value[1] === 'string' && value.length === 4) return flightText(value[3] && value[3].children);
    return value.map(flightText).join('');
  }
  return '';
}

// Pending boundaries of the shell: { id: "B:n", start, end (of the marker),
// fallbackEnd (after its <!--/$-->) }. Nested markers are counted, so the end
// is the boundary's own.
export function pendingBoundaries(html) {
  const out = [];
  const re = /<!--\$\?--><template id="(B:[0-9a-f]+)"><\/template>/g;
  for (const m of html.matchAll(re)) {
    let depth = 0; let j = m.index + m[0].length; let fallbackEnd = -1;
    const marker = /<!--(\$|\$\?|\$!|\/\$)-->/g;
    marker.lastIndex = j;
    for (let x; (x = marker.exec(html));) {
      if (x[1] === '/$') { if (depth === 0) { fallbackEnd = x.index + x[0].length; break; } depth--; } else depth++;
    }
    out.push({ id: m[1], start: m.index, end: m.index + m[0].length, fallbackEnd });
  }
  return out;
}

// The hidden containers of completed segments: Map "S:x" -> { start, end,
// content } (the container's own </div>, nested divs counted).
export function hiddenSegments(html) {
  const out = new Map();
  const tag = /<(\/?)div\b[^>]*>/g;
  const stack = [];
  for (let x; (x = tag.exec(html));) {
    if (!x[1]) {
      const id = /^<div hidden id="(S:[0-9a-f]+)">$/.exec(x[0]);
      stack.push(id ? { id: id[1], start: x.index, open: x[0].length } : null);
    } else {
      const top = stack.pop();
      if (top) {
        out.set(top.id, { start: top.start, end: x.index + x[0].length, content: html.slice(top.start + top.open, x.index) });
      }
    }
  }
  return out;
}

// The HTML completions: Map "B:n" -> { segment, divStart, divEnd, content,
// scriptStart, scriptEnd }, from the scripts calling ("B:n","S:x") (whatever
// the runtime's name: React's $RC or kit's own) and the hidden container S:x
// that comes before that script.
export function completions(html) {
  const segs = hiddenSegments(html);
  const out = new Map();
  for (const c of boundaryCalls(html)) {
    if (typeof c.second !== 'string' || !/^S:[0-9a-f]+$/.test(c.second) || out.has(c.boundary)) continue;
    const seg = segs.get(c.second);
    const ok = seg && seg.end <= c.start;
    out.set(c.boundary, {
      segment: c.second, divStart: ok ? seg.start : -1, divEnd: ok ? seg.end : -1, content: ok ? seg.content : null,
      scriptStart: c.start, scriptEnd: c.end,
    });
  }
  return out;
}

// Every call of an inline script with a boundary id as its first argument:
// ("B:n","S:x") is a completion, ("B:n","digest") an error completion.
// Returns [{ boundary, second, start, end (of the <script> element) }].
export function boundaryCalls(html) {
  const out = [];
  for (const s of html.matchAll(/<script>((?:(?!<\/script>).)*)<\/script>/gs)) {
    for (const c of s[1].matchAll(/\("(B:[0-9a-f]+)"\s*,\s*("(?:[^"\\]|\\.)*"|null)?/g)) {
      out.push({ boundary: c[1], second: c[2] ? JSON.parse(c[2]) : null, start: s.index, end: s.index + s[0].length });
    }
  }
  return out;
}

// Latin-1 view of a UTF-8 needle, to search a body read as latin1.
export const lat = (s) => Buffer.from(s).toString('latin1');

// Row 0's Suspense elements: [{ fallback: its text, rowId: the hex id of the
// lazy row its children refer to ("$L<id>"), or null }]. (timing.mjs keeps
// its own copy; streaming-limits.sh's limits.mjs uses this one.)
export function lazyByFallback(row0) {
  const out = [];
  let value;
  try { value = JSON.parse(row0.payload); } catch (e) { return out; }
  for (const s of suspenses(value)) {
    // the content, through kit's fallback boundary (an element, docs/errors.md
    // "Nesting") whose children is the row
    let c = s.children;
    while (Array.isArray(c) && c[0] === '$' && c[3] && c[3].children !== undefined) c = c[3].children;
    const lazy = typeof c === 'string' && /^\$L([0-9a-f]+)$/.exec(c);
    out.push({ fallback: flightText(s.fallback), rowId: lazy ? lazy[1] : null });
  }
  return out;
}

// GET base+target and drop the connection abortAfterMs after the request was
// made (the client goes away mid-stream). Resolves to { status (null if no
// headers came), bytes received, firstByteMs, closedMs }.
export function fetchAndClose(base, target, abortAfterMs, headers = {}) {
  return new Promise((resolve) => {
    const url = new URL(base);
    const started = process.hrtime.bigint();
    const since = () => Number(process.hrtime.bigint() - started) / 1e6;
    let status = null; let bytes = 0; let firstByteMs = null; let done = false;
    const r = http.request({
      host: url.hostname, port: url.port, method: 'GET', path: target, agent: false,
      headers: { 'Accept-Encoding': 'identity', ...headers },
    }, (res) => {
      status = res.statusCode;
      res.on('data', (d) => { if (firstByteMs === null) firstByteMs = since(); bytes += d.length; });
      res.on('error', () => {});
    });
    r.on('error', () => {});
    r.end();
    setTimeout(() => {
      if (done) return;
      done = true;
      r.destroy();
      resolve({ status, bytes, firstByteMs, closedMs: since() });
    }, abortAfterMs);
  });
}
