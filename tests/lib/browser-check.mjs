// browser-check.mjs — what the suites' Chromium checks share (tests/packages,
// styles, metadata, params): headless Chromium through playwright-core, a
// page that records every error, warning and failed request, and PASS/FAIL
// lines labelled like the suite's.
//
//   import { browserCheck } from '../lib/browser-check.mjs';
//   await browserCheck('styles', async ({ page, report, expect, problems }) => { … });
//
// argv: BASE_URL PLAYWRIGHT_CORE_DIR (as the suites pass them).
// ignore: URL paths whose failed requests are expected (the browser asks for
// /favicon.ico by itself; an app without one answers 404).
export async function browserCheck(label, fn, { ignore = [/\/favicon\.ico$/] } = {}) {
  const base = process.argv[2];
  const { chromium } = await import(process.argv[3] + '/index.mjs');
  const report = (name, problems) =>
    console.log(problems.length ? `FAIL: ${label}: ${name}: ${problems.join('; ')}` : `PASS: ${label}: ${name}`);
  // each key of want must be what got has (JSON equality)
  const expect = (name, got, want) => report(name, Object.keys(want)
    .filter((k) => JSON.stringify(got[k]) !== JSON.stringify(want[k]))
    .map((k) => `${k}: got ${JSON.stringify(got[k])}, want ${JSON.stringify(want[k])}`));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      // a failed request is reported below with its URL
      if ((m.type() === 'error' || m.type() === 'warning') && !/^Failed to load resource/.test(m.text()))
        problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400 && !ignore.some((re) => re.test(new URL(r.url()).pathname))) problems.push(`${r.status()} ${r.url()}`);
    });
    // React has hydrated the element (it carries a fiber)
    const hydrated = (sel, timeout = 10000) => page.waitForFunction((s) => {
      const el = document.querySelector(s);
      return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
    }, sel, { timeout }).then(() => true, () => false);
    await fn({ base, page, report, expect, problems, hydrated });
    report('no errors or warnings in the browser (hydration included)', problems);
  } finally {
    await browser.close();
  }
}
