// Drives Chromium against the app `kit-new demo` wrote, served by kit-serve
// --dev (tests/suites/kit-new.sh); prints PASS/FAIL lines.
// usage: node check.mjs BASE_URL PLAYWRIGHT_CORE_DIR
import { browserCheck } from '../lib/browser-check.mjs';

await browserCheck('kit-new', async ({ base, page, report, hydrated, problems }) => {
  await page.goto(base + '/');
  const ok = await hydrated('button.counter');
  const before = await page.textContent('button.counter');
  await page.click('button.counter');
  await page.click('button.counter');
  const after = await page.waitForFunction(
    () => document.querySelector('button.counter')?.textContent === 'Clicked 2 times', null, { timeout: 5000 },
  ).then(() => 'Clicked 2 times', () => null) ?? await page.textContent('button.counter');
  report('the counter hydrates and counts two clicks', [
    !ok && 'no React fiber on button.counter after 10 s',
    before !== 'Clicked 0 times' && `before the clicks it says ${JSON.stringify(before)}`,
    after !== 'Clicked 2 times' && `after two clicks it says ${JSON.stringify(after)}`,
  ].filter(Boolean));

  // the layout's Link: a client navigation (the document stays, the counter's
  // button goes), then back home
  await page.evaluate(() => { window.__kitNewMark = 1; });
  await page.click('nav a[href="/about"]');
  const about = await page.waitForSelector('h1:text("About demo")', { timeout: 10000 }).then(() => true, () => false);
  const kept = await page.evaluate(() => window.__kitNewMark === 1);
  report('Link navigates to /about without reloading the document', [
    !about && `no "About demo" heading: ${JSON.stringify(await page.textContent('main'))}`,
    !kept && 'the document was reloaded',
    page.url() !== base + '/about' && `the URL is ${page.url()}`,
  ].filter(Boolean));

  // React's development build (kit-serve --dev) warns "Each child in a list
  // should have a unique key" about an element of a list whose key nobody
  // checked: kit's development Flight shape carries React's `validated` flag
  // (docs/dev.md), so the page's static children (the layout's nav, the
  // page's paragraphs) give none. The check after this one fails on any
  // other warning.
  const keyWarning = /Each child in a list should have a unique "key" prop/;
  report('no React key warnings under --dev', problems.filter((p) => keyWarning.test(p)).map((p) => p.slice(0, 300)));
});
