// kit-serve --dev's error page in headless Chromium (tests/suites/dev.sh):
//
//   node tests/client/dev-reload.mjs --base URL --file FILE --text TEXT [--shot PNG]
//
// While the app's build is broken, loading / shows the build's diagnostics
// (status 500, naming FILE); the script then prints "READY" (the suite fixes
// the page) and waits, without navigating itself, until the page has
// reloaded by itself into the fixed build showing TEXT (at most 90 s).
// Prints "PASS: dev/<name>" / "FAIL: dev/<name>: why"; exits 1 on a failure.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const argv = process.argv.slice(2);
const opt = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : null);
const base = (opt('--base') || '').replace(/\/$/, '');
const file = opt('--file');
const text = opt('--text');
const shot = opt('--shot');
const chromiumPath = process.env.KIT_CHROMIUM || '/usr/bin/chromium';
if (!base || !file || !text) {
  console.log('FAIL: dev/setup: --base, --file and --text are required');
  process.exit(1);
}

const { chromium } = require('playwright-core');
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
let failed = 0;
const pass = (name) => console.log(`PASS: dev/${name}`);
const fail = (name, why) => { failed++; console.log(`FAIL: dev/${name}: ${why}`); };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

try {
  const page = await browser.newPage();
  let documents = 0;
  page.on('request', (r) => { if (r.resourceType() === 'document') documents++; });
  const res = await page.goto(base + '/');
  const body = await page.textContent('body');
  if (res.status() === 500 && (await page.title()) === 'Build failed' && body.includes(file))
    pass('the browser shows the failed build naming the file');
  else
    fail('the browser shows the failed build naming the file', `status ${res.status()}, body: ${body.slice(0, 300)}`);
  if (shot) await page.screenshot({ path: shot, fullPage: true });
  console.log('READY');
  const deadline = Date.now() + 90000;
  let seen = '';
  while (Date.now() < deadline) {
    try {
      seen = (await page.textContent('body')) || '';
      if (seen.includes(text)) break;
    } catch {
      // the page is reloading: ask again
    }
    await sleep(300);
  }
  if (seen.includes(text) && documents >= 2)
    pass('the error page reloads by itself into the fixed build');
  else
    fail('the error page reloads by itself into the fixed build',
      `after 90 s (${documents} document loads): ${seen.slice(0, 300)}`);
} catch (e) {
  fail('browser', String(e && e.message || e).slice(0, 500));
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
