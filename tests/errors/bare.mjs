// Drives Chromium against tests/errors/bare served by kit-serve: a client
// component that throws while the server renders it, with no error
// boundary at all. The document is the error shell (a 500); the browser
// renders the page from its rows: the page appears when only the server
// threw; when the browser throws too, nothing catches it and kit's
// application error page shows (as Next.js's "Application error" does).
// usage: node bare.mjs BASE_URL PLAYWRIGHT_CORE_DIR
import { browserCheck } from '../lib/browser-check.mjs';

// the documents that are meant to be 500s
const ignore = [/\/favicon\.ico$/, /^\/(both|server-only)$/];

await browserCheck('error-files (no boundary)', async ({ page, base, expect, problems }) => {
  const wait = (sel, timeout = 8000) => page.waitForSelector(sel, { timeout }).then(() => true, () => false);
  const state = () => page.evaluate(() => {
    const t = (s) => (document.querySelector(s) ? document.querySelector(s).textContent : null);
    return {
      shellId: document.documentElement.id,
      lang: document.documentElement.lang,
      layout: t('#bare-layout'),
      ok: t('#bomb-ok'),
      page: t('#server-only-page') || t('#both-page'),
      appError: t('#kit-application-error'),
      logged: (window.__kit_errors || []).map((e) => e.kind + ': ' + e.message),
    };
  });

  const r1 = await page.goto(base + '/server-only');
  const shown = await wait('#bomb-ok');
  expect('only the server throws: a 500, then the page rendered in the browser, no error',
    { status: r1.status(), shown, ...(await state()) },
    { status: 500, shown: true, shellId: '', lang: 'en', layout: 'bare layout', page: 'server-only page',
      ok: 'rendered in the browser', appError: null, logged: [] });

  const r2 = await page.goto(base + '/both');
  const failed = await wait('#kit-application-error');
  expect('the browser throws too: a 500, then kit\'s application error page, the error logged once as uncaught',
    { status: r2.status(), failed, ...(await state()) },
    { status: 500, failed: true, page: null, layout: null,
      appError: 'Application error: a client-side exception has occurred while loading ' + new URL(base).hostname +
        ' (see the browser console for more information).',
      logged: ['uncaught: bare bomb everywhere'] });
  // the intended console errors: kit's uncaught-error log and React's own
  // report of the error it could not recover from (nothing else)
  const intended = (p) => /^error: kit: uncaught error/.test(p) || /bare bomb everywhere/.test(p);
  const unexpected = problems.filter((p) => !intended(p));
  const seen = problems.length - unexpected.length;
  problems.length = 0;
  problems.push(...unexpected);
  expect('... the console has the intended error logs only', { seen: seen >= 1 }, { seen: true });
}, { ignore });
