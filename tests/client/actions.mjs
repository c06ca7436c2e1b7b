// Server actions in headless Chromium against examples/hello's /notes
// (docs/actions.md), served by kit behind lighttpd (tests/suites/actions.sh):
//
//   node tests/client/actions.mjs --base URL [--only SUBSTRING] [--headed]
//
// An action revalidating the page (the list updates in place, client state
// kept, one request), a validation error shown through useActionState, a
// redirect from an action (a client navigation), a refused action (401 shown),
// the forms before hydration, and a no-JS form post (javaScriptEnabled:false).
// Prints "PASS: actions/<name>" / "FAIL: actions/<name>: why", then
// "N passed, N failed"; exits 1 when anything failed.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const argv = process.argv.slice(2);
const opt = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : null);
const base = (opt('--base') || '').replace(/\/$/, '');
const only = opt('--only');
const chromiumPath = process.env.KIT_CHROMIUM || '/usr/bin/chromium';

if (!base) {
  console.log('FAIL: actions/setup: --base URL is required');
  process.exit(1);
}
const { chromium } = require('playwright-core');
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: !argv.includes('--headed'),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});

let passed = 0, failed = 0;
class Check extends Error {}
const expect = (cond, msg) => { if (!cond) throw new Check(msg); };
const eq = (got, want, what) => {
  if (JSON.stringify(got) !== JSON.stringify(want)) throw new Check(`${what}: got ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
};

async function test(name, fn, { js = true, allowConsole = null } = {}) {
  if (only && !name.includes(only)) return;
  const ctx = await browser.newContext({ javaScriptEnabled: js });
  const page = await ctx.newPage();
  const consoleErrors = [];
  const actions = [];
  const documents = [];
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text().slice(0, 300)); });
  page.on('pageerror', (e) => consoleErrors.push('pageerror: ' + String(e.message).slice(0, 300)));
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/_rsc/action') actions.push({ id: r.headers()['x-rsc-action'], referer: r.headers()['x-rsc-referer'], type: r.headers()['x-rsc-content-type'] });
    else if (r.resourceType() === 'document') documents.push(r.method() + ' ' + u.pathname + u.search);
  });
  await ctx.addInitScript(() => {
    document.addEventListener('kit:hydrate', () => {
      window.__kit_hydrate_at = performance.now();
      document.querySelectorAll('*').forEach((e) => { e.__ssr = 1; });
    });
  });
  const t = {
    page, actions, documents,
    async open(p) {
      const res = await page.goto(base + p, { waitUntil: 'load' });
      if (js) {
        await page.waitForFunction(() => window.__kit_hydrate_at !== undefined, null, { polling: 30, timeout: 5000 })
          .catch(() => { throw new Check('the runtime did not start hydrating within 5 s'); });
        await page.waitForTimeout(300);
      }
      return res;
    },
    text: (sel) => page.evaluate((s) => document.querySelector(s)?.textContent ?? null, sel),
    async waitText(sel, text, timeout = 5000) {
      await page.waitForFunction(([s, x]) => document.querySelector(s)?.textContent === x, [sel, text], { polling: 30, timeout })
        .catch(async () => { throw new Check(`${sel}: expected "${text}", got ${JSON.stringify(await t.text(sel))}`); });
    },
    errors: () => page.evaluate(() => self.__kit_errors || []),
    created: () => page.evaluate(() => [...document.querySelectorAll('body *')]
      .filter((e) => !e.__ssr && e.tagName !== 'SCRIPT' && e.tagName !== 'TEMPLATE').map((e) => e.tagName + (e.id ? '#' + e.id : ''))),
  };
  let why = null;
  try {
    await fn(t);
    const unexpected = consoleErrors.filter((m) => !(allowConsole && allowConsole.test(m)));
    if (unexpected.length) why = 'console errors: ' + unexpected.join(' | ');
  } catch (e) {
    why = e instanceof Check ? e.message : 'crashed: ' + (e && e.stack ? e.stack.split('\n').slice(0, 3).join(' ') : e);
    if (consoleErrors.length) why += ' (console: ' + consoleErrors.join(' | ').slice(0, 600) + ')';
  }
  await ctx.close();
  if (why === null) {
    passed++;
    console.log(`PASS: actions/${name}`);
  } else {
    failed++;
    console.log(`FAIL: actions/${name}: ${why.replace(/\n/g, ' ')}`);
  }
}

await test('the page with action forms hydrates without a mismatch', async (t) => {
  await t.open('/notes');
  eq(await t.errors(), [], 'errors React reported');
  eq(await t.created(), [], 'elements React created instead of hydrating');
  const hidden = await t.page.evaluate(() => document.querySelector('#plain-form input[type=hidden]')?.name || null);
  expect(hidden && /^\$ACTION_ID_[0-9a-f]{16}#addNote$/.test(hidden), 'the hidden $ACTION_ID_ input: ' + hidden);
});

await test('an action revalidates the page in place (one request, client state kept)', async (t) => {
  await t.open('/notes');
  await t.page.fill('#state-form input[name=text]', 'typed, not sent');
  await t.page.evaluate(() => { document.querySelector('#state-form').__kept = 1; window.__marker = 1; });
  await t.page.fill('#plain-form input[name=text]', 'first note');
  await t.page.click('#plain-form button[type=submit]');
  await t.waitText('#note-count', '1 notes');
  eq(await t.text('#notes li span'), 'first note', 'the list');
  eq(t.actions.length, 1, 'action requests');
  expect(/^[0-9a-f]{16}#addNote$/.test(t.actions[0].id), 'X-RSC-Action: ' + t.actions[0].id);
  eq(t.actions[0].referer, '/notes', 'X-RSC-Referer');
  expect(/^multipart\/form-data; boundary=/.test(t.actions[0].type), 'X-RSC-Content-Type: ' + t.actions[0].type);
  eq(t.documents, ['GET /notes'], 'document loads');
  expect(await t.page.evaluate(() => window.__marker === 1 && document.querySelector('#state-form').__kept === 1),
    'the page was reloaded or the client component re-created');
  eq(await t.page.inputValue('#state-form input[name=text]'), 'typed, not sent', 'client state of the form');
  eq(await t.errors(), [], 'errors React reported');
});

await test('useActionState: a validation error shows in the form, then the saved state', async (t) => {
  await t.open('/notes');
  await t.page.click('#state-submit');
  await t.waitText('#state-error', 'The note is empty.');
  await t.page.fill('#state-form input[name=text]', 'with state');
  await t.page.click('#state-submit');
  await t.waitText('#state-saved', 'saved 1');
  expect(await t.page.evaluate(() => !document.querySelector('#state-error')), 'the error stayed');
  await t.waitText('#note-count', '1 notes');
  eq(await t.errors(), [], 'errors React reported');
});

await test('useFormStatus: the submit button is pending while the action is in flight', async (t) => {
  await t.open('/notes');
  // hold the action's answer until the pending state has been seen
  let release;
  const held = new Promise((r) => { release = r; });
  await t.page.route('**/_rsc/action', async (route) => { await held; await route.continue(); });
  await t.page.fill('#state-form input[name=text]', 'pending state');
  await t.page.click('#state-submit');
  await t.waitText('#state-submit', 'Saving…');
  expect(await t.page.isDisabled('#state-submit'), 'the button is disabled while pending');
  release();
  await t.waitText('#state-saved', 'saved 1');
  await t.waitText('#state-submit', 'Save');
  expect(!(await t.page.isDisabled('#state-submit')), 'the button is enabled again');
  eq(await t.errors(), [], 'errors React reported');
});

await test('a native post of a useActionState form hydrates with the posted state (form state markers)', async (t) => {
  await t.open('/notes');
  // form.submit() skips React's submit handler: the browser posts the form
  // itself, as it does before hydration; the answer is hydrated with the state
  await Promise.all([t.page.waitForNavigation({ timeout: 5000 }),
    t.page.evaluate(() => HTMLFormElement.prototype.submit.call(document.querySelector('#state-form')))]);
  await t.page.waitForFunction(() => window.__kit_hydrate_at !== undefined, null, { polling: 30, timeout: 5000 });
  await t.page.waitForTimeout(300);
  eq(t.documents, ['GET /notes', 'POST /notes'], 'document loads');
  eq(await t.text('#state-error'), 'The note is empty.', 'the state after hydration');
  eq(await t.errors(), [], 'errors React reported (a hydration mismatch would be one)');
  eq(await t.created(), [], 'elements React created instead of hydrating');
  // and the hook goes on from that state
  await t.page.fill('#state-form input[name=text]', 'after');
  await t.page.click('#state-submit');
  await t.waitText('#state-saved', 'saved 1');
});

await test('a refused action rejects with its status and message', async (t) => {
  await t.open('/notes');
  await t.page.click('#call-refused');
  await t.waitText('#refusal', '401 Log in to do that.');
}, { allowConsole: /status of 401/ });   // Chromium logs the failed request itself

await test('an action refusal no boundary catches leaves a message, not a blank page', async (t) => {
  await t.open('/notes');
  await t.page.click('#plain-form button[type=submit]');   // empty: addNote throws 422, uncaught
  await t.waitText('#kit-uncaught-error', 'This page stopped after an error in the browser (see the console). Reload the page to go on.');
  const errs = await t.errors();
  expect(errs.some((e) => e.kind === 'uncaught' && /The note is empty/.test(e.message)), 'no uncaught error reported: ' + JSON.stringify(errs));
}, { allowConsole: /status of 422|kit: uncaught error/ });

await test('an argument an action cannot take is named (not a bare React error number)', async (t) => {
  await t.open('/notes');
  await t.page.click('#call-unsendable');
  await t.page.waitForSelector('#refusal', { timeout: 5000 }).catch(() => { throw new Check('no #refusal'); });
  const text = await t.text('#refusal');
  expect(/^kit: the arguments of server action [0-9a-f]+#needLogin cannot be sent: one is a function that is not a server action/.test(text),
    'message: ' + text);
  eq(t.actions.length, 0, 'requests to /_rsc/action');
});

await test('redirect() in an action is a client navigation', async (t) => {
  await t.open('/notes');
  await t.page.evaluate(() => { window.__marker = 1; });
  await t.page.click('#call-redirect');
  await t.page.waitForURL((u) => u.pathname === '/about', { timeout: 5000 }).catch(() => { throw new Check('did not end at /about'); });
  expect(await t.page.evaluate(() => window.__marker === 1), 'a full page load instead of a client navigation');
  eq(t.documents, ['GET /notes'], 'document loads');
});

await test('an action bound in a server component (.bind) gets its bound argument', async (t) => {
  await t.page.context().addCookies([{ name: 'notes', value: encodeURIComponent(JSON.stringify(['one', 'two', 'three'])), url: base }]);
  await t.open('/notes');
  await t.page.click('#notes li:nth-child(2) form.delete button');
  await t.waitText('#note-count', '2 notes');
  eq(await t.page.evaluate(() => [...document.querySelectorAll('#notes li span')].map((e) => e.textContent)), ['one', 'three'], 'the list');
  eq(t.actions.length, 1, 'action requests');
  eq(t.documents, ['GET /notes'], 'document loads');
  eq(await t.errors(), [], 'errors React reported');
});

await test('no JavaScript: a bound action\'s form deletes the right note', async (t) => {
  await t.page.context().addCookies([{ name: 'notes', value: encodeURIComponent(JSON.stringify(['one', 'two', 'three'])), url: base }]);
  await t.open('/notes');
  await Promise.all([t.page.waitForNavigation({ timeout: 5000 }), t.page.click('#notes li:nth-child(3) form.delete button')]);
  eq(await t.page.evaluate(() => [...document.querySelectorAll('#notes li span')].map((e) => e.textContent)), ['one', 'two'], 'the list');
}, { js: false });

await test('Form with a route: a GET form submitted as a client navigation', async (t) => {
  await t.open('/notes');
  await t.page.evaluate(() => { window.__marker = 1; });
  await t.page.fill('#filter-form input[name=q]', 'x y');
  await t.page.click('#filter-form button');
  await t.waitText('#filter', 'filtered by x y');
  eq(new URL(t.page.url()).search, '?q=x+y', 'the URL');
  expect(await t.page.evaluate(() => window.__marker === 1), 'a full page load instead of a client navigation');
  eq(t.documents, ['GET /notes'], 'document loads');
});

await test('Form with a server action: submitted through callServer, the page revalidated', async (t) => {
  await t.open('/notes');
  await t.page.fill('#kit-form input[name=text]', 'through Form');
  await t.page.click('#kit-form button');
  await t.waitText('#note-count', '1 notes');
  eq(t.actions.length, 1, 'action requests');
  eq(t.documents, ['GET /notes'], 'document loads');
});

await test('no JavaScript: the form posts natively and the page comes back re-rendered', async (t) => {
  await t.open('/notes');
  await t.page.fill('#plain-form input[name=text]', 'no js note');
  await Promise.all([t.page.waitForNavigation({ timeout: 5000 }), t.page.click('#plain-form button[type=submit]')]);
  eq(await t.text('#note-count'), '1 notes', 'the count');
  eq(await t.text('#notes li span'), 'no js note', 'the list');
  eq(t.documents, ['GET /notes', 'POST /notes'], 'document loads');
  eq(t.actions.length, 0, 'action requests');
}, { js: false });

await test('no JavaScript: useActionState shows the validation error, then the saved state', async (t) => {
  await t.open('/notes');
  await Promise.all([t.page.waitForNavigation({ timeout: 5000 }), t.page.click('#state-submit')]);
  eq(await t.text('#state-error'), 'The note is empty.', 'the error shown');
  await t.page.fill('#state-form input[name=text]', 'stateful');
  await Promise.all([t.page.waitForNavigation({ timeout: 5000 }), t.page.click('#state-submit')]);
  eq(await t.text('#state-saved'), 'saved 1', 'the state shown');
  eq(await t.page.evaluate(() => !document.querySelector('#state-error')), true, 'the error is gone');
  eq(await t.text('#notes li span'), 'stateful', 'the list');
}, { js: false });

await test('no JavaScript: a formAction button whose action redirects ends at its destination', async (t) => {
  await t.open('/notes');
  await Promise.all([t.page.waitForURL((u) => u.search === '?cleared=1', { timeout: 5000 }), t.page.click('#clear-form button')]);
  eq(t.documents, ['GET /notes', 'POST /notes', 'GET /notes?cleared=1'], 'document loads');
}, { js: false });

await browser.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
