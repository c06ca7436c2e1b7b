#!/usr/bin/env node
// timing.mjs — streaming checks against a running kit-serve: every chunk is
// timestamped as it arrives (node:http, no dependencies) and the pieces of the
// answer are checked for content, arrival time and order. Prints one
// "PASS: …" / "FAIL: …: why" line per check; exit status 0 when nothing failed.
//
//   node timing.mjs --base http://127.0.0.1:18080 --label lighttpd CHECK...
//
// CHECKs (examples/hello unless noted):
//   streaming-doc   GET /streaming: shell with both fallbacks (and row 0) before
//                   600 ms; the 1 s boundary's HTML completion and Flight row at
//                   0.9-1.6 s, the 2 s one's at 1.9-2.8 s; 1 s content first in
//                   the byte stream although it is second in the tree.
//   streaming-nav   the same page as a navigation (X-RSC: true): row 0 before
//                   600 ms, the rows at those times, in resolution order.
//   slow-doc        GET /slow: loading.tsx fallback in the shell before 600 ms,
//                   the page's completion and row at 0.9-1.6 s.
//   boundary-error  examples/streaming GET /boundary-error (and as a navigation):
//                   200; the boundary that throws while the shell renders is
//                   <!--$!--><template data-dgst="D">, the one that throws later
//                   gets an error completion ("B:n","D'"); each has an E row
//                   with that digest; the error messages never reach the client.
//   many[=N]        examples/streaming GET /many, N times (default 1): every one
//                   of the 1,000 boundaries completes, in the HTML and as a row,
//                   none with an error; the document ends with </body></html>.
import {
  fetchTimed, arrivedAt, documentRows, navigationRows, pendingBoundaries, completions,
  boundaryCalls, suspenses, flightText, lat,
} from './stream.mjs';

const SHELL_MS = 600;
const FIRST = [900, 1600];
const SECOND = [1900, 2800];

const args = process.argv.slice(2);
let base; let label; const checks = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--base') base = args[++i];
  else if (args[i] === '--label') label = args[++i];
  else checks.push(args[i]);
}
if (!base || !label || !checks.length) {
  console.error('usage: timing.mjs --base URL --label NAME CHECK...');
  process.exit(2);
}

let failed = 0;
function report(name, problems) {
  if (problems.length) { failed++; console.log(`FAIL: ${label}: ${name}: ${problems.join('; ')}`); } else console.log(`PASS: ${label}: ${name}`);
}
const info = (s) => console.log(`  ${label}: ${s}`);
const ms = (x) => (Number.isFinite(x) ? `${Math.round(x)} ms` : 'never');
const within = (what, t, [lo, hi], problems) => {
  if (!(t >= lo && t <= hi)) problems.push(`${what} at ${ms(t)}, expected ${lo}-${hi} ms`);
};
const plain = (html) => html.replace(/<!-- -->/g, '');

function answerProblems(res, type) {
  const p = [];
  if (res.status !== 200) p.push(`status ${res.status}`);
  const ct = res.headers['content-type'] || '';
  if (!ct.startsWith(type)) p.push(`Content-Type "${ct}", expected ${type}`);
  if (type === 'text/html' && !res.body.toString('latin1').endsWith('</body></html>')) {
    p.push(`the document does not end with </body></html>: …${JSON.stringify(res.body.toString().slice(-80))}`);
  }
  return p;
}

