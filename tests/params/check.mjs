// Drives Chromium against tests/params/app served by kit-serve: a [lang]
// root layout across client navigations; prints PASS/FAIL lines.
// usage: node check.mjs BASE_URL PLAYWRIGHT_CORE_DIR
const base = process.argv[2];
const { chromium } = await import(process.argv[3] + '/index.mjs');
const report = (name, problems) =>
  console.log(problems.length ? `FAIL: layout-params: ${name}: ${problems.join('; ')}` : `PASS: layout-params: ${name}`);
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
    if ((m.type() === 'error' || m.type() === 'warning') && !/^Failed to load resource/.test(m.text()))
      errors.push(`${m.type()}: ${m.text()}`);
  });
  page.on('response', (r) => { if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`${r.status()} ${r.url()}`); });
  const state = () => page.evaluate(() => ({
    lang: document.documentElement.lang,
    layout: document.querySelector('#layout-lang') && document.querySelector('#layout-lang').textContent,
    h1: document.querySelector('h1') && document.querySelector('h1').textContent,
    loads: performance.getEntriesByType('navigation').length,
    marker: window.__marker || null,
  }));
  const expect = (name, got, want) => report(name, Object.keys(want)
    .filter((k) => JSON.stringify(got[k]) !== JSON.stringify(want[k]))
    .map((k) => `${k}: got ${JSON.stringify(got[k])}, want ${JSON.stringify(want[k])}`));
  const go = async (id, h1) => {
    await page.click('#' + id);
    await page.waitForFunction((t) => document.querySelector('h1') && document.querySelector('h1').textContent === t,
      h1, { timeout: 8000 }).catch(() => {});
    await page.waitForTimeout(200);
    return state();
  };
  await page.goto(base + '/de');
  await page.waitForFunction(() => {
    const a = document.querySelector('#to-cs');
    return a && Object.keys(a).some((k) => k.startsWith('__reactFiber'));
  }, null, { timeout: 10000 }).catch(() => {});
  await page.evaluate(() => { window.__marker = 'kept'; });
  expect('/de as a document', await state(), { lang: 'de', layout: 'layout de', h1: 'home de' });
  expect('a client navigation to /cs renders the [lang] layout again (html lang)', await go('to-cs', 'home cs'),
    { lang: 'cs', layout: 'layout cs', h1: 'home cs', loads: 1, marker: 'kept' });
  expect('... to /cs/about keeps it (same lang)', await go('to-about', 'about cs'),
    { lang: 'cs', layout: 'layout cs', h1: 'about cs', loads: 1, marker: 'kept' });
  expect('... back to /de', await go('to-de', 'home de'), { lang: 'de', layout: 'layout de', h1: 'home de', loads: 1 });
  report('no errors or warnings in the browser', errors);
} finally {
  await browser.close();
}
