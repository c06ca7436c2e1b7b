// Drives Chromium against tests/styles/app served by kit-serve: computed
// styles after hydration and across client navigations; prints PASS/FAIL lines.
// usage: node check.mjs BASE_URL PLAYWRIGHT_CORE_DIR
import { browserCheck } from '../lib/browser-check.mjs';

await browserCheck('styles', async ({ base, page, report, expect, hydrated }) => {
  await page.goto(base + '/');
  await hydrated('button');
  const home = await page.evaluate(() => {
    const h1 = getComputedStyle(document.querySelector('h1'));
    const b = getComputedStyle(document.querySelector('button'));
    return { h1Color: h1.color, h1Size: h1.fontSize, buttonBorder: b.borderTopColor, bodyMargin: getComputedStyle(document.body).marginTop,
      sheets: [...document.querySelectorAll('link[rel=stylesheet]')].length };
  });
  expect('/: global CSS, the page\'s CSS Module (composes), a client component\'s CSS Module', home,
    { h1Color: 'rgb(200, 0, 0)', h1Size: '40px', buttonBorder: 'rgb(0, 0, 200)', bodyMargin: '0px', sheets: 3 });
  await page.click('button');
  await page.waitForFunction(() => document.querySelector('button').textContent === 'clicked 1', null, { timeout: 5000 }).catch(() => {});
  report('the client component is interactive', (await page.textContent('button')) === 'clicked 1' ? [] : ['no click']);
  // the first frame that shows /about's heading must have its styles already
  // (React loads a new stylesheet before it commits the page)
  const first = page.evaluate(() => new Promise((resolve) => {
    const seen = () => {
      const h1 = document.querySelector('h1');
      if (h1 && h1.textContent === 'about') {
        const s = getComputedStyle(h1);
        resolve({ weight: s.fontWeight, size: s.fontSize, spacing: s.letterSpacing, underline: s.textDecorationLine });
        return true;
      }
      return false;
    };
    if (!seen()) new MutationObserver((_, o) => { if (seen()) o.disconnect(); })
      .observe(document.body, { childList: true, subtree: true, characterData: true });
  }));
  await page.click('#about');
  const about = await Promise.race([first, new Promise((r) => setTimeout(() => r({ timeout: true }), 8000))]);
  expect('a client navigation to /about: Tailwind utilities and the page\'s stylesheet apply from its first frame', about,
    { weight: '700', size: '30px', spacing: '3px', underline: 'underline' });
  const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
  report('... without a document load', loads === 1 ? [] : [`${loads} navigations`]);
  await page.click('#home');
  await page.waitForFunction(() => document.querySelector('h1') && document.querySelector('h1').textContent === 'home', null, { timeout: 8000 }).catch(() => {});
  const back = await page.evaluate(() => ({ h1Color: getComputedStyle(document.querySelector('h1')).color }));
  expect('back home, the CSS Module still applies', back, { h1Color: 'rgb(200, 0, 0)' });
});
