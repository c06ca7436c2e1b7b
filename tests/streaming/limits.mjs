#!/usr/bin/env node
// limits.mjs — the limits of a streamed answer, against a running kit-serve
// of examples/streaming (tests/suites/streaming-limits.sh starts the servers
// with the environment each check needs). Every chunk is timestamped as it
// arrives (stream.mjs); one "PASS: …" / "FAIL: …: why" line per check, exit
// status 0 when nothing failed.
//
//   node limits.mjs --base URL --label NAME [--log FILE] CHECK...
//
// CHECKs:
//   keepalive      (KIT_KEEPALIVE_MS=500) GET /keepalive, a boundary pending
//                  for 3 s: 200 complete at 2.9-3.8 s; a "<!--k-->" every
//                  0.35-0.8 s between the shell and the completion, never a
//                  silence over 0.8 s; the keep-alives sit between the shell
//                  (fallback, row 0) and the completion, and nothing else does;
//                  the completion and its row still arrive at ~3 s.
//   keepalive-cut  the control behind mod_fcgid with a 2 s FcgidIOTimeout and
//                  no short keep-alive: the stream must be cut before the
//                  completion (else the timeout was not in effect and the
//                  keepalive check proved nothing); --log: Apache's error log
//                  names the read timeout.
//   disconnect     (KIT_KEEPALIVE_MS=500, one responder; --log: the
//                  responder's stderr) GET /disconnect?run=closed-X, the
//                  connection dropped after 300 ms: the next request is
//                  answered 200 within 2 s of the drop (the abandoned render
//                  would hold the only responder until ~3 s), and by 3.8 s the
//                  page's late component has not logged for run closed-X.
//                  Control: a client that stays makes it log (run kept-X).
//   budget-doc     (KIT_RENDER_TIMEOUT_MS=1000) GET /budget, boundaries of
//                  300 ms and 5 s: 200, complete at 0.9-1.6 s with
//                  </body></html>; the 300 ms one completes (HTML and row) at
//                  0.25-0.9 s; the 5 s one ends at 0.9-1.6 s with an error
//                  completion carrying KIT_RENDER_TIMEOUT and an E row with
//                  that digest, never a content completion.
//   budget-nav     the same page as a navigation (X-RSC: true): the 300 ms row,
//                  then the E row with KIT_RENDER_TIMEOUT, complete at 0.9-1.6 s.
//   budget-shell   GET /budget-shell, a shell that waits 5 s: 503 at 0.9-1.8 s;
//                  a GET / sent 300 ms into it (with one responder it waits in
//                  the worker's socket backlog) is answered 200.
//   runaway        GET /runaway, a component in `while (true) {}`: mujs's
//                  interrupt stops it at the budget, so it is the budget's 503
//                  (the same status and body as /budget-shell's) at 0.9-1.8 s,
//                  not kit-fcgi's watchdog at budget + 5 s; the request sent
//                  right after it is answered 200 within 1 s (by the same
//                  worker: the suite checks the pid and the log line).
import fs from 'node:fs';
import {
  fetchTimed, fetchAndClose, arrivedAt, pushes, documentRows, navigationRows, pendingBoundaries, completions,
  boundaryCalls, lazyByFallback, lat,
} from './stream.mjs';

