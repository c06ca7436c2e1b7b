// Drives Chromium against tests/errors/app served by kit-serve: error.tsx
// (server errors in the document and in navigations, reset() and retry()),
// a client component's error, a streamed error, not-found and forbidden
// pages on client navigation, global-error.tsx; prints PASS/FAIL lines.
// usage: node check.mjs BASE_URL PLAYWRIGHT_CORE_DIR
import { browserCheck } from '../lib/browser-check.mjs';

// the answers that are meant to be errors (the document of a failing page
// is a 500, not-found and forbidden pages are 404 and 403)
const ignore = [/\/favicon\.ico$/, /^\/dash\/(fail|missing|deny|ok)$/];

await browserCheck('error-files', async ({ base, page, expect, report, problems, hydrated }) => {
  const text = (sel) => page.evaluate((s) => {
    const el = document.querySelector(s);
    return el ? el.textContent : null;
  }, sel);
  const state = () => page.evaluate(() => {
    const t = (s) => (document.querySelector(s) ? document.querySelector(s).textContent : null);
    return {
      layout: !!document.querySelector('#dash-layout'),
      layoutKept: !!document.querySelector('#dash-layout') && document.querySelector('#dash-layout').__mark === 1,
      error: !!document.querySelector('#dash-error'),
      message: t('#error-message'),
      recovered: t('#recovered'),
      home: t('#dash-home'),
      notFound: t('#dash-not-found'),
      forbidden: t('#forbidden'),
      loads: performance.getEntriesByType('navigation').length,
      marker: window.__marker || null,
      logged: (window.__kit_errors || []).map((e) => e.kind + (e.digest ? ' with digest' : '')),
    };
  });
  const wait = (sel, timeout = 8000) => page.waitForSelector(sel, { timeout }).then(() => true, () => false);
  const mark = () => page.evaluate(() => {
    window.__marker = 'kept';
    const l = document.querySelector('#dash-layout');
    if (l) l.__mark = 1;
  });
  // React's production message for a server component's error (#441): the
  // server's own message never reaches the browser
  const production = 'Minified React error #441; visit https://react.dev/errors/441 for the full message or use ' +
    'the non-minified dev environment for full errors and additional helpful warnings.';

  // 1. a document whose page fails above every Suspense boundary
  await page.goto(base + '/dash/fail');
  await hydrated('#retry');
  await page.waitForTimeout(200);
  await mark();
  expect('a failing page: dash/error.tsx inside the dash layout, the message replaced, one log', await state(),
    { layout: true, error: true, message: production, logged: ['caught with digest'], loads: 1 });
  const digest = await text('#error-digest');
  report('... error.digest is the server\'s digest', /^[0-9]+$/.test(digest || '') ? [] : [`digest ${digest}`]);

  // 2. reset() of a server error: the same error again (as in Next.js)
  await page.click('#reset');
  await page.waitForTimeout(300);
  expect('reset() of a server error shows the error again, logged once', await state(),
    { error: true, layoutKept: true, logged: ['caught with digest'] });

  // 3. retry() after the cause is fixed: the segment asked again, layout kept
  await page.evaluate(() => { document.cookie = 'fail=no; path=/'; });
  await page.click('#retry');
  await wait('#recovered');
  expect('retry() after the cause is fixed: the page, in the same layout, no reload', await state(),
    { error: false, recovered: 'fail page recovered', layoutKept: true, loads: 1, marker: 'kept' });

  // 4. navigations between segments
  await page.evaluate(() => { document.cookie = 'fail=; path=/; max-age=0'; });
  await page.click('#to-dash');
  await wait('#dash-home');
  await page.click('#to-fail');
  await wait('#dash-error');
  await page.waitForTimeout(200);
  expect('a client navigation to a failing page: dash/error.tsx, no reload', await state(),
    { layout: true, error: true, message: production, loads: 1, marker: 'kept',
      logged: ['caught with digest', 'caught with digest'] });
  await page.click('#to-dash');
  await wait('#dash-home');
  expect('... and on to another page of the segment: the page again', await state(),
    { error: false, home: 'dash home', loads: 1, marker: 'kept' });
  await page.click('#to-missing');
  await wait('#dash-not-found');
  expect('a client navigation to a page calling notFound(): dash/not-found.tsx, no reload', await state(),
    { layout: true, notFound: 'not in dash (dash/not-found.tsx)', loads: 1, marker: 'kept' });
  await page.click('#to-deny');
  await wait('#forbidden');
  expect('... to a page calling forbidden(): the root forbidden.tsx, no reload', await state(),
    { layout: false, forbidden: 'forbidden (root forbidden.tsx)', loads: 1, marker: 'kept' });

  // 5. an error of a client component in the browser; reset() once fixed
  await page.goto(base + '/dash/client');
  await hydrated('#arm');
  await page.click('#arm');
  await wait('#dash-error');
  expect('a client component that throws: dash/error.tsx with its own message', await state(),
    { error: true, message: 'the bomb went off', logged: ['caught'] });
  await page.click('#reset');
  await page.waitForTimeout(300);
  expect('... reset() while the cause is still there: the error again', await state(), { error: true });
  await page.evaluate(() => { window.__bomb = false; });
  await page.click('#reset');
  const back = await wait('#arm');
  expect('... reset() once the cause is gone: the page again', { back, ...(await state()) },
    { back: true, error: false });

  // 6. an error inside loading.tsx's Suspense boundary (streamed after the shell)
  await page.goto(base + '/dash/streamed');
  const streamed = await wait('#dash-error');
  expect('a page failing after the shell: dash/error.tsx replaces the loading fallback', { streamed, ...(await state()) },
    { streamed: true, layout: true, message: production });
  const streamedLogs = (await state()).logged;

  // 7. the root layout fails: global-error.tsx, then its retry() once fixed
  await page.evaluate(() => { document.cookie = 'root=boom; path=/'; });
  await page.goto(base + '/dash/ok');
  await hydrated('#global-retry');
  expect('the root layout fails: global-error.tsx, its own <html> and <body>', await page.evaluate(() => ({
    title: document.querySelector('#global-error') && document.querySelector('#global-error').textContent,
    rootLayout: !!document.querySelector('#root-layout'),
    lang: document.documentElement.lang,
  })), { title: 'global error', rootLayout: false, lang: 'en' });
  await page.evaluate(() => { document.cookie = 'root=; path=/; max-age=0'; });
  await page.click('#global-retry');
  const ok = await wait('#ok');
  expect('... retry() once fixed: the whole document again, no reload', await page.evaluate(() => ({
    ok: !!document.querySelector('#ok'),
    rootLayout: !!document.querySelector('#root-layout'),
    global: !!document.querySelector('#global-error'),
    loads: performance.getEntriesByType('navigation').length,
  })), { ok: true, rootLayout: true, global: false, loads: 1 });
  void ok;

  // the intended error logs (kit: caught error …) are not problems; count them
  const intended = 2 /* document + navigation */ + 2 /* client: armed, reset too soon */ + streamedLogs.length +
    1 /* global */;
  const logs = problems.filter((p) => /^error: kit: (caught|recoverable) error/.test(p));
  report('the console has the intended error logs only (the caught errors)',
    logs.length === intended ? [] : [`${logs.length} kit error logs, want ${intended}: ${JSON.stringify(logs)}`]);
  report('... a streamed error is logged once', streamedLogs.length === 1 ? [] : [JSON.stringify(streamedLogs)]);
  for (let i = problems.length - 1; i >= 0; i--) if (/^error: kit: (caught|recoverable) error/.test(problems[i])) problems.splice(i, 1);
}, { ignore });
