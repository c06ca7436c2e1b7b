// Drives Chromium against tests/packages/app served by kit-serve; prints PASS/FAIL lines.
// usage: node check.mjs BASE_URL PLAYWRIGHT_CORE_DIR
import { browserCheck } from '../lib/browser-check.mjs';

await browserCheck('packages', async ({ base, page, report, hydrated }) => {
  await page.goto(base + '/');
  const ok = await hydrated('#name');
  await page.waitForTimeout(300);
  const name = await page.textContent('#name');
  report('the page hydrates and keeps the fallback data', [
    !ok && 'no React fiber on #name after 10 s',
    name !== 'Ada' && `#name is ${JSON.stringify(name)}`,
  ].filter(Boolean));
});