const args = process.argv.slice(2);
let base; let label; let logFile; const checks = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--base') base = args[++i];
  else if (args[i] === '--label') label = args[++i];
  else if (args[i] === '--log') logFile = args[++i];
  else checks.push(args[i]);
}
if (!base || !label || !checks.length) {
  console.error('usage: limits.mjs --base URL --label NAME [--log FILE] CHECK...');
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
const sleep = (n) => new Promise((r) => setTimeout(r, n));
const readLog = () => { try { return fs.readFileSync(logFile, 'utf8'); } catch { return ''; } };
const token = () => `${process.pid.toString(36)}${Date.now().toString(36)}`;

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

// GET base+target, never throwing: { status, ms, body } (status 0: no answer).
async function quickGet(target, timeoutMs = 10000) {
  try {
    const r = await fetchTimed(base, target, {}, timeoutMs);
    return { status: r.status, ms: r.totalMs, body: r.body.toString() };
  } catch (e) {
    return { status: 0, ms: Infinity, body: e.message };
  }
}

const KEEPALIVE = '<!--k-->';
const KA_GAP = [350, 800];      // KIT_KEEPALIVE_MS=500, as the client sees it
const MAX_SILENCE = 800;

// ---- keep-alive ------------------------------------------------------------------------------
async function keepalive() {
  const title = 'GET /keepalive (boundary pending 3 s, KIT_KEEPALIVE_MS=500)';
  const res = await fetchTimed(base, '/keepalive');
  const html = res.body.toString('latin1');
  const p0 = answerProblems(res, 'text/html');
  within('the answer complete', res.totalMs, [2900, 3800], p0);
  report(`${title}: 200 text/html, complete with </body></html> at ~3 s`, p0);

  const kas = [];
  for (let i = html.indexOf(KEEPALIVE); i >= 0; i = html.indexOf(KEEPALIVE, i + KEEPALIVE.length)) {
    kas.push({ start: i, end: i + KEEPALIVE.length, ms: arrivedAt(res, i + KEEPALIVE.length) });
  }
  const boundary = pendingBoundaries(html).find((b) => b.fallbackEnd > 0 && html.slice(b.end, b.fallbackEnd).includes(lat('waiting 3 s for the late part')));
  const comp = boundary && completions(html).get(boundary.id);

  // timing: what a front server's I/O timeout sees
  const p1 = [];
  if (kas.length < 4 || kas.length > 7) p1.push(`${kas.length} keep-alives during the 3 s wait, expected 4-7 (one per ~500 ms)`);
  const shellMs = res.chunks.length ? res.chunks[0].ms : Infinity;
  const compMs = comp && comp.divStart >= 0 ? arrivedAt(res, comp.divStart + 1) : Infinity;
  const times = [shellMs, ...kas.map((k) => k.ms), compMs];
  const gaps = times.slice(1).map((t, i) => t - times[i]);
  gaps.forEach((g, i) => {
    const what = i === 0 ? 'shell → first keep-alive' : i === gaps.length - 1 ? 'last keep-alive → completion' : `keep-alive ${i} → ${i + 1}`;
    // the last gap may be short: the boundary resolves on its own clock
    const lo = i === gaps.length - 1 ? 0 : KA_GAP[0];
    if (!(g >= lo && g <= KA_GAP[1])) p1.push(`${what}: ${ms(g)}, expected ${lo}-${KA_GAP[1]} ms`);
  });
  let silence = 0;
  for (let i = 1; i < res.chunks.length; i++) silence = Math.max(silence, res.chunks[i].ms - res.chunks[i - 1].ms);
  if (!(silence <= MAX_SILENCE)) p1.push(`the longest silence between two chunks was ${ms(silence)}, expected at most ${MAX_SILENCE} ms`);
  report(`${title}: a keep-alive every ~0.5 s while the boundary waits, never ${MAX_SILENCE} ms of silence`, p1);
  info(`${title}: shell at ${ms(shellMs)}, keep-alives at ${kas.length ? `${kas.map((k) => Math.round(k.ms)).join(', ')} ms` : 'none'}, completion at ${ms(compMs)}`);

  // structure: the keep-alives sit between the shell and the completion, alone
  const p2 = [];
  let rows = [];
  try { rows = documentRows(res); } catch (e) { p2.push(`inline Flight rows: ${e.message}`); }
  if (!boundary) p2.push('no pending boundary (<!--$?--><template id="B:…">) with the fallback "waiting 3 s for the late part…" in the shell');
  else if (!comp || comp.divStart < 0) p2.push(`no HTML completion for ${boundary.id}`);
  else if (!kas.length) p2.push('no keep-alive to check');
  else {
    const shell = html.slice(0, kas[0].start);
    if (boundary.fallbackEnd > kas[0].start) p2.push('a keep-alive comes before the end of the fallback (inside the shell)');
    if (!shell.includes('</main>')) p2.push('the shell before the first keep-alive is not whole (no </main>)');
    const row0 = rows.find((r) => r.id === '0');
    if (rows.length && !pushes(res).some((x) => x.end <= kas[0].start && /(^|\n)0:/.test(x.text))) p2.push('the inline push of row 0 does not come before the keep-alives');
    const opened = (shell.match(/<script\b/g) || []).length; const closedTags = (shell.match(/<\/script>/g) || []).length;
    if (opened !== closedTags) p2.push('the first keep-alive interrupts a script');
    const between = html.slice(kas[0].start, comp.divStart);
    if (between !== KEEPALIVE.repeat(kas.length)) {
      p2.push(`between the first keep-alive and the completion there is more than keep-alives: ${JSON.stringify(between.replace(/(<!--k-->)+/g, '<!--k-->…').slice(0, 160))}`);
    }
    if (!comp.content.includes(lat('late content after 3000 ms'))) p2.push(`${comp.segment} does not hold "late content after 3000 ms"`);
    const calls = boundaryCalls(html).filter((c) => c.boundary === boundary.id);
    if (calls.length !== 1 || calls[0].second !== comp.segment) p2.push(`${boundary.id} gets ${calls.length} completion calls: ${JSON.stringify(calls.map((c) => c.second))}`);
    const lazy = row0 && lazyByFallback(row0).find((x) => x.fallback.includes('waiting 3 s for the late part'));
    const row = lazy && lazy.rowId && rows.find((r) => r.id === lazy.rowId);
    if (rows.length && !row) p2.push('no Flight row for the late boundary');
    else if (row) {
      if (!row.payload.includes('late content after 3000 ms')) p2.push(`row ${row.id} does not hold the late content`);
      if (!(row.ms >= kas[kas.length - 1].ms)) p2.push(`row ${row.id} arrived at ${ms(row.ms)}, before the last keep-alive`);
    }
    // a keep-alive must never look like a boundary marker to the hydrating client
    const comments = [...html.matchAll(/<!--([^]*?)-->/g)].map((m) => m[1]).filter((c) => !['$', '$?', '$!', '/$', ' ', 'k'].includes(c));
    if (comments.length) p2.push(`other comments in the document: ${JSON.stringify(comments.slice(0, 5))}`);
  }
  report(`${title}: the keep-alives sit after the whole shell and before the completion, nothing else moved`, p2);
}

// mod_fcgid with FcgidIOTimeout 2 and the default keep-alive (10 s): cut.
async function keepaliveCut() {
  const title = 'GET /keepalive without a short keep-alive (control)';
  let res;
  try { res = await fetchTimed(base, '/keepalive'); } catch (e) { res = null; info(`${title}: ${e.message}`); }
  const p = [];
  if (res) {
    const html = res.body.toString('latin1');
    if (html.includes(lat('late content after 3000 ms')) || /\$KC\("B:/.test(html)) {
      p.push(`the stream was not cut (complete at ${ms(res.totalMs)}): FcgidIOTimeout was not in effect, so the keep-alive check behind this server proves nothing`);
    }
    if (html.includes(KEEPALIVE)) p.push('it carries keep-alives: the responder did not run with the default KIT_KEEPALIVE_MS');
    info(`${title}: status ${res.status}, ${res.body.length} bytes, ended at ${ms(res.totalMs)}${html.endsWith('</body></html>') ? '' : ` with …${JSON.stringify(res.body.toString().slice(-60))}`}`);
  }
  if (logFile) {
    await sleep(200);
    if (!/read data timeout/.test(readLog())) p.push(`${logFile} does not name mod_fcgid's read timeout`);
  }
  report(`${title}: mod_fcgid cuts the silent stream after FcgidIOTimeout (2 s)`, p);
}

// ---- disconnect ------------------------------------------------------------------------------
async function disconnect() {
  const title = 'GET /disconnect (boundary pending 3 s), connection dropped after 300 ms';
  if (!logFile) { report(title, ['--log FILE (the responder\'s stderr) is needed']); return; }
  const closed = `closed-${token()}`;
  const t0 = Date.now();
  const gone = await fetchAndClose(base, `/disconnect?run=${closed}`, 300);
  const next = await quickGet('/');
  const p1 = [];
  if (gone.status !== 200 || !gone.bytes) p1.push(`the dropped request had status ${gone.status} and ${gone.bytes} bytes before the drop (the shell should have arrived)`);
  if (next.status !== 200) p1.push(`GET / right after the drop: status ${next.status} ${next.status ? '' : next.body}`);
  else if (!(next.ms <= 2000)) p1.push(`GET / right after the drop took ${ms(next.ms)}: the responder kept rendering for the client that left (expected within 2000 ms; the abandoned render holds it until ~${3000 - 300} ms)`);
  report(`${title}: the only responder is free again and answers the next request quickly`, p1);
  info(`${title}: shell at ${ms(gone.firstByteMs)}, dropped at ${ms(gone.closedMs)}; GET / right after: ${next.status} in ${ms(next.ms)}`);

  // by 3.8 s the late component would have logged
  const wait = 3800 - (Date.now() - t0);
  if (wait > 0) await sleep(wait);
  const log = readLog();
  const p2 = [];
  if (log.includes(`(run ${closed})`)) p2.push(`the late component still ran for the client that left: ${JSON.stringify(log.split('\n').find((l) => l.includes(closed)))}`);
  report(`${title}: the render stopped (its late component never ran)`, p2);

  // control: the log line does appear for a client that stays
  const kept = `kept-${token()}`;
  const res = await fetchTimed(base, `/disconnect?run=${kept}`);
  await sleep(200);
  const p3 = answerProblems(res, 'text/html');
  if (!res.body.toString('latin1').includes('late content after 3000 ms')) p3.push('no late content');
  if (!readLog().includes(`(run ${kept})`)) p3.push(`${logFile} has no line "disconnect page: the late component finished (run ${kept})": the check above cannot see a render that went on`);
  report('GET /disconnect, client stays (control): complete, and the late component logs', p3);
}

// ---- render budget ---------------------------------------------------------------------------
const BUDGET_DONE = [900, 1600];
const FAST = [250, 900];

async function budgetDoc() {
  const title = 'GET /budget (KIT_RENDER_TIMEOUT_MS=1000; boundaries of 300 ms and 5 s)';
  const res = await fetchTimed(base, '/budget');
  const html = res.body.toString('latin1');
  const p0 = answerProblems(res, 'text/html');
  within('the answer complete', res.totalMs, BUDGET_DONE, p0);
  report(`${title}: 200, complete with </body></html> at ~1 s, not 5 s`, p0);
  info(`${title}: complete at ${ms(res.totalMs)}`);

  let rows = [];
  const p1 = []; const p2 = [];
  try { rows = documentRows(res); } catch (e) { p1.push(`inline Flight rows: ${e.message}`); }
  const row0 = rows.find((r) => r.id === '0');
  const lazies = row0 ? lazyByFallback(row0) : [];
  const find = (fallback) => {
    const b = pendingBoundaries(html).find((x) => x.fallbackEnd > 0 && html.slice(x.end, x.fallbackEnd).includes(lat(fallback)));
    const l = lazies.find((x) => x.fallback.includes(fallback));
    return { b, row: l && l.rowId && rows.find((r) => r.id === l.rowId), calls: b ? boundaryCalls(html).filter((c) => c.boundary === b.id) : [] };
  };
  const fast = find('waiting for the 300 ms part');
  const slow = find('waiting for the 5 s part');

  if (!fast.b) p1.push('no pending boundary with the fallback "waiting for the 300 ms part…"');
  else {
    const c = completions(html).get(fast.b.id);
    if (!c || c.divStart < 0) p1.push(`no HTML completion for ${fast.b.id}`);
    else {
      if (!c.content.includes('done after 300 ms')) p1.push(`${c.segment} does not hold "done after 300 ms"`);
      within(`HTML completion of ${fast.b.id}`, arrivedAt(res, c.scriptEnd), FAST, p1);
    }
  }
  if (!fast.row) p1.push('no Flight row for the 300 ms boundary');
  else if (fast.row.tag === 'E' || !fast.row.payload.includes('done after 300 ms')) p1.push(`row ${fast.row.id}: ${fast.row.tag}${fast.row.payload.slice(0, 80)}`);
  report(`${title}: the 300 ms boundary completes (HTML and row) at 0.25-0.9 s`, p1);

  if (!slow.b) p2.push('no pending boundary with the fallback "waiting for the 5 s part…"');
  else {
    const errs = slow.calls.filter((c) => !(typeof c.second === 'string' && c.second.startsWith('S:')));
    const contents = slow.calls.filter((c) => typeof c.second === 'string' && c.second.startsWith('S:'));
    if (contents.length) p2.push(`${slow.b.id} got a content completion`);
    if (errs.length !== 1) p2.push(`${slow.b.id} has ${errs.length} error completions (calls: ${JSON.stringify(slow.calls.map((c) => c.second))})`);
    else {
      if (errs[0].second !== 'KIT_RENDER_TIMEOUT') p2.push(`the error completion of ${slow.b.id} carries ${JSON.stringify(errs[0].second)}, expected "KIT_RENDER_TIMEOUT"`);
      if (!/^<script>\$KX\(/.test(html.slice(errs[0].start, errs[0].end))) p2.push(`the error completion is not a $KX call: ${html.slice(errs[0].start, errs[0].start + 80)}`);
      within(`error completion of ${slow.b.id}`, arrivedAt(res, errs[0].end), BUDGET_DONE, p2);
    }
  }
  if (!slow.row) p2.push('no Flight row for the 5 s boundary');
  else if (slow.row.tag !== 'E') p2.push(`row ${slow.row.id} is not an E row: ${slow.row.tag}${slow.row.payload.slice(0, 80)}`);
  else {
    let d; try { d = JSON.parse(slow.row.payload).digest; } catch { d = undefined; }
    if (d !== 'KIT_RENDER_TIMEOUT') p2.push(`E row ${slow.row.id} has the digest ${JSON.stringify(d)}, expected "KIT_RENDER_TIMEOUT"`);
    within(`E row ${slow.row.id}`, slow.row.ms, BUDGET_DONE, p2);
  }
  if (html.includes('done after 5000 ms')) p2.push('the 5 s content is in the document');
  report(`${title}: the 5 s boundary ends at ~1 s with $KX(…,"KIT_RENDER_TIMEOUT") and an E row with that digest`, p2);
}

async function budgetNav() {
  const title = 'GET /budget (X-RSC: true, KIT_RENDER_TIMEOUT_MS=1000)';
  const res = await fetchTimed(base, '/budget', { 'X-RSC': 'true' });
  const p = answerProblems(res, 'text/x-component');
  within('the answer complete', res.totalMs, BUDGET_DONE, p);
  let rows = [];
  try { rows = navigationRows(res); } catch (e) { p.push(`Flight rows: ${e.message}`); }
  const row0 = rows.find((r) => r.id === '0');
  const lazies = row0 ? lazyByFallback(row0) : [];
  const rowOf = (fallback) => { const l = lazies.find((x) => x.fallback.includes(fallback)); return l && l.rowId && rows.find((r) => r.id === l.rowId); };
  const fast = rowOf('waiting for the 300 ms part');
  const slow = rowOf('waiting for the 5 s part');
  if (!fast || fast.tag === 'E') p.push(`the 300 ms boundary's row: ${fast ? `${fast.tag}${fast.payload.slice(0, 60)}` : 'missing'}`);
  else within(`row ${fast.id}`, fast.ms, FAST, p);
  if (!slow || slow.tag !== 'E') p.push(`the 5 s boundary's row is not an E row: ${slow ? `${slow.tag}${slow.payload.slice(0, 60)}` : 'missing'}`);
  else {
    let d; try { d = JSON.parse(slow.payload).digest; } catch { d = undefined; }
    if (d !== 'KIT_RENDER_TIMEOUT') p.push(`E row ${slow.id} has the digest ${JSON.stringify(d)}`);
    within(`E row ${slow.id}`, slow.ms, BUDGET_DONE, p);
  }
  report(`${title}: the 300 ms row, then an E row with KIT_RENDER_TIMEOUT; complete at ~1 s`, p);
}

// A worker that ends after an answer must not take other requests with it.
function lostProblems(what, next) {
  if (next.status === 200) return [];
  return [`${what} was answered ${next.status || 'with nothing'}${next.status ? `: ${JSON.stringify(next.body.replace(/\s+/g, ' ').slice(0, 100))}` : ''}` +
    ' (a request that reached the worker before it exited is lost; the web server\'s error log says why)'];
}

async function budgetShell() {
  const title = 'GET /budget-shell (the shell waits 5 s; KIT_RENDER_TIMEOUT_MS=1000)';
  const answer = fetchTimed(base, '/budget-shell');
  await sleep(300);
  // with one responder, this one waits for it (in its socket's backlog)
  const queued = quickGet('/');
  const res = await answer;
  const next = await queued;
  const p = [];
  if (res.status !== 503) p.push(`status ${res.status}, expected 503`);
  within('the answer', res.totalMs, [900, 1800], p);
  if (res.body.toString().includes('This shell took 5 s')) p.push('the page\'s content was sent');
  report(`${title}: 503 at ~1 s`, p);
  info(`${title}: ${res.status} at ${ms(res.totalMs)}; GET / sent at 300 ms: ${next.status} after ${ms(next.ms)}`);
  report(`${title}: a request queued behind it (GET / sent at 300 ms) is answered 200`, lostProblems('GET / sent while the shell waited', next));
}

function withoutDigest(html) {
  return String(html).replace(/<p>Digest: <code id="kit-digest">[0-9]+<\/code>[^<]*<\/p>/, '');
}

async function runaway() {
  const title = 'GET /runaway (while (true) {}; KIT_RENDER_TIMEOUT_MS=1000)';
  let res;
  try { res = await fetchTimed(base, '/runaway', {}, 15000); } catch (e) { report(`${title}: the budget's 503 at ~1 s`, [e.message]); return; }
  const next = await quickGet('/');
  // the budget's own answer, to compare with
  const shell = await quickGet('/budget-shell');
  const p = [];
  const body = res.body.toString();
  if (res.status !== 503) p.push(`status ${res.status}, expected 503`);
  within('the answer', res.totalMs, [900, 1800], p);
  if (body.includes('took too long to render')) p.push('it is the watchdog\'s answer (the loop was not stopped at the budget)');
  if (shell.status !== 503) p.push(`GET /budget-shell (to compare with): status ${shell.status}`);
  // each failure's digest is its own (docs/errors.md §5): compared without it
  else if (withoutDigest(body) !== withoutDigest(shell.body)) p.push(`not the budget's answer: ${JSON.stringify(body.slice(0, 100))}, /budget-shell's is ${JSON.stringify(shell.body.slice(0, 100))}`);
  if (body.includes('Runaway')) p.push('the page\'s content was sent');
  report(`${title}: the budget's 503 (status and body as /budget-shell's) at ~1 s, not the watchdog's at budget + 5 s`, p);
  info(`${title}: ${res.status} at ${ms(res.totalMs)}; GET / right after: ${next.status} in ${ms(next.ms)}`);
  const p2 = lostProblems('GET / right after the 503', next);
  if (next.status === 200 && !(next.ms <= 1000)) p2.push(`GET / right after the 503 took ${ms(next.ms)} (expected within 1000 ms: no worker to restart)`);
  report(`${title}: the next request is answered 200 at once`, p2);
}

for (const c of checks) {
  try {
    if (c === 'keepalive') await keepalive();
    else if (c === 'keepalive-cut') await keepaliveCut();
    else if (c === 'disconnect') await disconnect();
    else if (c === 'budget-doc') await budgetDoc();
    else if (c === 'budget-nav') await budgetNav();
    else if (c === 'budget-shell') await budgetShell();
    else if (c === 'runaway') await runaway();
    else report(c, ['unknown check']);
  } catch (e) {
    report(c, [`${e.message}`]);
  }
}
process.exitCode = failed ? 1 : 0;
