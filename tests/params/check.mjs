// Drives Chromium against tests/params/app served by kit-serve: a [lang]
// root layout across client navigations; prints PASS/FAIL lines.
// usage: node check.mjs BASE_URL PLAYWRIGHT_CORE_DIR
import { browserCheck } from '../lib/browser-check.mjs';

await browserCheck('layout-params', async ({ base, page, expect, hydrated }) => {
  const state = () => page.evaluate(() => ({
    lang: document.documentElement.lang,
    layout: document.querySelector('#layout-lang') && document.querySelector('#layout-lang').textContent,
    h1: document.querySelector('h1') && document.querySelector('h1').textContent,
    loads: performance.getEntriesByType('navigation').length,
    marker: window.__marker || null,
  }));
  const go = async (id, h1) => {
    await page.click('#' + id);
    await page.waitForFunction((t) => document.querySelector('h1') && document.querySelector('h1').textContent === t,
      h1, { timeout: 8000 }).catch(() => {});
    await page.waitForTimeout(200);
    return state();
  };
  await page.goto(base + '/de');
  await hydrated('#to-cs');
  await page.evaluate(() => { window.__marker = 'kept'; });
  expect('/de as a document', await state(), { lang: 'de', layout: 'layout de', h1: 'home de' });
  expect('a client navigation to /cs renders the [lang] layout again (html lang)', await go('to-cs', 'home cs'),
    { lang: 'cs', layout: 'layout cs', h1: 'home cs', loads: 1, marker: 'kept' });
  expect('... to /cs/about keeps it (same lang)', await go('to-about', 'about cs'),
    { lang: 'cs', layout: 'layout cs', h1: 'about cs', loads: 1, marker: 'kept' });
  expect('... back to /de', await go('to-de', 'home de'), { lang: 'de', layout: 'layout de', h1: 'home de', loads: 1 });
});
