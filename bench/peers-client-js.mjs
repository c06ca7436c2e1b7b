// bench/peers-client-js.mjs — the JavaScript a browser loads for one page
// (`make bench-peers`, bench/README.md): headless Chromium opens URL, waits
// until the page is idle and its counter button is hydrated (a click changes
// its number), and sums every script file it fetched, raw and gzip -9 each.
//
//   node bench/peers-client-js.mjs URL PLAYWRIGHT_CORE_DIR [CHROMIUM]
//
// Prints one line of JSON: {"files": N, "raw": bytes, "gzip": bytes,
// "hydrated": true|false, "urls": [...]}. Inline scripts (the Flight payload
// a page carries) are not files and are not counted.
import { gzipSync } from 'node:zlib';

const [url, pwDir, executablePath = '/usr/bin/chromium'] = process.argv.slice(2);
const { chromium } = await import(pwDir + '/index.mjs');
const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const button = page.locator('button.counter');
  const before = (await button.textContent())?.trim();
  // React handles the click once it hydrated the button: retry for 10 s
  let hydrated = false;
  for (let i = 0; i < 100 && !hydrated; i++) {
    await button.click();
    hydrated = (await button.textContent())?.trim() !== before;
    if (!hydrated) await page.waitForTimeout(100);
  }
  await page.waitForLoadState('networkidle');
  let raw = 0, gzip = 0;
  const urls = [];
  for (const r of scripts) {
    const body = await r.body();
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
    urls.push(new URL(r.url()).pathname);
  }
  console.log(JSON.stringify({ files: scripts.length, raw, gzip, hydrated, urls }));
} finally {
  await browser.close();
}