// Row 0's Suspense elements -> { fallbackText: lazy row id }.
function lazyByFallback(row0) {
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

// A boundary that completes later: its fallback in the shell, its HTML
// completion and its row. spec: { name, fallback, text, window }.
function boundaryParts(res, html, rows, boundaries, comps, spec) {
  const b = boundaries.find((x) => x.fallbackEnd > 0 && html.slice(x.end, x.fallbackEnd).includes(lat(spec.fallback)));
  const row0 = rows.find((r) => r.id === '0');
  const lazy = row0 && lazyByFallback(row0).find((x) => x.fallback.includes(spec.fallback));
  const row = lazy && lazy.rowId && rows.find((r) => r.id === lazy.rowId);
  const comp = b && comps.get(b.id);
  return { boundary: b, completion: comp, row, lazy };
}

function checkBoundary(title, res, html, parts, spec) {
  const p = [];
  const { boundary: b, completion: c, row } = parts;
  if (!b) {
    p.push(`no pending boundary (<!--$?--><template id="B:…">) with the fallback "${spec.fallback}" in the shell`);
  } else if (!c) {
    p.push(`no HTML completion for ${b.id} (a <div hidden id="S:…"> and a script calling ("${b.id}","S:…")): the boundary stays on its fallback`);
  } else if (c.divStart < 0) {
    p.push(`the completion script for ${b.id} names ${c.segment}, but no <div hidden id="${c.segment}"> comes before it`);
  } else {
    if (!plain(c.content).includes(lat(spec.text))) p.push(`${c.segment} does not hold "${spec.text}": ${JSON.stringify(Buffer.from(c.content, 'latin1').toString().slice(0, 120))}`);
    within(`HTML completion of ${b.id} (first byte)`, arrivedAt(res, c.divStart + 1), spec.window, p);
    within(`HTML completion of ${b.id} (script)`, arrivedAt(res, c.scriptEnd), spec.window, p);
  }
  if (!parts.lazy) p.push(`row 0 has no Suspense with the fallback "${spec.fallback}"`);
  else if (!row) p.push(`no Flight row ${parts.lazy.rowId ? parts.lazy.rowId : '(children is not a $L reference)'} for that boundary`);
  else {
    if (!row.payload.includes(spec.rowText)) p.push(`row ${row.id} does not hold "${spec.rowText}": ${row.payload.slice(0, 120)}`);
    within(`Flight row ${row.id}`, row.ms, spec.window, p);
  }
  report(`${title}: ${spec.name}`, p);
  info(`${title}: ${spec.name}: HTML ${c && c.divStart >= 0 ? ms(arrivedAt(res, c.divStart + 1)) : '-'}, row ${row ? ms(row.ms) : '-'}`);
}

async function streamingDoc() {
  const title = 'GET /streaming';
  const res = await fetchTimed(base, '/streaming');
  const html = res.body.toString('latin1');
  report(`${title}: 200 text/html, ends with </body></html>`, answerProblems(res, 'text/html'));
  let rows = [];
  try { rows = documentRows(res); } catch (e) { report(`${title}: inline Flight rows parse`, [e.message]); }
  const boundaries = pendingBoundaries(html);
  const comps = completions(html);
  const specs = [
    { name: '1 s boundary: HTML completion and row at 0.9-1.6 s', fallback: 'waiting for the fast part…', text: 'fast after 1000 ms', rowText: '"fast"', window: FIRST },
    { name: '2 s boundary: HTML completion and row at 1.9-2.8 s', fallback: 'waiting for the slow part…', text: 'slow after 2000 ms', rowText: '"slow"', window: SECOND },
  ];
  const parts = specs.map((s) => boundaryParts(res, html, rows, boundaries, comps, s));

  // the shell: everything up to and including both fallbacks, and row 0
  const p = [];
  const row0 = rows.find((r) => r.id === '0');
  if (parts.some((x) => !x.boundary)) p.push(`the shell does not have both fallbacks in pending boundaries (found ${boundaries.length} <!--$?--> boundaries)`);
  else {
    const shellEnd = Math.max(...parts.map((x) => x.boundary.fallbackEnd));
    const t = arrivedAt(res, shellEnd);
    if (!(t < SHELL_MS)) p.push(`the shell up to the last fallback arrived at ${ms(t)}, expected before ${SHELL_MS} ms`);
    info(`${title}: shell to the last fallback at ${ms(t)}, first byte at ${ms(res.chunks[0] && res.chunks[0].ms)}`);
  }
  if (!row0) p.push('no row 0 in the inline Flight');
  else if (!(row0.ms < SHELL_MS)) p.push(`row 0 arrived at ${ms(row0.ms)}, expected before ${SHELL_MS} ms`);
  report(`${title}: shell (both fallbacks, row 0) before ${SHELL_MS} ms`, p);

  specs.forEach((s, i) => checkBoundary(title, res, html, parts[i], s));

  // resolution order, not tree order
  const o = [];
  const [fast, slow] = parts;
  if (fast.completion && slow.completion && fast.completion.divStart >= 0 && slow.completion.divStart >= 0) {
    if (!(fast.completion.divStart < slow.completion.divStart)) o.push(`the 2 s boundary's HTML completion (byte ${slow.completion.divStart}) comes before the 1 s one's (byte ${fast.completion.divStart})`);
  } else o.push('both HTML completions are needed to compare their order');
  if (fast.row && slow.row) {
    if (!(fast.row.start < slow.row.start)) o.push(`row ${slow.row.id} (2 s) comes before row ${fast.row.id} (1 s)`);
  } else o.push('both rows are needed to compare their order');
  report(`${title}: the 1 s content comes before the 2 s content (HTML and rows)`, o);
}

async function streamingNav() {
  const title = 'GET /streaming (X-RSC: true)';
  const res = await fetchTimed(base, '/streaming', { 'X-RSC': 'true' });
  report(`${title}: 200 text/x-component`, answerProblems(res, 'text/x-component'));
  let rows = [];
  try { rows = navigationRows(res); } catch (e) { report(`${title}: Flight rows parse`, [e.message]); }
  const row0 = rows.find((r) => r.id === '0');
  const p0 = [];
  if (!row0) p0.push('no row 0');
  else if (!(row0.ms < SHELL_MS)) p0.push(`row 0 arrived at ${ms(row0.ms)}, expected before ${SHELL_MS} ms`);
  report(`${title}: row 0 before ${SHELL_MS} ms`, p0);
  const lazies = row0 ? lazyByFallback(row0) : [];
  const find = (fallback) => {
    const l = lazies.find((x) => x.fallback.includes(fallback));
    return { lazy: l, row: l && l.rowId && rows.find((r) => r.id === l.rowId) };
  };
  const specs = [
    { name: '1 s boundary: row at 0.9-1.6 s', fallback: 'waiting for the fast part…', rowText: '"fast"', window: FIRST },
    { name: '2 s boundary: row at 1.9-2.8 s', fallback: 'waiting for the slow part…', rowText: '"slow"', window: SECOND },
  ];
  const found = specs.map((s) => {
    const f = find(s.fallback);
    const p = [];
    if (!f.lazy) p.push(`row 0 has no Suspense with the fallback "${s.fallback}"`);
    else if (!f.row) p.push(`no row ${f.lazy.rowId} for that boundary`);
    else {
      if (!f.row.payload.includes(s.rowText)) p.push(`row ${f.row.id} does not hold ${s.rowText}: ${f.row.payload.slice(0, 120)}`);
      within(`row ${f.row.id}`, f.row.ms, s.window, p);
      info(`${title}: ${s.name}: row ${f.row.id} at ${ms(f.row.ms)}`);
    }
    report(`${title}: ${s.name}`, p);
    return f;
  });
  const o = [];
  if (found[0].row && found[1].row) {
    if (!(found[0].row.start < found[1].row.start)) o.push(`row ${found[1].row.id} (2 s) comes before row ${found[0].row.id} (1 s)`);
  } else o.push('both rows are needed to compare their order');
  report(`${title}: the 1 s row comes before the 2 s row`, o);
}

async function slowDoc() {
  const title = 'GET /slow';
  const res = await fetchTimed(base, '/slow');
  const html = res.body.toString('latin1');
  report(`${title}: 200 text/html, ends with </body></html>`, answerProblems(res, 'text/html'));
  let rows = [];
  try { rows = documentRows(res); } catch (e) { report(`${title}: inline Flight rows parse`, [e.message]); }
  const spec = { name: 'the page: HTML completion and row at 0.9-1.6 s', fallback: 'loading the slow page…', text: 'the slow page is here', rowText: 'the slow page is here', window: FIRST };
  const parts = boundaryParts(res, html, rows, pendingBoundaries(html), completions(html), spec);
  const p = [];
  if (!parts.boundary) p.push('no pending boundary with the loading.tsx fallback "loading the slow page…" in the shell');
  else {
    const t = arrivedAt(res, parts.boundary.fallbackEnd);
    if (!(t < SHELL_MS)) p.push(`the loading fallback arrived at ${ms(t)}, expected before ${SHELL_MS} ms`);
    info(`${title}: loading fallback at ${ms(t)}`);
  }
  report(`${title}: loading.tsx fallback in the shell before ${SHELL_MS} ms`, p);
  checkBoundary(title, res, html, parts, spec);
}

const SECRETS = ['secret-sync-message', 'secret-async-message'];
async function boundaryError() {
  const title = 'GET /boundary-error';
  const res = await fetchTimed(base, '/boundary-error');
  const html = res.body.toString('latin1');
  report(`${title}: 200 text/html, ends with </body></html>`, answerProblems(res, 'text/html'));
  let rows = [];
  try { rows = documentRows(res); } catch (e) { report(`${title}: inline Flight rows parse`, [e.message]); }
  const row0 = rows.find((r) => r.id === '0');
  const lazies = row0 ? lazyByFallback(row0) : [];
  const eRow = (fallback) => {
    const l = lazies.find((x) => x.fallback.includes(fallback));
    const r = l && l.rowId && rows.find((x) => x.id === l.rowId);
    if (!r || r.tag !== 'E') return { row: r, digest: undefined };
    try { return { row: r, digest: JSON.parse(r.payload).digest }; } catch { return { row: r, digest: undefined }; }
  };
  // thrown while the shell was rendered: <!--$!--> with the digest
  const p1 = [];
  const sync = eRow('sync fallback');
  if (!sync.row) p1.push('no row for the boundary with "sync fallback"');
  else if (sync.row.tag !== 'E') p1.push(`row ${sync.row.id} is not an E row: ${sync.row.tag}${sync.row.payload.slice(0, 80)}`);
  else if (typeof sync.digest !== 'string' || !sync.digest) p1.push(`E row ${sync.row.id} has no digest: ${sync.row.payload}`);
  else {
    const m = new RegExp('<!--\\$!--><template data-dgst="([^"]*)"></template><p id="fb-sync">').exec(html);
    if (!m) p1.push('no <!--$!--><template data-dgst="…"> before the fallback "sync fallback"');
    else if (m[1] !== sync.digest) p1.push(`data-dgst="${m[1]}", but the E row's digest is "${sync.digest}"`);
  }
  report(`${title}: a boundary that throws in the shell: <!--$!--> with the E row's digest`, p1);
  // thrown after the shell: an error completion for its B:n with the digest
  const p2 = [];
  const late = eRow('async fallback');
  const b = pendingBoundaries(html).find((x) => x.fallbackEnd > 0 && html.slice(x.end, x.fallbackEnd).includes('async fallback'));
  if (!late.row) p2.push('no row for the boundary with "async fallback"');
  else if (late.row.tag !== 'E') p2.push(`row ${late.row.id} is not an E row: ${late.row.tag}${late.row.payload.slice(0, 80)}`);
  else if (typeof late.digest !== 'string' || !late.digest) p2.push(`E row ${late.row.id} has no digest: ${late.row.payload}`);
  if (!b) p2.push('no pending boundary (<!--$?-->) with the fallback "async fallback" in the shell');
  else {
    const calls = boundaryCalls(html).filter((c) => c.boundary === b.id);
    const err = calls.find((c) => !(typeof c.second === 'string' && c.second.startsWith('S:')));
    if (!err) p2.push(`no error completion script for ${b.id} (calls: ${JSON.stringify(calls.map((c) => c.second))})`);
    else if (late.digest !== undefined && err.second !== late.digest) p2.push(`the error completion of ${b.id} carries ${JSON.stringify(err.second)}, the E row ${JSON.stringify(late.digest)}`);
    if (calls.some((c) => typeof c.second === 'string' && c.second.startsWith('S:'))) p2.push(`${b.id} also gets a content completion`);
  }
  report(`${title}: a boundary that throws after the shell: error completion and E row with one digest`, p2);
  // the healthy boundary beside them still completes
  const comps = completions(html);
  const fine = pendingBoundaries(html).find((x) => x.fallbackEnd > 0 && html.slice(x.end, x.fallbackEnd).includes('fine fallback'));
  const c = fine && comps.get(fine.id);
  report(`${title}: the boundary beside them completes`, c && c.content && c.content.includes('this boundary is fine') ? [] : ['no completion with "this boundary is fine"']);
  // never the message
  const nav = await fetchTimed(base, '/boundary-error', { 'X-RSC': 'true' });
  const p3 = [];
  for (const [what, body] of [['document', res.body], ['navigation', nav.body]]) {
    for (const s of SECRETS) if (body.includes(s)) p3.push(`the ${what} contains the error message "${s}"`);
  }
  if (nav.status !== 200) p3.push(`navigation status ${nav.status}`);
  try {
    const navE = navigationRows(nav).filter((r) => r.tag === 'E').map((r) => JSON.parse(r.payload).digest);
    const want = [sync.digest, late.digest].filter((d) => d !== undefined).sort();
    if (JSON.stringify(navE.sort()) !== JSON.stringify(want)) p3.push(`navigation E row digests ${JSON.stringify(navE)}, expected ${JSON.stringify(want)}`);
  } catch (e) { p3.push(`navigation rows: ${e.message}`); }
  report(`${title}: digests only, never the error messages (document and navigation)`, p3);
}

const COUNT = 1000;
async function many(times) {
  const title = `GET /many${times > 1 ? ` x${times}` : ''}`;
  const problems = new Map(); // problem -> first run it happened in
  const note = (run, why) => { if (!problems.has(why)) problems.set(why, run); };
  let worst = 0;
  for (let run = 1; run <= times; run++) {
    let res;
    try { res = await fetchTimed(base, '/many', {}, 30000); } catch (e) { note(run, e.message); continue; }
    worst = Math.max(worst, res.totalMs);
    const html = res.body.toString('latin1');
    for (const x of answerProblems(res, 'text/html')) note(run, x);
    const boundaries = pendingBoundaries(html);
    if (boundaries.length !== COUNT) note(run, `${boundaries.length} pending boundaries in the shell, expected ${COUNT}`);
    const comps = completions(html);
    const calls = boundaryCalls(html);
    const errors = calls.filter((c) => typeof c.second !== 'string' || !c.second.startsWith('S:'));
    if (errors.length) note(run, `${errors.length} boundaries ended with an error completion, e.g. ${errors[0].boundary} ${JSON.stringify(errors[0].second)}`);
    const missing = boundaries.filter((b) => !comps.has(b.id));
    if (missing.length) note(run, `${missing.length} boundaries never completed in the HTML, e.g. ${missing.slice(0, 3).map((b) => b.id).join(' ')}`);
    const htmlItems = new Set();
    for (const c of comps.values()) {
      const m = c.content && /item (\d+) done/.exec(c.content);
      if (m) htmlItems.add(Number(m[1]));
    }
    if (htmlItems.size !== COUNT) note(run, `${htmlItems.size} of ${COUNT} items arrived as HTML completions`);
    let rows = [];
    try { rows = documentRows(res); } catch (e) { note(run, `inline Flight: ${e.message}`); }
    const eRows = rows.filter((r) => r.tag === 'E');
    if (eRows.length) note(run, `${eRows.length} E rows, e.g. ${eRows[0].id}:E${eRows[0].payload.slice(0, 80)}`);
    const rowItems = new Set();
    for (const r of rows) { const m = /item (\d+) done/.exec(r.payload); if (m) rowItems.add(Number(m[1])); }
    if (rowItems.size !== COUNT) note(run, `${rowItems.size} of ${COUNT} items arrived as Flight rows`);
  }
  report(`${title}: all ${COUNT} boundaries complete (HTML and rows), no errors, </body></html>`,
    [...problems].map(([why, run]) => (times > 1 ? `run ${run}: ${why}` : why)));
  info(`${title}: slowest answer ${ms(worst)}`);
}

for (const c of checks) {
  try {
    if (c === 'streaming-doc') await streamingDoc();
    else if (c === 'streaming-nav') await streamingNav();
    else if (c === 'slow-doc') await slowDoc();
    else if (c === 'boundary-error') await boundaryError();
    else if (/^many(=\d+)?$/.test(c)) await many(Number(c.split('=')[1] || 1));
    else { report(c, ['unknown check']); }
  } catch (e) {
    report(c, [`${e.message}`]);
  }
}
process.exitCode = failed ? 1 : 0;
