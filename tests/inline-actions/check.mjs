// Drives tests/inline-actions/app served by kit-serve: the no-JS form post of
// an inline action that closes over the page's variables, refusals of
// tampered, forged and swapped sealed values (HTTP, with fetch), then the
// same form in Chromium. Prints PASS/FAIL lines.
// usage: node check.mjs BASE_URL PLAYWRIGHT_CORE_DIR
import { browserCheck } from '../lib/browser-check.mjs';

const base = process.argv[2];
let failed = 0;
const report = (name, problem) => {
  if (problem) failed++;
  console.log(problem ? `FAIL: inline-actions: ${name}: ${problem}` : `PASS: inline-actions: ${name}`);
};
const unescape = (s) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, '\'').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

// the hidden fields of each <form> of the page, in order
function forms(html) {
  const out = [];
  for (const m of html.matchAll(/<form[^>]*>(.*?)<\/form>/g)) {
    const fields = [];
    for (const f of m[1].matchAll(/<input type="hidden" name="([^"]*)"(?: value="([^"]*)")?\/>/g))
      fields.push([unescape(f[1]), f[2] === undefined ? '' : unescape(f[2])]);
    out.push(fields);
  }
  return out;
}

function multipart(fields) {
  const fd = new FormData();
  for (const [k, v] of fields) fd.append(k, v);
  return fd;
}

async function post(path, fields, headers = {}) {
  const r = await fetch(base + path, { method: 'POST', body: multipart(fields), redirect: 'manual',
    headers: { Origin: new URL(base).origin, ...headers } });
  return { status: r.status, text: await r.text(), cookie: r.headers.get('set-cookie') || '' };
}

const page = await (await fetch(base + '/users/7')).text();
const [rename, tag1, tag2] = forms(page);
const meta = (f) => JSON.parse(f.find(([k]) => /^\$ACTION_\d+:0$/.test(k))[1]);
const bound = (f) => JSON.parse(f.find(([k]) => /^\$ACTION_\d+:1$/.test(k))[1]);
report('the page writes the inline action as a bound action ($ACTION_REF_, its id, one sealed argument)',
  rename && rename.some(([k]) => k.startsWith('$ACTION_REF_')) && /^[0-9a-f]{16}#rename$/.test(meta(rename).id) &&
  bound(rename).length === 1 && typeof bound(rename)[0] === 'string'
    ? '' : 'got ' + JSON.stringify(rename));
report('the loop\'s two actions share an id ($$inline_<n>) with different sealed values',
  tag1 && tag2 && meta(tag1).id === meta(tag2).id && /#\$\$inline_\d+$/.test(meta(tag1).id) && bound(tag1)[0] !== bound(tag2)[0]
    ? '' : 'got ' + JSON.stringify([tag1, tag2]));
// note's value and user.since are in no other place of the page than the
// captured values (the HTML and its inline Flight payload)
report('what the action closes over is not readable in the page (sealed)',
  !/at creation|reassigned after|2020-01-02|1577923200000/.test(page) ? '' : 'a captured value shows in the page');

// no JavaScript: the form as the browser posts it
const name = ['name', 'Grace'];
let r = await post('/users/7', [...rename, name]);
report('a no-JS post of the form runs the action with the captured user and note (their values at creation)',
  r.status === 200 && r.text.includes('<h1 id="name">Grace (at creation, since 2020)</h1>') &&
  r.cookie.includes('user_7=Grace') ? '' : `status ${r.status}, cookie ${r.cookie}, h1 ${(/<h1[^>]*>.*?<\/h1>/.exec(r.text) || [''])[0]}`);
r = await post('/users/7', [...tag2]);
report('... the loop\'s second form renames with its own i', r.status === 200 && r.text.includes('<h1 id="name">tag 2</h1>') ? ''
  : `status ${r.status}, ${(/<h1[^>]*>.*?<\/h1>/.exec(r.text) || [''])[0]}`);

// what may be captured comes back as it was
const kinds = forms(await (await fetch(base + '/kinds')).text())[0];
r = await post('/kinds', kinds);
report('captured Map, Set, Date, -0, NaN, -Infinity, undefined, "$x", nested data and a server action come back as they were',
  r.status === 200 && r.text.includes('<h1 id="name">1111111111</h1>') ? '' : `status ${r.status}, ${(/<h1[^>]*>.*?<\/h1>/.exec(r.text) || [''])[0]}`);

// tampering: each is refused with 403 and nothing renamed
const sealed = bound(rename)[0];
const flip = sealed.slice(0, 20) + (sealed[20] === 'A' ? 'B' : 'A') + sealed.slice(21);
const withBound = (f, value, id) => f.map(([k, v]) => [k, /^\$ACTION_\d+:1$/.test(k) ? JSON.stringify([value])
  : /^\$ACTION_\d+:0$/.test(k) && id ? JSON.stringify({ id, bound: '$@1' }) : v]);
const refused = async (label, fields) => {
  const res = await post('/users/7', [...fields, ['name', 'Mallory']]);
  report(label + ': 403, nothing renamed', res.status === 403 && !res.cookie.includes('Mallory') ? ''
    : `status ${res.status}, cookie ${res.cookie}`);
};
await refused('a changed sealed value', withBound(rename, flip));
await refused('a forged one', withBound(rename, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
await refused('a value sealed for the loop\'s action sent to rename', withBound(rename, bound(tag1)[0]));
await refused('rename\'s value sent to the loop\'s action (swapped id)', withBound(rename, sealed, meta(tag1).id));
await refused('the action called without its sealed values ($ACTION_ID_)', [['$ACTION_ID_' + meta(rename).id, '']]);

// with JavaScript's wire: POST /_rsc/action
const rsc = async (id, args) => {
  const res = await fetch(base + '/_rsc/action', { method: 'POST', body: JSON.stringify(args),
    headers: { 'X-RSC-Action': id, 'X-RSC-Content-Type': 'text/plain;charset=UTF-8', 'Content-Type': 'application/octet-stream',
      Origin: new URL(base).origin } });
  return { status: res.status, text: await res.text() };
};
r = await rsc(meta(rename).id, [flip, 'x']);
report('POST /_rsc/action with a changed sealed value: 403 with a JSON message',
  r.status === 403 && /do not verify/.test(r.text) ? '' : `status ${r.status}: ${r.text.slice(0, 200)}`);

await browserCheck('inline-actions', async ({ base: b, page: p, expect, hydrated }) => {
  await p.goto(b + '/users/9');
  expect('the page hydrates', { ok: await hydrated('#save') }, { ok: true });
  await p.evaluate(() => { window.__sameDocument = true; });
  await p.fill('#name-input', 'Ada');
  await p.click('#save');
  await p.waitForFunction(() => document.querySelector('#name').textContent.startsWith('Ada'), null, { timeout: 8000 }).catch(() => {});
  const state = () => p.evaluate(() => ({ name: document.querySelector('#name').textContent,
    sameDocument: window.__sameDocument === true }));
  expect('submitting the form runs the inline action and shows the new name in place', await state(),
    { name: 'Ada (at creation, since 2020)', sameDocument: true });
  await p.click('#tag1');
  await p.waitForFunction(() => document.querySelector('#name').textContent === 'tag 1', null, { timeout: 8000 }).catch(() => {});
  expect('... and an arrow action in a loop, with its own i', await state(), { name: 'tag 1', sameDocument: true });
});
process.exitCode = failed ? 1 : 0;
