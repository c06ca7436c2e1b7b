// Drives Chromium against examples/i18n served by kit-serve: / sends the
// browser to its language (the middleware), the locale switcher navigates
// on the client and the [lang] layout follows (<html lang>, dir), the
// counter (a client component) counts. Prints PASS/FAIL lines.
// usage: node i18n-check.mjs BASE_URL PLAYWRIGHT_CORE_DIR
import { browserCheck } from '../lib/browser-check.mjs';

await browserCheck('example-i18n', async ({ base, page, expect, hydrated }) => {
  const state = () => page.evaluate(() => ({
    path: location.pathname,
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    welcome: document.querySelector('#welcome') && document.querySelector('#welcome').textContent,
    count: document.querySelector('#count') && document.querySelector('#count').textContent,
    loads: performance.getEntriesByType('navigation').length,
  }));
  await page.setExtraHTTPHeaders({ 'Accept-Language': 'cs-CZ,cs;q=0.9,en;q=0.5' });
  await page.goto(base + '/');
  await hydrated('#increment');
  expect('/ sends a Czech browser to /cs (the middleware, Accept-Language matched with Intl)', await state(),
    { path: '/cs', lang: 'cs', dir: 'ltr', welcome: 'This text is rendered on the server: Ahoj' });
  await page.click('#increment');
  await page.click('#increment');
  expect('the counter (a client component) counts', await state(), { count: '2' });
  const go = async (locale, welcome) => {
    await page.click('#to-' + locale);
    await page.waitForFunction((w) => document.querySelector('#welcome') && document.querySelector('#welcome').textContent.endsWith(w),
      welcome, { timeout: 8000 }).catch(() => {});
    await page.waitForTimeout(100);
    return state();
  };
  expect('the switcher goes to /de on the client, and the [lang] layout sets <html lang="de">', await go('de', 'Hallo'),
    { path: '/de', lang: 'de', dir: 'ltr', loads: 1 });
  expect('... to /ar: lang="ar", dir="rtl"', await go('ar', 'مرحبا'), { path: '/ar', lang: 'ar', dir: 'rtl', loads: 1 });
  expect('... and back to /en', await go('en', 'Hello'), { path: '/en', lang: 'en', dir: 'ltr', loads: 1 });
});
