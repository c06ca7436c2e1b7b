// Drives Chromium against tests/metafiles/app served by kit-serve: the icon
// links and Open Graph / twitter images of the head after hydration and after
// client navigations between segments with their own files; prints PASS/FAIL.
// usage: node check.mjs BASE_URL PLAYWRIGHT_CORE_DIR
import { browserCheck } from '../lib/browser-check.mjs';

// /icons links an icon the app does not have
const ignore = [/^\/own\.png$/];

await browserCheck('metadata-files', async ({ base, page, expect, hydrated }) => {
  const file = (u) => (u ? new URL(u, base).pathname.replace(/-[0-9A-F]+\./, '.') : null);
  const head = () => page.evaluate(() => ({
    title: document.title,
    icons: [...document.head.querySelectorAll('link[rel="icon"]')].map((l) => [l.getAttribute('href'), l.type, l.sizes.value]),
    apple: document.head.querySelectorAll('link[rel="apple-touch-icon"]').length,
    manifest: [...document.head.querySelectorAll('link[rel="manifest"]')].map((l) => l.getAttribute('href')),
    og: [...document.head.querySelectorAll('meta[property="og:image"]')].map((m) => m.content),
    tw: [...document.head.querySelectorAll('meta[name="twitter:image"]')].map((m) => m.content),
    alt: [...document.head.querySelectorAll('meta[name="twitter:image:alt"]')].map((m) => m.content),
    loads: performance.getEntriesByType('navigation').length,
  })).then((h) => ({ ...h, icons: h.icons.map(([href, type, sizes]) => [file(href), type, sizes]),
    og: h.og.map(file), tw: h.tw.map(file) }));
  const root = {
    icons: [['/_kit/static/favicon.ico', 'image/x-icon', '16x16'], ['/_kit/static/icon.png', 'image/png', '32x32'],
      ['/_kit/static/icon2.png', 'image/png', '64x64']],
    apple: 1, manifest: ['/manifest.webmanifest'], og: ['/_kit/static/opengraph-image.png'],
    tw: ['/_kit/static/opengraph-image.png'], alt: ['Acme rockets over the desert'],
  };
  await page.goto(base + '/');
  await hydrated('#to-guide');
  expect('the document\'s head', await head(), { title: 'Acme', ...root, loads: 1 });
  const go = async (id, title) => {
    await page.click('#' + id);
    await page.waitForFunction((t) => document.title === t, title, { timeout: 8000 }).catch(() => {});
    await page.waitForTimeout(200);
    return head();
  };
  expect('a client navigation to /docs/guide replaces the icon and the twitter image with its own',
    await go('to-guide', 'Guide | Acme'), {
      title: 'Guide | Acme', icons: [root.icons[0], ['/_kit/static/icon.svg', 'image/svg+xml', 'any']], apple: 1,
      manifest: root.manifest, og: root.og, tw: ['/_kit/static/twitter-image.gif'], alt: ['The guide, in one picture'], loads: 1,
    });
  expect('... to /icons: metadata.icons instead of the files, the favicon kept', await go('to-icons', 'Icons | Acme'), {
    title: 'Icons | Acme', icons: [root.icons[0], ['/own.png', '', '']], apple: 0, og: root.og, tw: root.tw, loads: 1,
  });
  expect('... and home again: the root\'s files', await go('to-home', 'Acme'), { title: 'Acme', ...root, loads: 1 });
}, { ignore });
