// Drives Chromium against tests/next-middleware/app served by kit-serve: the
// locale redirect of a first visit, then client navigations the middleware
// redirects (204 + X-RSC-Redirect) or lets through with a request header;
// prints PASS/FAIL lines. usage: node check.mjs BASE_URL PLAYWRIGHT_CORE_DIR
import { browserCheck } from '../lib/browser-check.mjs';

await browserCheck('next-middleware', async ({ base, page, expect, hydrated }) => {
  await page.setExtraHTTPHeaders({ 'Accept-Language': 'de-AT,de;q=0.9,en;q=0.5' });
  const state = () => page.evaluate(() => ({
    path: location.pathname,
    h1: document.querySelector('h1') && document.querySelector('h1').textContent,
    seen: document.querySelector('#seen') && document.querySelector('#seen').textContent,
    lang: document.documentElement.lang,
    loads: performance.getEntriesByType('navigation').length,
  }));
  await page.goto(base + '/');
  await hydrated('#to-secret');
  expect('a first visit to / lands on /de (Accept-Language), the stored page', await state(),
    { path: '/de', h1: 'home de', lang: 'de', loads: 1 });
  const go = async (id, h1) => {
    await page.click('#' + id);
    await page.waitForFunction((t) => document.querySelector('h1') && document.querySelector('h1').textContent === t,
      h1, { timeout: 8000 }).catch(() => {});
    await page.waitForTimeout(200);
    return state();
  };
  expect('a client navigation to /en (stored) goes through the middleware', await go('to-en', 'home en'),
    { path: '/en', h1: 'home en', lang: 'en', loads: 1 });
  expect('... to /en/about: the page reads the request header the middleware set', await go('to-about', 'about en'),
    { path: '/en/about', h1: 'about en', seen: 'seen en', loads: 1 });
  expect('... to /de/secret without a session: redirected to /de without a reload', await go('to-secret', 'home de'),
    { path: '/de', h1: 'home de', lang: 'de', loads: 1 });
  // a rewrite: the page of /en/about under /old-about hydrates (usePathname is the URL shown)
  await page.goto(base + '/old-about');
  await hydrated('#to-secret');
  expect('/old-about (rewritten to /en/about) hydrates with its own path', await page.evaluate(() => ({
    path: location.pathname,
    h1: document.querySelector('h1').textContent,
    shown: document.querySelector('#path').textContent,
  })), { path: '/old-about', h1: 'about en', shown: 'path /old-about' });
});
