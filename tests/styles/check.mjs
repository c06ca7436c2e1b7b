// Drives Chromium against tests/styles/app served by kit-serve: computed
// styles after hydration and across client navigations; prints PASS/FAIL lines.
// usage: node check.mjs BASE_URL PLAYWRIGHT_CORE_DIR
const base = process.argv[2];
const { chromium } = await import(process.argv[3] + '/index.mjs');
const report = (name, problems) =>
  console.log(problems.length ? `FAIL: styles: ${name}: ${problems.join('; ')}` : `PASS: styles: ${name}`);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const expect = (name, got, want) => report(name, Object.keys(want)
  .filter((k) => JSON.stringify(got[k]) !== JSON.stringify(want[k]))
  .map((k) => `${k}: got ${JSON.stringify(got[k])}, want ${JSON.stringify(want[k])}`));
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && !/^Failed to load resource/.test(m.text()))
      errors.push(`${m.type()}: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(base + '/');
  await page.waitForFunction(() => {
    const b = document.querySelector('button');
    return b && Object.keys(b).some((k) => k.startsWith('__reactFiber'));
  }, null, { timeout: 10000 }).catch(() => {});
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
  report('no errors or warnings in the browser (hydration included)', errors);
} finally {
  await browser.close();
}
