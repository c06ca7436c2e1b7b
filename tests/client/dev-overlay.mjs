// kit-serve --dev in headless Chromium (tests/suites/dev-overlay.sh): React's
// development build, the error overlay, live reload and its timing.
//
//   node tests/client/dev-overlay.mjs --base URL --app DIR
//
// The app is the suite's (dev-overlay.sh make_app): / shows "dev-page: one",
// /mismatch a client component that renders differently in the browser,
// /clickfail a client component whose render throws after a click (#render),
// whose click handler throws (#handler) and whose click rejects a promise
// (#reject), /actfail a button calling a server action that throws, /boom
// a server component that throws, /ssrfail a client component that throws
// during server rendering. The script edits DIR/src/app/page.tsx
// itself (live reload, a syntax error and its fix) and prints the time from
// each edit to the new text on the open page:
//     MEASURE: edit-to-reload 812 ms
// (no assertion on it). Prints "PASS: dev-overlay/<name>" / "FAIL: …"; exits 1
// on a failure.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);
const argv = process.argv.slice(2);
const opt = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : null);
const base = (opt('--base') || '').replace(/\/$/, '');
const app = opt('--app');
const chromiumPath = process.env.KIT_CHROMIUM || '/usr/bin/chromium';
if (!base || !app) {
  console.log('FAIL: dev-overlay/setup: --base and --app are required');
  process.exit(1);
}

const { chromium } = require('playwright-core');
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
let failed = 0;
const pass = (name) => console.log(`PASS: dev-overlay/${name}`);
const fail = (name, why) => { failed++; console.log(`FAIL: dev-overlay/${name}: ${String(why).slice(0, 600)}`); };
const check = (name, ok, why) => (ok ? pass(name) : fail(name, why));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// the overlay's text, '' while there is none
const overlayText = (page) => page.evaluate(() => {
  const o = document.getElementById('kit-dev-overlay');
  return o ? o.innerText : '';
});
// waits until the overlay's text has every string of want (the source
// excerpt comes after the source map is fetched)
async function overlayWith(page, want, ms = 10000) {
  const until = Date.now() + ms;
  let text = '';
  while (Date.now() < until) {
    text = await overlayText(page).catch(() => '');
    if (want.every((w) => text.includes(w))) return { ok: true, text };
    await sleep(100);
  }
  return { ok: false, text };
}
async function fresh(url) {
  const page = await browser.newPage();
  const consoleText = [];
  page.on('console', (m) => consoleText.push(m.text()));
  await page.goto(base + url);
  // hydrated: the runtime dispatched kit:hydrate and React committed
  await page.waitForFunction(() => document.readyState === 'complete', null, { timeout: 15000 }).catch(() => {});
  return { page, consoleText };
}
const pageFile = path.join(app, 'src/app/page.tsx');
const writePage = (body) => fs.writeFileSync(pageFile, body);
const homePage = (text) => `export default function Home() {\n  return <p>dev-page: ${text}</p>;\n}\n`;

