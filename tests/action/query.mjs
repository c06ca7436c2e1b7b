// GET /_rsc/query and actions built with the action client, over HTTP
// against tests/action/app (docs/action-client.md): every bad input of the
// query endpoint, refusals of the chain (401/403/422) for queries and for
// actions through POST /_rsc/action, caching headers, and — in Chromium — a
// query called from a client component travelling as a GET.
// Usage: node query.mjs <base_url> <label> [playwright-core dir]
const [base, label, pw] = process.argv.slice(2);
let failed = 0;
// Vary as a list of names (Apache joins them without the space)
const varyOk = (res) => (res.headers.get('vary') || '').split(',').map((x) => x.trim()).join(', ') === 'Cookie, X-RSC-Referer';
function check(name, ok, why) {
  if (ok) console.log('PASS: action-client (' + label + '): ' + name);
  else { failed++; console.log('FAIL: action-client (' + label + '): ' + name + ': ' + why); }
}

const page = await (await fetch(base + '/q')).text();
const m = /<pre id="ids">([^<]*)<\/pre>/.exec(page);
if (!m) {
  console.log('FAIL: action-client (' + label + '): /q did not list the ids: ' + page.slice(0, 300));
  process.exit(1);
}
const ids = JSON.parse(m[1].replace(/&quot;/g, '"'));

const Q = { 'X-RSC-Query': '1' };
function q(id, args, headers = Q, extra = '') {
  const qs = (id === null ? '' : 'id=' + encodeURIComponent(id)) + (args === null ? '' : (id === null ? '' : '&') +
    'args=' + encodeURIComponent(typeof args === 'string' ? args : JSON.stringify(args))) + extra;
  return fetch(base + '/_rsc/query?' + qs, { headers });
}
async function json(res) {
  try { return await res.json(); } catch { return null; }
}
async function expectRefusal(name, resP, status, message, errors = {}) {
  const res = await resP;
  const body = await json(res);
  const type = res.headers.get('content-type') || '';
  const ok = res.status === status && type.startsWith('application/json') && body &&
    (message === null || body.message === message) && JSON.stringify(body.errors) === JSON.stringify(errors);
  check(name, ok, `got ${res.status} ${type} ${JSON.stringify(body)}`);
}

