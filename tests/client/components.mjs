// Client components served by kit, in headless Chromium: every page of
// examples/interactive (--app interactive) or examples/hello (--app hello),
// built by kit-build and served by kit-serve (tests/suites/client-components.sh
// does both and passes the base URL).
//
//   node tests/client/components.mjs --base URL --app interactive|hello
//        [--rebuild CMD]   a shell command that rebuilds the app being served
//                          with another version and restarts its responders
//                          (the 409 test; without it that test fails)
//        [--only SUBSTRING] [--headed]
//        [--label NAME]    print components/NAME/… instead of components/<app>/…
//
// Prints one "PASS: components/<app>/<name>" or "FAIL: …: why" line per test
// and ends with "N passed, N failed"; exits 1 when anything failed.
//
// Common checks of every page load: the errors React reported
// (self.__kit_errors: recoverable, caught, uncaught) are the expected ones
// (none, but for /errors), no console errors, and the elements React created
// instead of hydrating are only those a test names (client-only bailouts,
// caught errors' fallbacks). Server nodes are marked when the runtime
// dispatches `kit:hydrate`; nodes streamed in later (parsed into kit's hidden
// `<div id="S:n">` containers) are marked as the parser adds them.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const argv = process.argv.slice(2);
const opt = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : null);
const base = (opt('--base') || '').replace(/\/$/, '');
const app = opt('--app') || 'interactive';
const rebuild = opt('--rebuild');
const only = opt('--only');
const chromiumPath = process.env.KIT_CHROMIUM || '/usr/bin/chromium';
const label = 'components/' + (opt('--label') || app);

if (!base) {
  console.log(`FAIL: ${label}/setup: --base URL is required`);
  process.exit(1);
}
let chromium;
try {
  ({ chromium } = require('playwright-core'));
} catch (e) {
  console.log(`FAIL: ${label}/setup: playwright-core is not installed in tests/client (npm ci there): ${e.message}`);
  process.exit(1);
}

const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: !argv.includes('--headed'),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let passed = 0, failed = 0;