try {
  // --- React's key warning: none for static children, one for an unkeyed list ---
  {
    const keyWarning = /Each child in a list should have a unique "key" prop/;
    const settle = async (page) => {
      await page.waitForFunction(() => { const el = document.querySelector('#box');
        return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber')); }, null, { timeout: 15000 }).catch(() => {});
      await sleep(500);  // anything React logs, it logs as it commits
    };
    // React's warnings and errors (not the DevTools banner, an info; not
    // the favicon's 404)
    const open = async (url) => {
      const page = await browser.newPage();
      const consoleText = [];
      page.on('console', (m) => {
        if ((m.type() === 'warning' || m.type() === 'error') && !/^Failed to load resource/.test(m.text()))
          consoleText.push(m.text());
      });
      await page.goto(base + url);
      await settle(page);
      return { page, consoleText };
    };
    let { page, consoleText } = await open('/keys');
    check('static children, a fragment, a client component\'s children, keyed lists: no console message',
      consoleText.length === 0 && (await page.textContent('body')).includes('dev-keys'),
      consoleText.join(' | ').slice(0, 600) || 'not the page');
    await page.close();
    const unkeyed = [
      ['/nokey', 'an unkeyed .map() list'],
      ['/nokeysc', 'an unkeyed .map() list of server components'],
      ['/nokeyasync', 'an unkeyed .map() list of async server components'],
      ['/nokeyinasync', 'an unkeyed .map() list inside an async server component'],
    ];
    for (const [url, what] of unkeyed) {
      ({ page, consoleText } = await open(url));
      check(`${what}: exactly React's key warning`,
        consoleText.length === 1 && keyWarning.test(consoleText[0]),
        consoleText.join(' | ').slice(0, 600) || 'no warning');
      await page.close();
    }
  }

  // --- React's development build: a hydration mismatch is explained -------------
  {
    const { page, consoleText } = await fresh('/mismatch');
    await page.waitForFunction(() => (self.__kit_errors || []).length > 0, null, { timeout: 10000 }).catch(() => {});
    const all = consoleText.join('\n');
    check('the dev build explains a hydration mismatch in the console (not a minified error number)',
      /server rendered (text|HTML) didn't match the client/.test(all) && !/Minified React error/.test(all),
      all.slice(0, 500) || 'nothing logged');
    // (React's component stack gives host components and this one no location)
    const o = await overlayWith(page, ["didn't match the client", 'Component stack', 'at Clock']);
    check('the overlay shows the hydration error, its diff and the component stack',
      o.ok && /\+\s+client\s*\n\s*-\s+server/.test(o.text), o.text.slice(0, 1500));
    await page.close();
  }

  // --- a browser render error: message, source lines, component stack ---------
  {
    const { page } = await fresh('/clickfail');
    await page.waitForFunction(() => !!document.querySelector('#render') && Object.keys(document.querySelector('#render')).some((k) => k.startsWith('__reactFiber')), null, { timeout: 15000 });
    check('no overlay before anything failed', (await overlayText(page)) === '', await overlayText(page));
    await page.click('#render');
    const o = await overlayWith(page, ['dev-click: Button threw while rendering', 'src/app/clickfail/Button.tsx:',
      'throw new Error("dev-click: Button threw while rendering")']);
    check('a browser render error: message and the source line from the app file', o.ok, o.text.slice(0, 800));
    check('and the component stack names the component', /Component stack[\s\S]*Button/.test(o.text), o.text.slice(0, 800));
    await page.keyboard.press('Escape');
    await sleep(100);
    check('Escape dismisses the overlay', (await overlayText(page)) === '', await overlayText(page));
    await page.close();
  }
  {
    const { page } = await fresh('/clickfail');
    await page.waitForFunction(() => Object.keys(document.querySelector('#handler') || {}).some((k) => k.startsWith('__reactProps')), null, { timeout: 15000 });
    await page.click('#handler');
    let o = await overlayWith(page, ['dev-click: the handler threw', 'src/app/clickfail/Button.tsx:',
      'throw new Error("dev-click: the handler threw")']);
    check('an uncaught error (an event handler): message and source line', o.ok, o.text.slice(0, 800));
    await page.click('#kit-dev-overlay .kdo-close');
    check('the × button dismisses the overlay', (await overlayText(page)) === '', await overlayText(page));
    await page.click('#reject');
    o = await overlayWith(page, ['Unhandled promise rejection', 'dev-click: a rejected promise', 'src/app/clickfail/Button.tsx:']);
    check('an unhandled rejection: message and source line', o.ok, o.text.slice(0, 800));
    await page.close();
  }

  // --- a server action that throws, its promise not caught -------------------------
  {
    const { page } = await fresh('/actfail');
    await page.waitForFunction(() => Object.keys(document.querySelector('#run') || {}).some((k) => k.startsWith('__reactProps')), null, { timeout: 15000 });
    await page.click('#run');
    const o = await overlayWith(page, ['Unhandled promise rejection', 'ActionError: The action failed: ', 'dev-action: explode threw']);
    check('a server action that throws: what it threw, in the overlay', o.ok, o.text.slice(0, 800));
    await page.close();
  }

  // --- a client navigation whose page fails on the server: its error page --------
  {
    const { page } = await fresh('/counter');
    await page.waitForFunction(() => Object.keys(document.querySelector('#to-boom') || {}).some((k) => k.startsWith('__reactProps')), null, { timeout: 15000 });
    await page.click('#to-boom');
    let text = '';
    for (const until = Date.now() + 15000; Date.now() < until; await sleep(100)) {
      text = await page.evaluate(() => (document.getElementById('kit-dev-error') || { innerText: '' }).innerText).catch(() => '');
      if (text) break;
    }
    check('a client navigation to a server component that throws: the error page with its message',
      /Route \/boom/.test(text) && text.includes('dev-boom: thrown by Boom') && new URL(page.url()).pathname === '/boom', text.slice(0, 300) || page.url());
    await page.close();
  }

  // --- server errors: the error page shows them (and reloads once fixed) -------
  {
    const { page } = await fresh('/boom');
    const text = await page.evaluate(() => (document.getElementById('kit-dev-error') || document.body).innerText);
    check('a server component that throws: route and message', /Route \/boom/.test(text) && text.includes('dev-boom: thrown by Boom'), text.slice(0, 500));
    // the engine's stack frames name the app's files once they are mapped
    // through the chunks' line tables; before, they name .kit/server/ chunks
    if (/\(src\/app\/boom\/page\.tsx:\d+\)/.test(text))
      check('with the source line of the app file its stack names', text.includes('src/app/boom/page.tsx:2') && text.includes('throw new Error("dev-boom: thrown by Boom'), text.slice(0, 800));
    else
      console.log('SKIP: dev-overlay/the source line of the app file its stack names: the stack names no app file yet: ' + (/\([^()]*\.js:\d+\)/.exec(text) || [''])[0]);
    check('no overlay markup from the dev client on a server error page', (await overlayText(page)) === '', await overlayText(page));
    await page.close();
  }
  {
    const { page } = await fresh('/ssrfail');
    const text = await page.evaluate(() => (document.getElementById('kit-dev-error') || document.body).innerText);
    check('a client component failing during server rendering: its own message', text.includes('Widget threw Error: dev-ssr: Widget fails on the server'), text.slice(0, 500));
    if (/\(src\/app\/ssrfail\/Widget\.tsx:\d+\)/.test(text))
      check('with the source line of the app file its stack names', text.includes('throw new Error("dev-ssr: Widget fails on the server")'), text.slice(0, 800));
    else
      console.log('SKIP: dev-overlay/the client component\'s source line: the stack names no app file yet');
    await page.close();
  }

  // --- live reload ------------------------------------------------------------------
  {
    const { page } = await fresh('/');
    let documents = 0;
    page.on('request', (r) => { if (r.resourceType() === 'document') documents++; });
    const waitText = async (text, ms = 90000) => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const seen = await page.evaluate(() => document.body ? document.body.innerText : '').catch(() => '');
        if (seen.includes(text)) return true;
        await sleep(25);
      }
      return false;
    };
    for (const [i, text] of ['two', 'three'].entries()) {
      await sleep(i ? 1500 : 500);
      const t0 = Date.now();
      writePage(homePage(text));
      const ok = await waitText('dev-page: ' + text);
      const ms = Date.now() - t0;
      check(`an edit shows on the open page without a manual reload (${text})`, ok && documents > i, `after ${ms} ms, ${documents} document loads`);
      if (ok) console.log(`MEASURE: edit-to-reload ${ms} ms`);
    }
    await sleep(1500);
    writePage('export default function Home() {\n  return <p>dev-page: broken</h2>;\n}\n');
    const o = await overlayWith(page, ['Build failed', 'src/app/page.tsx:2'], 90000);
    check('a failed rebuild shows the overlay with the build error on the open page', o.ok, o.text.slice(0, 500));
    const t0 = Date.now();
    writePage(homePage('four'));
    const ok = await waitText('dev-page: four');
    check('the next good build clears it (the page reloads)', ok && (await overlayText(page)) === '', await overlayText(page));
    if (ok) console.log(`MEASURE: fix-to-reload ${Date.now() - t0} ms`);
    await page.close();
  }

  // --- in place: a server edit keeps client state; a client edit reloads ----------
  {
    const { page } = await fresh('/counter');
    let documents = 0;
    page.on('request', (r) => { if (r.resourceType() === 'document') documents++; });
    await page.waitForFunction(() => Object.keys(document.querySelector('#count') || {}).some((k) => k.startsWith('__reactProps')), null, { timeout: 15000 });
    for (let i = 0; i < 3; i++) await page.click('#count');
    const counterFile = path.join(app, 'src/app/counter/page.tsx');
    const clientFiles = () => page.evaluate(() => fetch('/_kit/dev/status.json', { cache: 'no-store' }).then((r) => r.json()).then((j) => j.client));
    const before = await clientFiles();
    const t0 = Date.now();
    fs.writeFileSync(counterFile, fs.readFileSync(counterFile, 'utf8').replace('dev-counter: one', 'dev-counter: two'));
    let seen = '';
    for (const until = Date.now() + 90000; Date.now() < until; await sleep(25)) {
      seen = await page.evaluate(() => document.body.innerText).catch(() => '');
      if (seen.includes('dev-counter: two')) break;
    }
    const ms = Date.now() - t0;
    await sleep(300);
    if (seen.includes('dev-counter: two') && (await clientFiles()) !== before)
      // esbuild does not always write the same browser files for the same
      // sources (its CommonJS interop of the Flight client): a reload is right then
      console.log('SKIP: dev-overlay/a server component edit in place: this rebuild changed the browser files');
    else
      check('a server component edit: the page shows it, in place (no document load), the client state kept',
        seen.includes('dev-counter: two') && seen.includes('count 3') && documents === 0, `${documents} document loads: ${seen.slice(0, 200)}`);
    if (seen.includes('dev-counter: two')) console.log(`MEASURE: edit-to-refresh-in-place ${ms} ms`);
    const countFile = path.join(app, 'src/app/counter/Count.tsx');
    fs.writeFileSync(countFile, fs.readFileSync(countFile, 'utf8').replace('count {n}', 'clicks {n}'));
    for (const until = Date.now() + 90000; Date.now() < until; await sleep(25)) {
      seen = await page.evaluate(() => document.body.innerText).catch(() => '');
      if (seen.includes('clicks 0')) break;
    }
    check('a client component edit: the page reloads (new browser files)', seen.includes('clicks 0') && documents >= 1,
      `${documents} document loads: ${seen.slice(0, 200)}`);
    await page.close();
  }
} catch (e) {
  fail('browser', String(e && e.stack || e).slice(0, 800));
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