// --- the query endpoint's bad inputs
await expectRefusal('query without X-RSC-Query: 400', q(ids.publicStats, [], {}), 400, 'The X-RSC-Query header is missing.');
await expectRefusal('query without id: 400', q(null, []), 400, 'The id parameter is missing.');
await expectRefusal('query without args: 400', q(ids.publicStats, null), 400, 'The args parameter is missing.');
await expectRefusal('query whose args are not JSON: 400', q(ids.publicStats, '[1,'), 400, 'the arguments are not valid JSON');
await expectRefusal('query whose args are not a list: 400', q(ids.publicStats, '{"a":1}'), 400, 'the arguments must be a list');
{
  // exactly 8001 characters (lighttpd itself answers 431 once the request head passes 8 KiB)
  const head = 'id=' + encodeURIComponent(ids.publicStats) + '&args=%5B%5D&pad=';
  await expectRefusal('query string of 8001 characters: 414', q(ids.publicStats, [], Q, '&pad=' + 'x'.repeat(8001 - head.length)), 414,
    'The query string is longer than 8000 characters.');
  const res = await q(ids.publicStats, [], Q, '&pad=' + 'x'.repeat(8000 - head.length));
  check('query string of 8000 characters is answered', res.status === 200, 'got ' + res.status);
}
await expectRefusal('query from another origin: 403', q(ids.publicStats, [], { ...Q, Origin: 'https://evil.example' }), 403,
  'Cross-origin query.');
{
  const res = await q(ids.publicStats, [], { ...Q, 'X-RSC-Version': 'an-older-build', 'X-RSC-Referer': '/q' });
  const body = await json(res);
  check('a query from an older build: 409 with X-RSC-Location', res.status === 409 && res.headers.get('x-rsc-location') === '/q' &&
    body && body.message === 'The app was updated; reload the page.', `got ${res.status} ${res.headers.get('x-rsc-location')} ${JSON.stringify(body)}`);
}
await expectRefusal('unknown query id: 404', q(ids.publicStats.replace(/#.*/, '#nope'), []), 404, 'Unknown query.');
await expectRefusal('an action id is not a query (never run by GET): 404', q(ids.rename, [{ name: 'xx' }], { ...Q, Cookie: 'user=ann' }),
  404, 'Unknown query.');
await expectRefusal('POST to the query endpoint: 405', fetch(base + '/_rsc/query?id=x&args=%5B%5D', { method: 'POST', headers: Q }),
  405, 'Queries are called with GET.');
{
  const res = await fetch(base + '/_rsc/query?id=x&args=%5B%5D', { method: 'POST', headers: Q });
  check('405 names Allow: GET, HEAD', res.headers.get('allow') === 'GET, HEAD', String(res.headers.get('allow')));
}

// --- answers
async function flight(name, resP, cache, value) {
  const res = await resP;
  const text = await res.text();
  const want = '0:' + JSON.stringify({ a: value }) + '\n';
  check(name, res.status === 200 && (res.headers.get('content-type') || '').startsWith('text/x-component') &&
    res.headers.get('cache-control') === cache && varyOk(res) && text === want,
    `got ${res.status} ${res.headers.get('content-type')} cache ${res.headers.get('cache-control')} vary ${res.headers.get('vary')} ${JSON.stringify(text)}, wanted ${JSON.stringify(want)}`);
}
await flight("a { cache: 'public' } query: Flight {a}, public, max-age=0, must-revalidate", q(ids.publicStats, []),
  'public, max-age=0, must-revalidate', { visits: 3, at: '$$not-a-reference' });
await flight('a query running its chain (ctx from a cookie): private, no-store', q(ids.whoami, [], { ...Q, Cookie: 'user=ann' }),
  'private, no-store', { user: 'ann' });
await flight("a { cache: 'public' } query whose chain read a cookie is private, no-store", q(ids.personalPublic, [], { ...Q, Cookie: 'user=ann' }),
  'private, no-store', 'hello ann');
await flight('a query with a valid input', q(ids.lookup, [{ id: 7 }]), 'private, no-store', { id: 7, name: 'item 7' });
await expectRefusal('a query whose chain throws ServerAuthenticationError: 401', q(ids.whoami, []), 401, 'Unauthenticated.');
await expectRefusal('a query whose later .use() throws ServerAuthorizationError: 403', q(ids.adminReport, [], { ...Q, Cookie: 'user=ann' }),
  403, 'This action is unauthorized.');
await flight('the admin chain lets admin through', q(ids.adminReport, [], { ...Q, Cookie: 'user=admin' }), 'private, no-store', 'the report');
await expectRefusal('a query with a bad input: 422 with errors', q(ids.lookup, [{ id: 'x' }]), 422, 'The given data was invalid.',
  { id: ['id must be a number'] });
await expectRefusal('a query that throws: 500, no detail', q(ids.failing, []), 500, 'The query failed.');
{
  const res = await q(ids.whoami, []);
  check('a refused query is private, no-store with Vary', res.headers.get('cache-control') === 'private, no-store' && varyOk(res), `${res.headers.get('cache-control')} / ${res.headers.get('vary')}`);
}

// --- actions built with the client, through POST /_rsc/action
function act(id, args, cookie) {
  const headers = { 'Content-Type': 'application/octet-stream', 'X-RSC-Action': id, 'X-RSC-Content-Type': 'text/plain;charset=UTF-8' };
  if (cookie) headers.Cookie = cookie;
  return fetch(base + '/_rsc/action', { method: 'POST', headers, body: JSON.stringify(args) });
}
async function actionRefusal(name, resP, status, message) {
  const res = await resP;
  const body = await json(res);
  check(name, res.status === status && body && body.message === message, `got ${res.status} ${JSON.stringify(body)}`);
}
await actionRefusal('an action whose chain refuses (no session): 401 {message}', act(ids.rename, [{ name: 'Ann' }]), 401, 'Unauthenticated.');
await actionRefusal('an action behind a later .use() refuses a non-admin: 403 {message}', act(ids.purge, [], 'user=ann'), 403,
  'This action is unauthorized.');
async function actionValue(name, resP, value) {
  const res = await resP;
  const text = await res.text();
  const want = '0:' + JSON.stringify({ a: value }) + '\n';
  check(name, res.status === 200 && text === want, `got ${res.status} ${JSON.stringify(text)}, wanted ${JSON.stringify(want)}`);
}
await actionValue('an action with a bad input returns {validationErrors}', act(ids.rename, [{ name: 'A' }], 'user=ann'),
  { validationErrors: { name: ['at least 2 characters'] } });
await actionValue('an action through its chain returns its value', act(ids.rename, [{ name: 'Ann' }], 'user=ann'), { renamed: 'Ann', by: 'ann' });
await actionValue('the admin action runs for admin', act(ids.purge, [], 'user=admin'), 'purged');

// --- a query called from a server component runs its chain in-process
{
  const anon = await fetch(base + '/q/me');
  check('a server component awaiting a refused query answers 401 (ServerAuthenticationError)', anon.status === 401,
    'got ' + anon.status);
  const ann = await fetch(base + '/q/me', { headers: { Cookie: 'user=ann' } });
  const text = await ann.text();
  check('a server component awaiting a query gets its value', ann.status === 200 && text.includes('<p id="me">ann</p>'),
    'got ' + ann.status + ' ' + text.slice(0, 200));
}

// --- the document tells the browser which ids are queries
{
  const listed = /self\.__kit_q="([^"]*)"/.exec(page);
  const set = new Set(listed ? listed[1].split(',') : []);
  check('documents list the query ids (self.__kit_q), not the actions',
    ['publicStats', 'whoami', 'personalPublic', 'lookup', 'adminReport', 'failing'].every((k) => set.has(ids[k])) && !set.has(ids.rename) && !set.has(ids.purge),
    listed ? listed[1] : 'no self.__kit_q in the document');
}

// --- in Chromium: a query imported into a client component is a GET
if (pw) {
  const { chromium } = await import(pw + '/index.mjs');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu',
    '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'user', value: 'ann', url: base }]);
    const tab = await context.newPage();
    const seen = [];
    tab.on('request', (r) => { if (r.url().includes('/_rsc/')) seen.push(r.method() + ' ' + new URL(r.url()).pathname); });
    await tab.goto(base + '/q');
    await tab.waitForFunction(() => document.querySelector('#who') && (window).__kit_hydrated !== false, null, { timeout: 10000 });
    const results = [];
    for (const [button, want] of [['#who', '{"user":"ann"}'], ['#stats', '{"visits":3,"at":"$not-a-reference"}'], ['#lookup', '{"id":7,"name":"item 7"}']]) {
      await tab.evaluate(() => { document.querySelector('#out').textContent = ''; });
      let got = '';
      for (let i = 0; i < 50 && !got; i++) {
        await tab.click(button);
        try {
          await tab.waitForFunction(() => document.querySelector('#out').textContent !== '', null, { timeout: 400 });
        } catch { /* not hydrated yet: click again */ }
        got = await tab.$eval('#out', (e) => e.textContent);
      }
      results.push([button, got, want]);
    }
    const bad = results.filter(([, got, want]) => got !== want);
    check('Chromium: queries called from a client component resolve with their values', !bad.length, JSON.stringify(bad));
    const posts = seen.filter((s) => s.startsWith('POST'));
    check('Chromium: they travel as GET /_rsc/query, never POST', seen.length >= 3 && !posts.length &&
      seen.every((s) => s === 'GET /_rsc/query'), JSON.stringify(seen));
  } finally {
    await browser.close();
  }
}
process.exit(failed ? 1 : 0);