class Check extends Error {}
function expect(cond, msg) {
  if (!cond) throw new Check(msg);
}
function eq(got, want, what) {
  if (JSON.stringify(got) !== JSON.stringify(want)) throw new Check(`${what}: got ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
}
const sorted = (a) => [...a].sort();

// The document as the server sends it (status, body).
async function fetchDoc(p) {
  const r = await fetch(base + p, { redirect: 'manual' });
  return { status: r.status, body: await r.text(), headers: r.headers };
}

// A browser context with one page, its requests and its console.
async function session() {
  const ctx = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const page = await ctx.newPage();
  const s = { ctx, page, consoleErrors: [], rsc: [], docs: [], answers: [], intercepts: [] };
  page.on('console', (m) => { if (m.type() === 'error') s.consoleErrors.push(m.text().slice(0, 300)); });
  page.on('pageerror', (e) => s.consoleErrors.push('pageerror: ' + String(e.message).slice(0, 300)));
  page.on('request', (r) => {
    const h = r.headers();
    const u = new URL(r.url());
    if (h['x-rsc'] === 'true') s.rsc.push({ path: u.pathname + u.search, segments: h['x-rsc-segments'] ?? null, version: h['x-rsc-version'] ?? null });
    if (h['x-rsc'] === 'true' && h['x-rsc-intercept']) s.intercepts.push([u.pathname, h['x-rsc-intercept'], h['x-rsc-referer'] ?? null]);
    else if (r.resourceType() === 'document') s.docs.push(base.includes(u.host) ? u.pathname + u.search : u.href);
  });
  page.on('response', async (r) => {
    if (r.request().headers()['x-rsc'] !== 'true') return;
    const u = new URL(r.url());
    s.answers.push({ path: u.pathname + u.search, status: r.status(), depth: r.headers()['x-rsc-segment-depth'] ?? null });
  });
  await ctx.addInitScript(() => {
    const mark = (e) => {
      e.__ssr = 1;
      if (e.querySelectorAll) e.querySelectorAll('*').forEach((c) => { c.__ssr = 1; });
    };
    // streamed content: parsed into kit's hidden containers, moved by $KC
    new MutationObserver((recs) => {
      for (const r of recs) for (const n of r.addedNodes)
        if (n.nodeType === 1 && n.parentElement && n.parentElement.closest('div[hidden][id^="S:"]')) mark(n);
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('kit:hydrate', () => {
      window.__kit_hydrate_at = performance.now();
      document.querySelectorAll('*').forEach(mark);
    });
  });
  return s;
}

// One test: a fresh browser context (or the shared one, for the tests that
// only load pages: a document load starts afresh anyway), its requests, its
// console.
let shared = null;
async function test(name, fn, { allowConsole = null, reuse = false } = {}) {
  if (only && !name.includes(only)) return;
  const started = Date.now();
  const sess = reuse ? (shared = shared || await session()) : await session();
  sess.consoleErrors.length = sess.rsc.length = sess.docs.length = sess.answers.length = sess.intercepts.length = 0;
  const { page, consoleErrors, rsc, docs, answers, intercepts } = sess;
  const t = {
    page, rsc, docs, answers, intercepts,
    async open(p, { hydrated = true } = {}) {
      const res = await page.goto(base + p, { waitUntil: 'load' });
      t.status = res ? res.status() : 0;
      if (hydrated) await t.ready();
      return res;
    },
    // the main layout's effect ran (examples/interactive) / the runtime started (hello)
    async ready() {
      if (app === 'interactive') {
        await page.waitForFunction(() => window.__hydrated >= 1, null, { polling: 30, timeout: 5000 })
          .catch(() => { throw new Check('the page did not hydrate within 5 s (the main layout\'s effect did not run)'); });
      } else {
        await page.waitForFunction(() => window.__kit_hydrate_at !== undefined, null, { polling: 30, timeout: 5000 })
          .catch(() => { throw new Check('the runtime did not start hydrating within 5 s'); });
        await sleep(300);
      }
    },
    text: (sel) => page.evaluate((s) => document.querySelector(s)?.textContent ?? null, sel),
    attr: (sel, a) => page.evaluate(([s, x]) => document.querySelector(s)?.getAttribute(x) ?? null, [sel, a]),
    async waitFor(sel, timeout = 3000) {
      await page.waitForSelector(sel, { timeout, state: 'attached' }).catch(() => { throw new Check(`${sel} did not appear within ${timeout} ms`); });
    },
    async waitText(sel, text, timeout = 3000) {
      await page.waitForFunction(([s, x]) => document.querySelector(s)?.textContent === x, [sel, text], { polling: 30, timeout })
        .catch(async () => { throw new Check(`${sel}: expected "${text}", got ${JSON.stringify(await t.text(sel))}`); });
    },
    // React has hydrated the element (a Suspense boundary hydrates on its own,
    // after the layout: a click before that is replayed later, or lost under load)
    async hydratedEl(sel, timeout = 5000) {
      await page.waitForFunction((s) => {
        const el = document.querySelector(s);
        return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
      }, sel, { polling: 30, timeout }).catch(() => { throw new Check(`${sel} was not hydrated within ${timeout} ms`); });
    },
    async click(sel) {
      await page.click(sel, { timeout: 3000 }).catch((e) => { throw new Check(`cannot click ${sel}: ${String(e.message).split('\n')[0]}`); });
    },
    path: () => page.evaluate(() => location.pathname + location.search + location.hash),
    async mark() { await page.evaluate(() => { window.__marker = 1; }); },
    async marked() { return page.evaluate(() => window.__marker === 1); },
    errors: () => page.evaluate(() => self.__kit_errors || []),
    async clientCreated() {
      return page.evaluate(() => [...document.querySelectorAll('body *')]
        .filter((e) => !e.__ssr && e.tagName !== 'SCRIPT' && e.tagName !== 'TEMPLATE').map((e) => e.tagName + (e.id ? '#' + e.id : '')));
    },
    async keep(sel) { await page.evaluate((s) => { document.querySelector(s).__kept = 1; }, sel); },
    async kept(sel) { return page.evaluate((s) => document.querySelector(s)?.__kept === 1, sel); },
    async noErrors() { eq(await t.errors(), [], 'errors React reported (self.__kit_errors)'); },
    async hydratedClean(created = []) {
      await t.noErrors();
      eq(await t.clientCreated(), created, 'elements React created instead of hydrating the server\'s');
    },
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
  if (reuse) await page.goto('about:blank').catch(() => {});
  else await sess.ctx.close();
  process.stderr.write(`${name}: ${Date.now() - started} ms\n`);
  if (why === null) {
    passed++;
    console.log(`PASS: ${label}/${name}`);
  } else {
    failed++;
    console.log(`FAIL: ${label}/${name}: ${why.replace(/\n/g, ' ')}`);
  }
}

const countTo = (t, p) => t.rsc.filter((r) => r.path === p).length;

// A page with client components: the document carries the runtime; hydration
// reports nothing and keeps every server node but `created`.
async function hydratesClean(t, p, created = []) {
  await t.open(p);
  expect(t.status === 200, `status ${t.status}`);
  // what the browser renders itself (client-only bailouts) may need its chunk first
  for (const c of created) if (c.includes('#')) await t.waitFor('#' + c.split('#')[1]);
  await sleep(150);
  await t.hydratedClean(created);
}

// A page without client components: no Flight, no runtime, no script at all
// (a streamed one keeps the inline scripts that move its boundaries in).
async function noClientScript(p, { streamed = false, status = 200 } = {}) {
  const doc = await fetchDoc(p);
  eq(doc.status, status, `status of ${p}`);
  expect(!doc.body.includes('__kit_f') && !doc.body.includes('type="module"'), `${p} ships the client runtime or Flight rows although it has no client component`);
  const scripts = [...doc.body.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  if (!streamed) eq(scripts.length, 0, `<script> elements in ${p}`);
  else for (const s of scripts) expect(/\$K[CX]/.test(s), `${p} has a script that is not the streaming runtime: ${s.slice(0, 80)}`);
}

// ===========================================================================
if (app === 'interactive') {
  // ---- every page hydrates --------------------------------------------------
  const pages = [
    ['/', []],
    ['/hooks', []],
    ['/hooks/children', []],
    ['/context', []],
    ['/ids', []],
    ['/suspense', []],
    ['/suspense/server-promise', []],
    ['/lazy', []],
    ['/forms', []],
    ['/forms/status', []],
    ['/streamed', []],
    ['/links', []],
    ['/links/target', ['P#search']],
    ['/links/slow', []],
    ['/links/mounted', []],
    ['/links/clicked', []],
    ['/search', ['P#search', 'P#search-links', 'A#search-one', 'A#search-two', 'A#search-none', 'SPAN#search-current']],
    ['/section/a', []],
    ['/section/b', []],
    ['/slots', []],
    ['/slots/other', []],
    ['/ui', []],
  ];
  for (const [p, created] of pages) await test('hydrate ' + p, (t) => hydratesClean(t, p, created), { reuse: true });

  await test('hydrate /errors', async (t) => {
    // errors inside boundaries: caught by the client error boundary, nothing else
    await t.open('/errors');
    await t.waitFor('#caught-late', 3000);
    await sleep(100);
    const all = await t.errors();
    // A boundary the server ended with an error (<!--$!--> with data-dgst)
    // may also be reported by React as recoverable error #419 carrying that
    // digest, depending on whether hydration reached it in the first pass
    // (React's updateDehydratedSuspenseComponent): that one is expected.
    const doc = await fetchDoc('/errors');
    const digests = [...doc.body.matchAll(/data-dgst="([^"]*)"|\$KX\("B:\d+","([^"]*)"\)/g)].map((m) => m[1] || m[2]);
    expect(digests.length === 3, 'the server ends the three boundaries with a digest each: ' + JSON.stringify(digests));
    const errs = all.filter((e) => !(e.kind === 'recoverable' && /error #419\b/.test(e.message) && digests.includes(e.digest)));
    eq(errs.map((e) => e.kind), ['caught', 'caught', 'caught'], 'kinds of the errors React reported (but #419 of server-errored boundaries)');
    expect(errs[0].digest && errs[1].digest, 'the server errors reach the boundary with their digest: ' + JSON.stringify(errs));
    eq(errs[2].message, 'client component client failed', 'the client component\'s error');
    eq(sorted(await t.clientCreated()), sorted(['DIV#caught-server', 'P', 'BUTTON#caught-server-retry', 'DIV#caught-late', 'P',
      'BUTTON#caught-late-retry', 'DIV#caught-client', 'P', 'BUTTON#caught-client-retry']), 'elements React created');
  }, { allowConsole: /^kit: (caught|recoverable) error/ });

  await test('static page ships no script', async (t) => {
    await noClientScript('/static');
    await t.open('/static', { hydrated: false });
    eq(await t.page.evaluate(() => [document.scripts.length, typeof self.__kit_errors, typeof self.__kit_f]), [0, 'undefined', 'undefined'], 'scripts, runtime');
    eq(await t.text('#page-static h1'), 'Static', 'the page');
  });

  await test('documents carry the runtime globals', async () => {
    const doc = await fetchDoc('/section/a');
    const v = /self\.__kit_v="([^"]+)"/.exec(doc.body);
    const l = /self\.__kit_l="([^"]+)"/.exec(doc.body);
    expect(v && l, 'self.__kit_v / self.__kit_l missing');
    eq(l[1], 'app/layout,app/(main)/layout,app/(main)/section/layout', 'self.__kit_l');
    expect(/<script type="module" async="" src="\/_kit\/static\/entry-[^"]+\.js"><\/script>/.test(doc.body), 'the entry script');
  });

  // ---- hooks ------------------------------------------------------------------
  await test('server HTML of the hooks', async () => {
    const { body } = await fetchDoc('/hooks');
    const want = [
      '<button type="button" id="state-inc">state 10</button>',
      '<output id="reducer-value">7 after 0 steps</output>',
      '<p id="memo-primes">10 primes below 30: 2,3,5,7,11,13,17,19,23,29</p>',
      '<span id="effect">server</span>', '<span id="layout-effect">server</span>',
      '<span id="store-value">server</span>',
      '<span id="transition-pending">idle</span>',
      '<span id="deferred-value">deferred kit</span>', '<span id="deferred-initial">initial</span>',
      '<button type="button" id="forward-ref-focus">ref none</button>',
      '<button type="button" id="strict-inc">strict 0</button><p id="strict-server">',
    ];
    const missing = want.filter((w) => !body.includes(w));
    eq(missing, [], 'missing from the server HTML');
  });

  await test('Children with empty nodes', async (t) => {
    // React: Children.count counts null/undefined/booleans, map's function is called for them
    const { body } = await fetchDoc('/hooks/children');
    const got = (/<p id="children-count">([^<]*)<\/p>/.exec(body) || [])[1] ?? null;
    eq(got, 'count 6, map calls 6, only throws', 'the server\'s Children (React\'s in the browser says the expected)');
    await t.open('/hooks/children');
    await t.waitText('#children-count', 'count 6, map calls 6, only throws');
    await t.hydratedClean();
  });

  await test('useState useReducer useRef', async (t) => {
    await t.open('/hooks');
    await t.keep('#state-inc');
    await t.click('#state-inc');
    await t.waitText('#state-inc', 'state 11');
    expect(await t.kept('#state-inc'), 'the button was re-created');
    await t.page.fill('#state-input', 'abc');
    await t.waitText('#state-echo', 'abc');
    await t.click('#reducer-inc');
    await t.click('#reducer-inc');
    await t.click('#reducer-dec');
    await t.waitText('#reducer-value', '8 after 3 steps');
    await t.click('#reducer-reset');
    await t.waitText('#reducer-value', '7 after 0 steps');
    await t.click('#ref-focus');
    await t.waitText('#ref-focus', 'focus (1)');
    eq(await t.page.evaluate(() => document.activeElement?.id), 'ref-input', 'focused through the ref');
  });

  await test('useMemo useCallback memo', async (t) => {
    await t.open('/hooks');
    const renders0 = await t.page.evaluate(() => window.__memoRenders);
    eq(renders0, 1, 'renders of the memo child during hydration');
    await t.click('#memo-other');
    await t.waitText('#memo-other', 'other 1');
    eq(await t.page.evaluate(() => window.__memoRenders), 1, 'renders of the memo child after an unrelated update (stable useCallback)');
    await t.click('#memo-child');
    await t.waitText('#memo-child', 'picked 1');
    eq(await t.page.evaluate(() => window.__memoRenders), 2, 'renders of the memo child after its prop changed');
    await t.click('#memo-limit');
    await t.waitText('#memo-primes', '12 primes below 40: 2,3,5,7,11,13,17,19,23,29,31,37');
  });

  await test('useEffect useLayoutEffect run in the browser only', async (t) => {
    await t.open('/hooks');
    await t.waitText('#effect', 'effect ran');
    await t.waitText('#layout-effect', 'layout effect ran');
    eq(await t.page.evaluate(() => window.__kitEffects), ['effect'], 'effects run once');
  });

  await test('useSyncExternalStore', async (t) => {
    await t.open('/hooks');
    await t.waitText('#store-value', 'client:0');
    await t.click('#store-bump');
    await t.waitText('#store-value', 'client:1');
  });

  await test('useTransition startTransition useDeferredValue', async (t) => {
    await t.open('/hooks');
    await t.click('#transition-b');
    await t.waitText('#transition-tab', 'tab b');
    eq(await t.page.evaluate(() => document.querySelectorAll('#transition-list li').length), 5, 'items after the transition');
    await t.waitText('#transition-pending', 'idle');
    await t.click('#transition-global');
    await t.waitText('#transition-global', 'global 1');
    await t.waitText('#deferred-initial', 'ready');
    await t.page.fill('#deferred-input', 'kit2');
    await t.waitText('#deferred-value', 'deferred kit2');
  });

  await test('forwardRef Children cloneElement StrictMode', async (t) => {
    await t.open('/hooks');
    await t.click('#forward-ref-focus');
    await t.waitText('#forward-ref-focus', 'ref INPUT');
    eq(await t.page.evaluate(() => document.activeElement?.id), 'fancy-input', 'focused through the forwarded ref');
    eq(await t.page.evaluate(() => [...document.querySelectorAll('#children-list li')].map((l) => (l.getAttribute('data-index') ?? '-') + ' ' + l.textContent)),
      ['0 first', '- a string', '- in a fragment', '- keyed 1', '- keyed 2', '- elements 5'], 'the Children.map list');
    await t.click('#children-add');
    await t.waitFor('#children-extra');
    eq(await t.attr('#children-extra', 'data-index'), '5', 'cloneElement\'s prop on the new child');
    await t.click('#strict-inc');
    await t.waitText('#strict-inc', 'strict 1');
  });

  // ---- context ---------------------------------------------------------------
  await test('createContext Provider useContext use(context) Consumer', async (t) => {
    await t.open('/context');
    const labels = () => t.page.evaluate(() => ['theme-default', 'theme-a', 'theme-b', 'theme-c', 'theme-d', 'theme-e', 'theme-use',
      'theme-consumer', 'theme-inner', 'theme-after'].map((id) => document.getElementById(id)?.textContent ?? null));
    const { body } = await fetchDoc('/context');
    const server = ['default', 'light @0', 'light @0', 'light @1', 'light @2', 'light @0', 'use: light', 'consumer: light', 'dark @0', 'default @0'];
    for (const s of server) expect(body.includes('>' + s + '<'), `the server HTML lacks "${s}"`);
    eq(await labels(), server, 'after hydration');
    await t.click('#theme-toggle');
    await t.waitText('#theme-toggle', 'toggle dark');
    eq(await labels(), ['default', 'dark @0', 'dark @0', 'dark @1', 'dark @2', 'dark @0', 'use: dark', 'consumer: dark', 'dark @0', 'default @0'], 'after the toggle');
    eq(await t.attr('#theme-root-light', 'data-theme'), 'dark', 'the provider\'s own element');
  });

  // ---- useId -------------------------------------------------------------------
  await test('useId matches React\'s client', async (t) => {
    await t.open('/ids');
    await t.page.waitForFunction(() => document.querySelectorAll('[data-client-id]').length >= 27, null, { polling: 30, timeout: 3000 })
      .catch(() => { throw new Check('the id probes\' effects did not run'); });
    const bad = await t.page.evaluate(() => [...document.querySelectorAll('[data-client-id]')].map((e) => {
      const server = e.getAttribute('data-ids') || (e.tagName === 'FIELDSET' ? e.getAttribute('aria-labelledby')
        : e.classList.contains('id-case') ? e.id : e.querySelector('input').id);
      const what = e.getAttribute('data-n') || e.querySelector('label,legend')?.textContent || e.id;
      return server === e.getAttribute('data-client-id') ? null : `${what}: server ${server}, client ${e.getAttribute('data-client-id')}`;
    }).filter(Boolean));
    eq(bad, [], 'useId() ids that differ between the server\'s HTML and React in the browser');
    const all = await t.page.evaluate(() => [...document.querySelectorAll('[id]')].map((e) => e.id));
    eq(all.filter((id, i) => all.indexOf(id) !== i), [], 'ids used twice in the document');
  });

  await test('useId label/for pairs after client re-renders', async (t) => {
    await t.open('/ids');
    await t.click('#ids-rerender');
    await t.waitText('#ids-rerender', 're-render 1');
    await t.click('#ids-add');
    await t.click('#ids-add');
    await t.page.waitForFunction(() => document.querySelectorAll('#field-list .field').length === 5, null, { polling: 30, timeout: 3000 });
    const bad = await t.page.evaluate(() => [...document.querySelectorAll('.field')].map((f) => {
      const label = f.querySelector('label'), input = f.querySelector('input'), hint = f.querySelector('small');
      const ok = label.htmlFor === input.id && document.getElementById(label.htmlFor) === input &&
        input.getAttribute('aria-describedby') === hint.id && document.getElementById(hint.id) === hint;
      return ok ? null : `${label.textContent}: for=${label.htmlFor} input=${input.id} hint=${hint.id}`;
    }).filter(Boolean));
    eq(bad, [], 'fields whose label/for or aria-describedby do not point at their own elements');
    const all = await t.page.evaluate(() => [...document.querySelectorAll('[id]')].map((e) => e.id));
    eq(all.filter((id, i) => all.indexOf(id) !== i), [], 'ids used twice in the document');
  });

  // ---- use(promise), Suspense, lazy ------------------------------------------------
  await test('use(promise) created in a client component', async (t) => {
    // the content is in the document (in the shell or streamed after it)
    const { body } = await fetchDoc('/suspense');
    expect(body.includes('<p id="client-promise-one">loaded one'), 'the server did not render the client promise\'s content');
    expect(body.includes('<p id="client-promise-two">loaded two'), 'the server did not render the client component\'s own Suspense content');
    await t.open('/suspense');
    await t.waitText('#client-promise-one', 'loaded oneclicks 0');
    await t.hydratedEl('#client-promise-inc-one');
    await t.click('#client-promise-inc-one');
    await t.waitText('#client-promise-inc-one', 'clicks 1');
    await t.hydratedEl('#client-promise-inc-two');
    await t.click('#client-promise-inc-two');
    await t.waitText('#client-promise-inc-two', 'clicks 1');
    await t.hydratedClean();
  });

  await test('use(promise) passed from a server component', async (t) => {
    const doc = await fetchDoc('/suspense/server-promise');
    expect(!/data-dgst="[^"]+"/.test(doc.body), 'the server errored the boundary (a digest in the HTML): promises as props of client components are not sent');
    // the promise settles 100 ms after the shell: the fallback first, the content streamed after it
    expect(doc.body.includes('<i id="server-promise-fallback">') &&
      /<div hidden id="S:[0-9a-f]+"><p id="server-promise">from the server: hello<\/p><\/div>/.test(doc.body),
      'the shell should hold the fallback, and the content come after it in a completion');
    await t.open('/suspense/server-promise');
    await t.waitText('#server-promise', 'from the server: hello');
    await t.hydratedClean();
  });

  await test('use(promise) passed from a server component: a rejection', async (t) => {
    const doc = await fetchDoc('/suspense/server-promise-rejected');
    expect(!doc.body.includes('secret'), 'the rejection\'s message reached the document');
    expect(doc.body.includes('<i id="rejected-promise-fallback">'), 'the shell lacks the boundary\'s fallback');
    // the promise's row is an E row with a digest, and the server ends the boundary with that digest
    const rows = [...doc.body.matchAll(/([0-9a-f]+):E\{\\"digest\\":\\"([^"\\]*)\\"\}/g)].map((m) => m[2]);
    const ended = [...doc.body.matchAll(/\$KX\("B:\d+","([^"]*)"\)|data-dgst="([^"]*)"/g)].map((m) => m[1] || m[2]);
    expect(rows.length === 1 && ended.length === 1 && rows[0] === ended[0],
      `one E row and one boundary ended with its digest: rows ${JSON.stringify(rows)}, boundaries ${JSON.stringify(ended)}`);
    await t.open('/suspense/server-promise-rejected');
    await t.waitText('#caught-promise .caught-message', 'caught: digest ' + rows[0]);
    // React may report the server-errored boundary as #419 with its digest (see 'hydrate /errors')
    const errs = (await t.errors()).filter((e) => !(e.kind === 'recoverable' && /error #419\b/.test(e.message) && e.digest === rows[0]));
    eq(errs.map((e) => [e.kind, e.digest]), [['caught', rows[0]]], 'errors React reported');
  }, { allowConsole: /^kit: (caught|recoverable) error/ });

  await test('lazy()', async (t) => {
    const doc = await fetchDoc('/lazy');
    expect(doc.body.includes('<p id="lazy-content">lazy component rendered</p>'), 'the server did not render the lazy component (fallback: ' +
      /<!--\$!--><template data-dgst="[^"]*"><\/template>/.test(doc.body) + ')');
    await t.open('/lazy');
    await t.waitText('#lazy-content', 'lazy component rendered');
    await t.click('#lazy-inc');
    await t.waitText('#lazy-inc', 'lazy clicks 1');
    await t.hydratedClean();
  });

  // ---- forms -------------------------------------------------------------------
  await test('useActionState useOptimistic', async (t) => {
    await t.open('/forms');
    eq(await t.page.evaluate(() => [...document.querySelectorAll('#form-items li')].map((l) => l.textContent)), ['first'], 'initial state');
    await t.click('#form-submit');
    await t.page.waitForFunction(() => document.querySelectorAll('#form-items li').length === 2, null, { polling: 30, timeout: 3000 })
      .catch(() => { throw new Check('the action did not add the item'); });
    await t.waitText('#form-pending', 'idle');
    await t.click('#optimistic-like');
    await t.waitText('#optimistic', 'likes 2like');
  });

  await test('useFormStatus', async (t) => {
    const doc = await fetchDoc('/forms/status');
    eq(doc.status, 200, 'status of /forms/status');
    expect(doc.body.includes('<button type="submit" id="status-submit">send</button>') && doc.body.includes('outside a form: not pending'),
      'the server did not render the useFormStatus() components (react-dom on the server): ' +
      ((doc.body.match(/<!--\$!--><template data-dgst="[^"]*">/g) || []).length) + ' boundaries errored');
    await t.open('/forms/status');
    eq(await t.text('#form-status-outside'), 'outside a form: not pending', 'outside a form');
    await t.click('#status-submit');
    await t.waitText('#status-submit', 'sending', 1000);
    await t.waitText('#status-sent', 'sent 1');
    await t.hydratedClean();
  });

  // ---- streaming ---------------------------------------------------------------
  await test('streamed client components hydrate', async (t) => {
    await t.open('/streamed');
    await t.waitFor('#late-600', 3000);
    await sleep(200);
    await t.hydratedClean();
    await t.keep('#late-counter-300');
    await t.click('#late-counter-300');
    await t.click('#late-counter-600');
    await t.click('#shell-counter');
    await t.waitText('#late-counter-300', 'late 300: 1');
    await t.waitText('#late-counter-600', 'late 600: 1');
    await t.waitText('#shell-counter', 'shell: 1');
    expect(await t.kept('#late-counter-300'), 'the streamed counter was re-created');
  });

  await test('streamed document: the shell comes first', async () => {
    const t0 = Date.now();
    const r = await fetch(base + '/streamed');
    const reader = r.body.getReader();
    const { value } = await reader.read();
    const first = Date.now() - t0;
    const head = new TextDecoder().decode(value);
    let rest = '';
    for (;;) {
      const c = await reader.read();
      if (c.done) break;
      rest += new TextDecoder().decode(c.value);
    }
    expect(first < 250, `the first bytes took ${first} ms`);
    expect(head.includes('id="fb-600"') && !head.includes('arrived after 600'), 'the shell holds the fallbacks, not the late content');
    expect(rest.includes('arrived after 600 ms') && rest.includes('late-counter-600'), 'the late content with its client component');
  });

  // ---- errors -----------------------------------------------------------------------
  await test('client error boundary', async (t) => {
    const doc = await fetchDoc('/errors');
    eq(doc.status, 200, 'status');
    expect(!doc.body.includes('secret'), 'a server error message reached the document');
    await t.open('/errors');
    await t.waitFor('#caught-late', 3000);
    expect(/^caught: digest \S+$/.test(await t.text('#caught-server .caught-message')), 'server error: ' + await t.text('#caught-server .caught-message'));
    eq(await t.text('#caught-client .caught-message'), 'caught: client component client failed', 'client error');
    await t.click('#caught-client-retry');
    await t.waitText('#thrower-client', 'client works now');
    await t.click('#errors-counter');
    await t.waitText('#errors-counter', 'still works: 1');
  }, { allowConsole: /^kit: (caught|recoverable) error/ }); // #419: see 'hydrate /errors'

  // ---- navigations ------------------------------------------------------------------
  await test('layout state survives navigations, back and forward', async (t) => {
    await t.open('/section/a');
    await t.mark();
    await t.keep('#section-counter');
    await t.keep('#main-counter');
    await t.click('#main-counter');
    await t.click('#main-counter');
    await t.click('#section-counter');
    await t.click('#section-page-counter');
    await t.waitText('#section-page-counter', 'page a: 1');
    const len = await t.page.evaluate(() => history.length);
    await t.click('#section-to-b');
    await t.waitFor('#page-section-b');
    eq(await t.path(), '/section/b', 'URL');
    eq(await t.text('#main-counter'), 'main: 2', 'main layout counter');
    eq(await t.text('#section-counter'), 'section: 1', 'section layout counter');
    eq(await t.text('#section-page-counter'), 'page b: 0', 'the new page\'s counter');
    expect(await t.kept('#section-counter') && await t.kept('#main-counter'), 'a layout\'s counter was re-created');
    eq(await t.text('#pathname'), 'at /section/b', 'usePathname()');
    eq(t.rsc, [{ path: '/section/b', segments: 'app/layout,app/(main)/layout,app/(main)/section/layout', version: t.rsc[0]?.version ?? null }], 'X-RSC requests');
    expect(t.rsc[0].version, 'no X-RSC-Version sent');
    eq(t.answers.map((a) => [a.status, a.depth]), [[200, '3']], 'answers (status, X-RSC-Segment-Depth)');
    eq(await t.page.evaluate(() => history.length), len + 1, 'history.length');
    await t.page.goBack();
    await t.waitFor('#page-section-a');
    eq(await t.path(), '/section/a', 'URL after back');
    eq(await t.text('#pathname'), 'at /section/a', 'usePathname() after back');
    eq(await t.text('#section-counter'), 'section: 1', 'section counter after back');
    await t.page.goForward();
    await t.waitFor('#page-section-b');
    eq(await t.text('#main-counter'), 'main: 2', 'main counter after forward');
    // to another page of the main layout: the section layout goes, the main one stays
    await t.click('#nav-hooks');
    await t.waitFor('#page-hooks');
    eq(await t.text('#main-counter'), 'main: 2', 'main counter on /hooks');
    expect(!(await t.page.$('#section-layout')), 'the section layout is still there');
    await t.waitText('#effect', 'effect ran');
    expect(await t.marked(), 'the page was reloaded');
    eq(t.docs.length, 1, 'document loads');
    await t.noErrors();
  });

  await test('navigations through every page keep the main layout', async (t) => {
    await t.open('/');
    await t.mark();
    await t.click('#main-counter');
    const targets = [['nav-context', '#page-context'], ['nav-ids', '#page-ids'], ['nav-suspense', '#page-suspense'],
      ['nav-forms', '#page-forms'], ['nav-streamed', '#late-600'], ['nav-links', '#page-links'], ['nav-search', '#search'],
      ['nav-slots', '#page-slots-index'], ['nav-ui', '#page-ui'], ['nav-hooks', '#page-hooks'], ['nav-home', '#page-home']];
    for (const [link, sel] of targets) {
      await t.click('#' + link);
      await t.waitFor(sel, 4000);
    }
    eq(await t.text('#main-counter'), 'main: 1', 'main layout counter');
    expect(await t.marked(), 'a page was reloaded');
    eq(t.docs.length, 1, 'document loads');
    eq(t.answers.filter((a) => a.status !== 200 || a.depth !== '2').map((a) => a.path + ' ' + a.status + ' ' + a.depth), [], 'answers not at depth 2');
    await t.noErrors();
  });

  await test('slot layout re-renders on navigation', async (t) => {
    await t.open('/slots');
    await t.mark();
    await t.click('#main-counter');
    await t.click('#slots-counter');
    await t.click('#panel-counter');
    await t.waitText('#slots-counter', 'slots layout: 1');
    await t.click('#slots-to-other');
    await t.waitFor('#page-slots-other');
    await t.waitFor('#panel-other');
    eq(await t.text('#main-counter'), 'main: 1', 'main layout counter');
    eq(await t.text('#slots-counter'), 'slots layout: 0', 'the slot layout\'s counter (re-rendered from that layout)');
    eq(t.answers.map((a) => [a.path, a.status, a.depth]), [['/slots/other', 200, '2']], 'answers');
    await t.page.goBack();
    await t.waitFor('#panel-index');
    eq(await t.text('#main-counter'), 'main: 1', 'main layout counter after back');
    expect(await t.marked(), 'the page was reloaded');
    await t.noErrors();
  });

  // ---- Link and the router ---------------------------------------------------------
  await test('Link passes other props and ref to the anchor', async (t) => {
    await t.open('/links');
    eq(await t.page.evaluate(() => {
      const a = document.querySelector('#link-props');
      return [a.tagName, a.className, a.getAttribute('data-test'), a.getAttribute('aria-label'), a.title, a.rel, a.target, a.getAttribute('href')];
    }), ['A', 'fancy-link', 'yes', 'a link with props', 'props', 'next', '_self', '/links/target?p=props'], 'the anchor');
    for (const id of ['link-hover', 'link-props', 'link-mount']) {
      const attrs = await t.page.evaluate((i) => [...document.getElementById(i).attributes].map((a) => a.name), id);
      const leaked = attrs.filter((a) => /prefetch|cachefor|replace|preservescroll/i.test(a));
      eq(leaked, [], `Link's own props written on #${id}`);
    }
    await t.waitText('#ref-seen', 'A /links/target?from=ref');
    await t.click('#to-target-ref');
    await t.waitFor('#page-target');
    eq(await t.path(), '/links/target?from=ref', 'URL');
    await t.waitText('#search', '/links/target q= keys=from');
  });

  await test('Link: the user\'s onClick runs too', async (t) => {
    await t.open('/links');
    await t.page.evaluate(() => document.querySelector('#to-target-ref').addEventListener('click', (e) => e.preventDefault(), { once: true }));
    await t.click('#to-target-ref');
    await t.waitText('#ref-clicks', 'own onClick 1');
    await sleep(200);
    eq(await t.path(), '/links', 'a prevented click does not navigate');
  });

  await test('prefetch on hover after 100 ms', async (t) => {
    await t.open('/links');
    const t0 = await t.page.evaluate(() => {
      const a = document.querySelector('#link-hover');
      const out = document.querySelector('#nav');
      a.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: out }));
      out.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: a }));
      return performance.now();
    });
    await sleep(400);
    const starts = await t.page.evaluate(() => performance.getEntriesByType('resource')
      .filter((e) => e.name.endsWith('/links/target?p=hover')).map((e) => e.startTime));
    eq(starts.length, 1, 'prefetches while hovering');
    const after = starts[0] - t0;
    expect(after >= 95 && after < 350, `the prefetch started ${after.toFixed(0)} ms after the pointer entered (expected 100)`);
    eq(countTo(t, '/links/target?p=hover'), 1, 'X-RSC requests');
    await t.click('#link-hover');
    await t.waitFor('#page-target');
    eq(countTo(t, '/links/target?p=hover'), 1, 'X-RSC requests after the click (the prefetch is used)');
    await t.noErrors();
  });

  await test('no prefetch for a hover under 100 ms', async (t) => {
    await t.open('/links');
    const held = await t.page.evaluate(async () => {
      const a = document.querySelector('#link-hover');
      const out = document.querySelector('#nav');
      const t0 = performance.now();
      a.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: out }));
      out.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: a }));
      await new Promise((r) => setTimeout(r, 40));
      a.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: out }));
      out.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: a }));
      return performance.now() - t0;
    });
    await sleep(300);
    expect(held < 95, `the page was too slow to hover for less than 100 ms (${held.toFixed(0)} ms)`);
    eq(countTo(t, '/links/target?p=hover'), 0, 'X-RSC requests after a 40 ms hover');
  });

  await test('prefetch true / false / none', async (t) => {
    await t.open('/links');
    for (const id of ['link-true', 'link-false', 'link-none']) {
      await t.page.hover('#' + id);
      await sleep(300);
    }
    await t.page.mouse.move(700, 590);
    eq([countTo(t, '/links/target?p=true'), countTo(t, '/links/target?p=false'), countTo(t, '/links/target?p=none')], [1, 0, 0],
      'X-RSC requests after hovering prefetch={true}, {false}, "none"');
  });

  await test('prefetch mount and click', async (t) => {
    await t.open('/links');
    await sleep(300);
    eq(countTo(t, '/links/mounted'), 1, 'X-RSC requests for prefetch="mount"');
    await t.page.hover('#link-click');
    await sleep(300);
    eq(countTo(t, '/links/clicked'), 0, 'X-RSC requests after hovering prefetch="click"');
    await t.page.mouse.down();
    await sleep(150);
    eq(countTo(t, '/links/clicked'), 1, 'X-RSC requests after mousedown');
    await t.page.mouse.up();
    await t.waitFor('#page-clicked');
    eq(countTo(t, '/links/clicked'), 1, 'X-RSC requests after the click');
    await t.click('#nav-links');
    await t.waitFor('#page-links');
    await t.click('#link-mount');
    await t.waitFor('#page-mounted');
    eq(countTo(t, '/links/mounted'), 1, 'X-RSC requests for the mounted link after its click (the cache answered)');
    await t.noErrors();
  });

  await test('cacheFor', async (t) => {
    await t.open('/links');
    await t.page.hover('#link-cache');   // cacheFor={1000}
    await sleep(300);
    eq(countTo(t, '/links/target?p=cache'), 1, 'X-RSC requests after the hover');
    await t.page.mouse.move(700, 590);
    await sleep(1200);
    await t.click('#link-cache');
    await t.waitFor('#page-target');
    eq(countTo(t, '/links/target?p=cache'), 2, 'X-RSC requests (cacheFor 1000 ms, clicked after 1.5 s)');
    // the default (30 s) still holds after 1 s
    await t.click('#back-to-links');
    await t.waitFor('#page-links');
    await t.page.hover('#link-true');
    await sleep(1100);
    await t.click('#link-true');
    await t.waitFor('#page-target');
    eq(countTo(t, '/links/target?p=true'), 1, 'X-RSC requests (default cacheFor, clicked after 1.1 s)');
  });

  await test('replace and push', async (t) => {
    await t.open('/links');
    const len = await t.page.evaluate(() => history.length);
    await t.click('#link-replace');
    await t.waitFor('#page-target');
    eq(await t.path(), '/links/target?p=replace', 'URL');
    eq(await t.page.evaluate(() => history.length), len, 'history.length after a replace Link');
    await t.click('#back-to-links');
    await t.waitFor('#page-links');
    eq(await t.page.evaluate(() => history.length), len + 1, 'history.length after a push Link');
  });

  await test('data-pending and useLinkStatus during a slow navigation', async (t) => {
    await t.open('/links');
    eq(await t.attr('#link-slow', 'data-pending'), null, 'data-pending before the click');
    eq(await t.text('#status-slow'), 'idle', 'useLinkStatus() before');
    await t.click('#link-slow');
    await sleep(250);
    eq(await t.attr('#link-slow', 'data-pending'), '', 'data-pending during the answer');
    eq(await t.text('#status-slow'), 'pending', 'useLinkStatus() during the answer');
    expect(await t.page.$('#page-links'), 'the old page went before the answer came');
    await t.waitFor('#page-slow', 4000);
    await t.noErrors();
  });

  await test('off-origin and target=_blank are left to the browser', async (t) => {
    await t.page.route('http://off-origin.test/**', (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<p id="elsewhere">elsewhere</p>' }));
    await t.open('/links');
    await t.mark();
    await Promise.all([t.page.waitForURL((u) => u.host === 'off-origin.test', { timeout: 5000 }), t.click('#link-off')]);
    eq(t.rsc.filter((r) => !r.path.startsWith('/links/mounted')).length, 0, 'X-RSC requests');
    await t.open('/links');
    const [popup] = await Promise.all([t.page.context().waitForEvent('page', { timeout: 5000 }), t.click('#link-blank')]);
    await popup.close();
    await sleep(200);
    eq(await t.path(), '/links', 'URL after the target=_blank click');
    eq(countTo(t, '/links/target?p=blank'), 0, 'X-RSC requests for the target=_blank link');
    await t.click('#link-hash');
    await sleep(200);
    eq(await t.path(), '/links#bottom', 'URL after the hash link');
    eq(countTo(t, '/links#bottom') + countTo(t, '/links'), 0, 'X-RSC requests for the hash link');
  });

  await test('visit() prefetch() router', async (t) => {
    await t.open('/links');
    await t.mark();
    const len = await t.page.evaluate(() => history.length);
    await t.click('#prefetch-target');
    await t.waitText('#router-done', 'prefetched');
    eq(countTo(t, '/links/target?from=prefetch'), 1, 'X-RSC requests after prefetch()');
    await t.click('#link-prefetched');
    await t.waitFor('#page-target');
    eq(countTo(t, '/links/target?from=prefetch'), 1, 'X-RSC requests after the click (prefetch() warmed the cache)');
    await t.click('#back-to-links');
    await t.waitFor('#page-links');
    await t.click('#visit-target');
    await t.waitText('#search', '/links/target q= keys=from');
    eq(await t.path(), '/links/target?from=visit', 'URL after visit()');
    await t.page.goBack();
    await t.waitFor('#page-links');
    await t.click('#router-visit');
    await t.waitFor('#page-target');
    eq(await t.path(), '/links/target?from=router', 'URL after router.visit()');
    await t.page.goBack();
    await t.waitFor('#page-links');
    const len2 = await t.page.evaluate(() => history.length);
    await t.click('#visit-replace');
    await t.waitFor('#page-target');
    eq(await t.path(), '/links/target?from=replace', 'URL after visit(…, {replace: true})');
    eq(await t.page.evaluate(() => history.length), len2, 'history.length after visit(…, {replace: true})');
    expect(len2 > len, 'history grew with the pushes');
    expect(await t.marked(), 'the page was reloaded');
    await t.noErrors();
  });

  await test('scroll to top, preserveScroll, back restores', async (t) => {
    await t.open('/links');
    await t.page.evaluate(() => window.scrollTo(0, 1500));
    await t.page.evaluate(() => document.querySelector('#bottom-top').click());
    await t.waitFor('#page-section-a');
    await sleep(50);
    eq(await t.page.evaluate(() => window.scrollY), 0, 'scrollY after a Link');
    await t.page.goBack();
    await t.waitFor('#page-links');
    await sleep(100);
    eq(await t.page.evaluate(() => Math.round(window.scrollY)), 1500, 'scrollY restored by back');
    await t.page.evaluate(() => window.scrollTo(0, 1000));
    await t.page.evaluate(() => document.querySelector('#bottom-keep').click());
    await t.waitFor('#page-section-b');
    await sleep(50);
    eq(await t.page.evaluate(() => Math.round(window.scrollY)), 1000, 'scrollY after a preserveScroll Link');
  });

  // ---- useSearchParams ---------------------------------------------------------------
  await test('useSearchParams: client-only on the server, follows navigations', async (t) => {
    const { body } = await fetchDoc('/search?q=zz');
    expect(body.includes('<!--$!--><template data-dgst=""></template><p id="search-fallback">'), 'the server did not send the fallback as a client-only bailout');
    await t.open('/search?q=zz');
    await t.waitText('#search', '/search q=zz keys=q');
    await t.hydratedClean(['P#search', 'P#search-links', 'A#search-one', 'A#search-two', 'A#search-none', 'SPAN#search-current']);
    await t.click('#search-one');
    await t.waitText('#search', '/search q=one keys=q');
    await t.waitText('#search-current', 'current one');
    await t.click('#search-two');
    await t.waitText('#search', '/search q=two keys=q,x');
    await t.click('#search-none');
    await t.waitText('#search', '/search q= keys=');
    await t.page.goBack();
    await t.waitText('#search', '/search q=two keys=q,x');
    eq(await t.path(), '/search?q=two&x=1', 'URL after back');
    await t.page.goBack();
    await t.waitText('#search', '/search q=one keys=q');
    await t.noErrors();
  });

  // ---- the UI library ------------------------------------------------------------------
  await test('Radix Tabs and Collapsible (npm) hydrate and work', async (t) => {
    await t.open('/ui');
    await t.hydratedClean();
    const tabs = () => t.page.evaluate(() => [...document.querySelectorAll('[role=tab]')].map((b) => b.getAttribute('aria-selected') + ':' + b.dataset.state));
    eq(await tabs(), ['true:active', 'false:inactive', 'false:inactive'], 'tabs after hydration');
    const pairs = await t.page.evaluate(() => [...document.querySelectorAll('[role=tab]')].map((b) => {
      const panel = document.getElementById(b.getAttribute('aria-controls'));
      return !!panel && panel.getAttribute('role') === 'tabpanel' && document.getElementById(panel.getAttribute('aria-labelledby')) === b;
    }));
    eq(pairs, [true, true, true], 'tab ↔ panel ids (aria-controls / aria-labelledby)');
    await t.click('#tab-counter');
    await t.waitText('#tab-counter', 'in tab one: 1');
    await t.page.click('[role=tab]:nth-child(2)');
    await t.waitText('#second-panel', 'second panel');
    eq(await tabs(), ['false:inactive', 'true:active', 'false:inactive'], 'tabs after clicking the second');
    await t.page.keyboard.press('ArrowLeft');
    await t.page.waitForFunction(() => document.querySelector('[role=tab]').getAttribute('aria-selected') === 'true', null, { polling: 30, timeout: 2000 })
      .catch(() => { throw new Check('ArrowLeft did not move to the first tab (roving focus)'); });
    eq(await t.text('#disclosure-state'), 'closed', 'collapsible');
    await t.click('#disclosure-trigger');
    await t.waitText('#disclosure-state', 'open');
    await t.waitText('#disclosure-body', 'hidden until opened');
    eq(await t.page.evaluate(() => {
      const c = document.getElementById(document.querySelector('#disclosure-trigger').getAttribute('aria-controls'));
      return !!c && c === document.querySelector('#disclosure-body').parentElement;
    }), true, 'the trigger\'s aria-controls names the content');
    await t.noErrors();
  });

  await test('Radix: useId inside Tabs.Root\'s children', async (t) => {
    await t.open('/ui');
    await t.page.waitForFunction(() => document.querySelector('[data-n="in-tabs"]')?.hasAttribute('data-client-id'), null, { polling: 30, timeout: 3000 });
    const e = await t.page.evaluate(() => { const s = document.querySelector('[data-n="in-tabs"]'); return [s.id, s.getAttribute('data-client-id')]; });
    eq(e[0], e[1], 'server id vs React\'s client id of a useId() component inside <Tabs.Content>');
  });

  // ---- version skew (last: it rebuilds the app) -------------------------------------------
  await test('stale version: 409 and one full load across a rebuild', async (t) => {
    expect(rebuild, 'no --rebuild command given');
    await t.open('/section/a');
    const v0 = await t.page.evaluate(() => self.__kit_v);
    eq(await t.text('#stamp'), 'build-1', 'the footer\'s build stamp');
    await t.mark();
    try {
      execFileSync('bash', ['-c', rebuild], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60000 });
    } catch (e) {
      throw new Check('the rebuild failed: ' + String(e.stderr || e.message).slice(-600));
    }
    let doc = null;
    for (let i = 0; i < 10 && !doc; i++) doc = await fetchDoc('/section/a').catch(() => sleep(200).then(() => null));
    expect(doc, 'the rebuilt app does not answer');
    const v1 = (/self\.__kit_v="([^"]+)"/.exec(doc.body) || [])[1];
    expect(v1 && v1 !== v0, `the rebuilt app has the version ${v1}, the open page ${v0}`);
    await t.click('#section-to-b');
    await t.page.waitForFunction(() => window.__marker !== 1 && document.querySelector('#page-section-b'), null, { polling: 30, timeout: 5000 })
      .catch(() => { throw new Check('no full load of /section/b'); });
    await t.ready();
    eq(t.answers.map((a) => [a.path, a.status]), [['/section/b', 409]], 'X-RSC answers');
    eq(t.rsc.map((r) => r.version), [v0], 'X-RSC-Version sent');
    eq(t.docs, ['/section/a', '/section/b'], 'document loads');
    eq(await t.text('#stamp'), 'build-2', 'the new build\'s page');
    eq(await t.page.evaluate(() => self.__kit_v), v1, 'self.__kit_v after the reload');
    // the next navigation is an ordinary one
    await t.click('#section-to-a');
    await t.waitFor('#page-section-a');
    eq(t.docs.length, 2, 'document loads after the next navigation');
    await t.noErrors();
  }, { allowConsole: /status of 409/ });
}

