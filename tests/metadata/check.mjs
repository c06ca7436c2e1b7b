// Drives Chromium against tests/metadata/app served by kit-serve: the head
// after hydration and after client navigations; prints PASS/FAIL lines.
// usage: node check.mjs BASE_URL PLAYWRIGHT_CORE_DIR
import { browserCheck } from '../lib/browser-check.mjs';

// the browser asks for the icons and /favicon.ico by itself; the app has none
const ignore = [/^\/(favicon\.ico|icon\.png|apple\.png)$/];

await browserCheck('metadata', async ({ base, page, expect, hydrated }) => {
  const head = () => page.evaluate(() => ({
    title: document.title,
    titles: document.head.querySelectorAll('title').length,
    description: [...document.head.querySelectorAll('meta[name="description"]')].map((m) => m.content),
    robots: [...document.head.querySelectorAll('meta[name="robots"]')].map((m) => m.content),
    og: [...document.head.querySelectorAll('meta[property="og:image"]')].map((m) => m.content),
    h1: document.querySelector('h1') && document.querySelector('h1').textContent,
    loads: performance.getEntriesByType('navigation').length,
  }));
  await page.goto(base + '/');
  await hydrated('#to-about');
  expect('the document\'s head', await head(), { title: 'Acme', titles: 1, description: ['The Acme site'], robots: [],
    og: ['https://acme.test/og.png'], h1: 'home' });
  const go = async (id, h1) => {
    await page.click('#' + id);
    await page.waitForFunction((t) => document.querySelector('h1') && document.querySelector('h1').textContent === t,
      h1, { timeout: 8000 }).catch(() => {});
    await page.waitForTimeout(200);
    return head();
  };
  expect('a client navigation to /about replaces the head\'s tags', await go('to-about', 'about'),
    { title: 'About | Acme', titles: 1, description: ['The Acme site'], robots: ['noindex, follow'], h1: 'about', loads: 1 });
  expect('... to /blog/one (stored, generateMetadata)', await go('to-one', 'post one'),
    { title: 'Post one | Acme', titles: 1, description: ['The Acme site — one'], robots: [], og: ['https://acme.test/og/one.png'], h1: 'post one', loads: 1 });
  expect('... to /blog/two (rendered per request)', await go('to-two', 'post two'),
    { title: 'Post two | Acme', titles: 1, description: ['The Acme site — two'], og: ['https://acme.test/og/two.png'], h1: 'post two', loads: 1 });
  expect('... and home again', await go('to-home', 'home'),
    { title: 'Acme', titles: 1, description: ['The Acme site'], robots: [], og: ['https://acme.test/og.png'], h1: 'home', loads: 1 });
  await page.goBack();
  await page.waitForFunction(() => document.title === 'Post two | Acme', null, { timeout: 8000 }).catch(() => {});
  expect('back restores the previous page\'s title', await head(), { title: 'Post two | Acme', titles: 1, h1: 'post two' });
}, { ignore });
