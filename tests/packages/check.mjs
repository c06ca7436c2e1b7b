// Drives Chromium against tests/packages/app served by kit-serve; prints PASS/FAIL lines.
// usage: node check.mjs BASE_URL PLAYWRIGHT_CORE_DIR
const base = process.argv[2];
const { chromium } = await import(process.argv[3] + '/index.mjs');
const report = (name, problems) =>
  console.log(problems.length ? `FAIL: packages: ${name}: ${problems.join('; ')}` : `PASS: packages: ${name}`);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    // a failed request is reported below with its URL
    if ((m.type() === 'error' || m.type() === 'warning') && !/^Failed to load resource/.test(m.text()))
      errors.push(`${m.type()}: ${m.text()}`);
  });
  // the browser asks for /favicon.ico by itself; the app has none
  page.on('response', (r) => { if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`${r.status()} ${r.url()}`); });
  await page.goto(base + '/');
  // hydrated: React attaches its fiber to the element
  const hydrated = await page.waitForFunction(() => {
    const el = document.querySelector('#name');
    return el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
  }, null, { timeout: 10000 }).then(() => true, () => false);
  await page.waitForTimeout(300);
  const name = await page.textContent('#name');
  report('the page hydrates and keeps the fallback data', [
    !hydrated && 'no React fiber on #name after 10 s',
    name !== 'Ada' && `#name is ${JSON.stringify(name)}`,
  ].filter(Boolean));
  report('no errors or warnings in the browser', errors);
} finally {
  await browser.close();
}
