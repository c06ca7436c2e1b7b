// Drives Chromium against the nuqs test app served by kit-serve; prints PASS/FAIL lines.
// usage: node check.mjs BASE_URL PLAYWRIGHT_CORE_DIR
const base = process.argv[2];
const { chromium } = await import(process.argv[3] + '/index.mjs');
const report = (name, problems) => console.log(problems.length ? `FAIL: nuqs: ${name}: ${problems.join('; ')}` : `PASS: nuqs: ${name}`);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
try {
  const page = await browser.newPage();
  const errors = [], reqs = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' && !/favicon|404/.test(m.text())) errors.push(m.text()); });
  page.on('request', (r) => { if (r.headers()['x-rsc']) reqs.push(r.url()); });
  await page.goto(base + '/?q=abc&page=3');
  await page.waitForFunction(() => document.querySelector('#sp') && document.querySelector('#sp').textContent.startsWith('sp='), null, { timeout: 10000 });
  const txt = async () => ({ url: page.url(), q: await page.textContent('#q'), page: await page.textContent('#page'), clicks: await page.textContent('#clicks'), sp: await page.textContent('#sp'), server: await page.textContent('#server') });
  const s0 = await txt();
  report('server-rendered state from the request query', [s0.q !== 'q=abc' && `q ${s0.q}`, s0.page !== 'page=3' && `page ${s0.page}`, s0.sp !== 'sp=abc' && `useSearchParams after hydration ${s0.sp}`].filter(Boolean));
  await page.click('#setq');
  await page.waitForFunction(() => document.querySelector('#q').textContent === 'q=hello', null, { timeout: 5000 }).catch(() => {});
  await page.waitForTimeout(300);
  const s1 = await txt();
  report('a shallow update changes only the URL and informs useSearchParams', [
    !s1.url.includes('q=hello') && `url ${s1.url}`, s1.sp !== 'sp=hello' && `useSearchParams ${s1.sp}`,
    s1.clicks !== 'clicks=1' && `client state ${s1.clicks}`, reqs.length !== 0 && `${reqs.length} payload request(s)`].filter(Boolean));
  await page.click('#next');
  await page.waitForFunction(() => document.querySelector('#server').textContent === 'server page=4', null, { timeout: 8000 }).catch(() => {});
  const s2 = await txt();
  report('a non-shallow update refetches the payload in place, keeping client state', [
    s2.server !== 'server page=4' && `server ${s2.server}`, s2.page !== 'page=4' && `page ${s2.page}`,
    s2.clicks !== 'clicks=1' && `client state ${s2.clicks}`, reqs.length !== 1 && `${reqs.length} payload requests`].filter(Boolean));
  report('no errors', errors);
} finally {
  await browser.close();
}
