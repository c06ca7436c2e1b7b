// Drives Chromium against tests/metadata/app served by kit-serve: the head
// after hydration and after client navigations; prints PASS/FAIL lines.
// usage: node check.mjs BASE_URL PLAYWRIGHT_CORE_DIR
const base = process.argv[2];
const { chromium } = await import(process.argv[3] + '/index.mjs');
const report = (name, problems) =>
  console.log(problems.length ? `FAIL: metadata: ${name}: ${problems.join('; ')}` : `PASS: metadata: ${name}`);
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
  page.on('response', (r) => {
    const u = new URL(r.url());
    // the browser asks for the icons and /favicon.ico by itself; the app has none
    if (r.status() >= 400 && !/^\/(favicon\.ico|icon\.png|apple\.png)$/.test(u.pathname)) errors.push(`${r.status()} ${r.url()}`);
  });
  const head = () => page.evaluate(() => ({
    title: document.title,
    titles: document.head.querySelectorAll('title').length,
    description: [...document.head.querySelectorAll('meta[name="description"]')].map((m) => m.content),
    robots: [...document.head.querySelectorAll('meta[name="robots"]')].map((m) => m.content),
    og: [...document.head.querySelectorAll('meta[property="og:image"]')].map((m) => m.content),
    h1: document.querySelector('h1') && document.querySelector('h1').textContent,
    loads: performance.getEntriesByType('navigation').length,
  }));
  const expect = (name, got, want) => report(name, Object.keys(want)
    .filter((k) => JSON.stringify(got[k]) !== JSON.stringify(want[k]))
    .map((k) => `${k}: got ${JSON.stringify(got[k])}, want ${JSON.stringify(want[k])}`));
  await page.goto(base + '/');
  await page.waitForFunction(() => {
    const a = document.querySelector('#to-about');
    return a && Object.keys(a).some((k) => k.startsWith('__reactFiber'));
  }, null, { timeout: 10000 }).catch(() => {});
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
  report('no errors or warnings in the browser (hydration included)', errors);
} finally {
  await browser.close();
}