// ===========================================================================
if (app === 'hello') {
  // pages with no client component: no runtime, no Flight (the inline scripts
  // of streaming — $KC/$KX — may be there: a page can stream, or have its
  // shell stored at build time and the rest streamed per request)
  const plain = [['/', {}], ['/about', {}], ['/blog/hello-world', {}], ['/docs/guide/install', {}], ['/pricing', {}],
    ['/async', {}], ['/dashboard', {}], ['/dashboard/settings', {}], ['/whoami', {}], ['/bench/list', {}],
    ['/streaming', {}], ['/slow', {}], ['/cookie-in-component', { status: 500 }],
    ['/broken', { status: 500 }], ['/nope', { status: 404 }]].map(([p, o]) => [p, { streamed: true, ...o }]);
  for (const [p, o] of plain) {
    await test('no client component, no script: ' + p, async (t) => {
      await noClientScript(p, o);
      await t.open(p, { hydrated: false });
      if (p === '/streaming' || p === '/slow') await t.page.waitForSelector(p === '/slow' ? '.slow-page' : '.done', { timeout: 4000 });
      eq(await t.page.evaluate(() => typeof self.__kit_errors), 'undefined', 'the client runtime ran');
    }, { allowConsole: o.status ? /status of (500|404)/ : null, reuse: true });   // the error page, and /favicon.ico
  }
  await test('redirects: /old and /moved-later', async (t) => {
    const r = await fetchDoc('/old');
    eq(r.status, 307, 'status of /old');
    await t.open('/moved-later', { hydrated: false });
    await t.page.waitForURL((u) => u.pathname === '/about', { timeout: 5000 }).catch(() => { throw new Check('/moved-later did not end at /about'); });
    eq(await t.path(), '/about?from=moved-later', 'URL');
  });

  for (const p of ['/interactive', '/interactive/more']) await test('hydrate ' + p, (t) => hydratesClean(t, p), { reuse: true });

  await test('interactive: state, Link navigation keeps the layout, usePathname', async (t) => {
    await t.open('/interactive');
    await t.mark();
    const layout = 'main .counter:first-of-type';
    await t.keep('.interactive > .counter button');
    await t.page.click('.interactive > .counter button');
    await t.page.click('.interactive > .counter button');
    await t.page.click('section .counter button');
    await t.waitText('.interactive > .counter output', '2');
    await t.waitText('section .counter output', '6');
    eq(await t.text('.where'), 'you are at /interactive', 'usePathname()');
    await t.page.click('nav.sub a[href="/interactive/more"]');
    await t.page.waitForFunction(() => document.querySelector('.where')?.textContent === 'you are at /interactive/more', null, { polling: 30, timeout: 3000 })
      .catch(() => { throw new Check('usePathname() did not follow the navigation'); });
    eq(await t.text('.interactive > .counter output'), '2', 'the layout counter after the navigation');
    expect(await t.kept('.interactive > .counter button'), 'the layout\'s counter was re-created');
    eq(t.rsc.map((r) => [r.path, r.segments]), [['/interactive/more', 'app/layout,app/interactive/layout']], 'X-RSC requests');
    eq(t.answers.map((a) => a.depth), ['2'], 'X-RSC-Segment-Depth');
    await t.page.goBack();
    await t.page.waitForFunction(() => document.querySelector('.where')?.textContent === 'you are at /interactive', null, { polling: 30, timeout: 3000 })
      .catch(() => { throw new Check('back did not show /interactive'); });
    eq(await t.text('.interactive > .counter output'), '2', 'the layout counter after back');
    expect(await t.marked(), 'the page was reloaded');
    void layout;
    await t.noErrors();
  });

  // interception: a Link with intercept="modal" renders /photo/<id> into the
  // gallery layout's @modal slot over the gallery; a full load of the same URL
  // shows the photo page alone; back closes the modal.
  await test('interception: the photo opens in the @modal slot, a full load shows its page', async (t) => {
    await t.open('/gallery');
    await t.mark();
    expect(!(await t.page.$('.gallery figure.photo')), 'the modal slot is not empty before the click (default.tsx renders nothing)');
    await t.page.click('.gallery a[href="/photo/1"]');
    await t.page.waitForSelector('.gallery figure.photo', { timeout: 4000 }).catch(() => { throw new Check('the photo did not open in the slot'); });
    eq(await t.path(), '/photo/1', 'URL after the click');
    eq(await t.text('.gallery figure.photo'), 'photo 1', 'the slot\'s content');
    expect(!!(await t.page.$('.gallery ul.photos')), 'the gallery under the modal is gone');
    expect(await t.marked(), 'the click loaded a new document');
    eq(t.intercepts.map((i) => i.slice(0, 2)), [['/photo/1', 'modal']], 'X-RSC-Intercept on the navigation');
    await t.page.goBack();
    await t.page.waitForFunction(() => !document.querySelector('.gallery figure.photo'), null, { polling: 30, timeout: 3000 })
      .catch(() => { throw new Check('back did not close the modal'); });
    eq(await t.path(), '/gallery', 'URL after back');
    await t.page.goto(base + '/photo/1');
    await t.page.waitForSelector('figure.photo', { timeout: 4000 });
    expect(!(await t.page.$('.gallery')), 'a full load of /photo/1 rendered the gallery (interception must only apply to client navigations)');
    eq(await t.text('figure.photo'), 'photo 1', 'the photo page');
    await t.noErrors();
  });
}

if (shared) await shared.ctx.close();
await browser.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
