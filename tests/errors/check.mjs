// Drives Chromium against tests/errors/app served by kit-serve: error.tsx
// (server errors in the document and in navigations, reset() and retry()),
// a client component's error, a streamed error, not-found and forbidden
// pages on client navigation, global-error.tsx; prints PASS/FAIL lines.
// notFound(), forbidden() and unauthorized() inside a Suspense boundary
// (the fallback page in place, documents and navigations), a client
// component's error in the server's HTML phase (the error shell rendered in
// the browser), template.tsx (its state resets on navigation, the layout's
// does not).
// usage: node check.mjs BASE_URL PLAYWRIGHT_CORE_DIR
import { browserCheck } from '../lib/browser-check.mjs';

// the answers that are meant to be errors (the document of a failing page
// is a 500, not-found and forbidden pages are 404 and 403)
const ignore = [/\/favicon\.ico$/, /^\/dash\/(fail|missing|deny|ok|cbomb|cbomb2)$/];

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

  // 8. notFound(), forbidden(), unauthorized() inside a Suspense boundary:
  // the nearest fallback page in place of the segment, robots noindex
  const fallback = () => page.evaluate(() => {
    const t = (s) => (document.querySelector(s) ? document.querySelector(s).textContent : null);
    return {
      rootLayout: !!document.querySelector('#root-layout'),
      dashLayout: !!document.querySelector('#dash-layout'),
      inDash: !!document.querySelector('#dash-layout #dash-not-found'),
      notFound: t('#dash-not-found'),
      forbidden: t('#forbidden'),
      main: t('main h1'),
      before: !!document.querySelector('#before'),
      loading: !!document.querySelector('#s-loading'),
      home: t('#dash-home'),
      noindex: !!document.querySelector('head meta[name="robots"][content="noindex"]'),
      loads: performance.getEntriesByType('navigation').length,
      marker: window.__marker || null,
      logged: (window.__kit_errors || []).length,
    };
  });
  await page.goto(base + '/dash/smissing');
  expect('notFound() inside a Suspense boundary: dash/not-found.tsx in place of the page, in the dash layout',
    { shown: await wait('#dash-not-found'), ...(await fallback()) },
    { shown: true, inDash: true, before: false, loading: false, noindex: true, logged: 0 });
  await page.goto(base + '/dash/sdeny');
  expect('forbidden() inside one: the root forbidden.tsx in the root layout (dash has none)',
    { shown: await wait('#forbidden'), ...(await fallback()) },
    { shown: true, rootLayout: true, dashLayout: false, forbidden: 'forbidden (root forbidden.tsx)', noindex: true, logged: 0 });
  await page.goto(base + '/dash/swho');
  expect('unauthorized() inside one, no unauthorized.tsx: kit\'s default 401 page in the root layout',
    { shown: await wait('main h1'), ...(await fallback()) },
    { shown: true, rootLayout: true, dashLayout: false, main: '401', noindex: true, logged: 0 });
  await page.goto(base + '/dash');
  await hydrated('#to-smissing');
  await mark();
  await page.click('#to-smissing');
  expect('a client navigation to it: dash/not-found.tsx in the kept dash layout, no reload',
    { shown: await wait('#dash-not-found'), ...(await fallback()) },
    { shown: true, inDash: true, before: false, noindex: true, loads: 1, marker: 'kept', logged: 0 });
  await page.click('#to-dash');
  expect('... and on: the next navigation shows its page again',
    { shown: await wait('#dash-home'), ...(await fallback()) },
    { shown: true, notFound: null, home: 'dash home', loads: 1, marker: 'kept' });
  await page.click('#to-sdeny');
  expect('a navigation to forbidden() inside a boundary: the root forbidden.tsx replaces the dash layout',
    { shown: await wait('#forbidden'), ...(await fallback()) },
    { shown: true, dashLayout: false, rootLayout: true, loads: 1, marker: 'kept' });
  await page.click('#to-dash');
  expect('... and on to the dash page: the root fallback is gone, the dash layout back',
    { shown: await wait('#dash-home'), ...(await fallback()) },
    { shown: true, forbidden: null, dashLayout: true, home: 'dash home', loads: 1, marker: 'kept', logged: 0 });

  // 9. a client component that throws while the server renders it: the error
  // shell (500), rendered in the browser, where dash/error.tsx catches it
  const response = await page.goto(base + '/dash/cbomb');
  const caught = await wait('#dash-error');
  expect('a client component failing in the server\'s HTML phase: a 500 rendered in the browser, dash/error.tsx with the browser\'s message',
    { status: response.status(), caught, ...(await state()), shellId: await page.evaluate(() => document.documentElement.id),
      lang: await page.evaluate(() => document.documentElement.lang), rootLayout: !!(await page.$('#root-layout')) },
    { status: 500, caught: true, layout: true, message: 'client bomb everywhere', logged: ['caught'], shellId: '',
      lang: 'en', rootLayout: true });
  const response2 = await page.goto(base + '/dash/cbomb2');
  const ok2 = await wait('#bomb-ok');
  expect('... one that throws on the server only: the page, rendered in the browser, no error',
    { status: response2.status(), ok2, ...(await state()), text: await text('#bomb-ok') },
    { status: 500, ok2: true, error: false, layout: true, text: 'rendered in the browser', logged: [] });
  await hydrated('#to-smissing');
  await page.click('#to-dash');
  expect('... and the page rendered that way navigates', { shown: await wait('#dash-home'), ...(await state()) },
    { shown: true, home: 'dash home', loads: 1 });

  // 10. template.tsx: remounted on each navigation below its layout
  await page.goto(base + '/tpl/a');
  await hydrated('#template-count');
  await page.click('#layout-count');
  await page.click('#layout-count');
  await page.click('#template-count');
  const tpl = () => page.evaluate(() => ({
    layout: document.querySelector('#layout-count') && document.querySelector('#layout-count').textContent,
    template: document.querySelector('#template-count') && document.querySelector('#template-count').textContent,
    a: !!document.querySelector('#page-a'),
    b: !!document.querySelector('#page-b'),
    mounts: JSON.stringify(window.__mounts || {}),
    loads: performance.getEntriesByType('navigation').length,
  }));
  expect('template.tsx: the counters of the layout and the template', await tpl(),
    { layout: '2', template: '1', a: true, mounts: '{"layout-count":1,"template-count":1}' });
  await page.click('#to-b');
  await wait('#page-b');
  expect('... a navigation to a sibling page: the template\'s state resets and its effect runs again, the layout\'s stays',
    await tpl(), { layout: '2', template: '0', b: true, mounts: '{"layout-count":1,"template-count":2}', loads: 1 });
  await page.click('#template-count');
  await page.click('#to-a');
  await wait('#page-a');
  expect('... and back', await tpl(),
    { layout: '2', template: '0', a: true, mounts: '{"layout-count":1,"template-count":3}', loads: 1 });

  // a client-component template, below the root layout
  await page.goto(base + '/ctpl/x');
  await hydrated('#ctpl-count');
  await mark();
  await page.click('#ctpl-count');
  await page.click('#ctpl-count');
  const ctpl = () => page.evaluate(() => ({
    count: document.querySelector('#ctpl-count') && document.querySelector('#ctpl-count').textContent,
    x: !!document.querySelector('#page-x'),
    y: !!document.querySelector('#page-y'),
    marker: window.__marker || null,
  }));
  expect('a client-component template.tsx renders around its page', await ctpl(), { count: '2', x: true });
  await page.click('#to-y');
  await wait('#page-y');
  expect('... a navigation to a sibling page resets its state, no reload', await ctpl(),
    { count: '0', y: true, marker: 'kept' });

  // the intended error logs (kit: caught error …) are not problems; count them
  const intended = 2 /* document + navigation */ + 2 /* client: armed, reset too soon */ + streamedLogs.length +
    1 /* global */ + 1 /* the client component failing on the server and in the browser */;
  const logs = problems.filter((p) => /^error: kit: (caught|recoverable) error/.test(p));
  report('the console has the intended error logs only (the caught errors)',
    logs.length === intended ? [] : [`${logs.length} kit error logs, want ${intended}: ${JSON.stringify(logs)}`]);
  report('... a streamed error is logged once', streamedLogs.length === 1 ? [] : [JSON.stringify(streamedLogs)]);
  for (let i = problems.length - 1; i >= 0; i--) if (/^error: kit: (caught|recoverable) error/.test(problems[i])) problems.splice(i, 1);
}, { ignore });
