// Drives Chromium against examples/blog served by kit-serve: the home page
// hydrates, a post opens by a client navigation (title, article, no second
// document load), the theme switch works and survives a reload, back returns
// home. Prints PASS/FAIL lines. usage: node blog-check.mjs BASE_URL PLAYWRIGHT_CORE_DIR
import { browserCheck } from '../lib/browser-check.mjs';

await browserCheck('example-blog', async ({ base, page, expect, hydrated }) => {
  const state = () => page.evaluate(() => ({
    title: document.title,
    h1: document.querySelector('h1') && document.querySelector('h1').textContent,
    posts: document.querySelectorAll('main h3 a').length,
    code: document.querySelector('article pre code') && document.querySelector('article pre code').className,
    dark: document.documentElement.classList.contains('dark'),
    mode: document.documentElement.getAttribute('data-mode'),
    button: document.querySelector('#theme-switch') && document.querySelector('#theme-switch').textContent,
    loads: performance.getEntriesByType('navigation').length,
    styled: getComputedStyle(document.querySelector('h1')).fontWeight,
  }));
  await page.goto(base + '/');
  const ok = await hydrated('#theme-switch');
  expect('the home page hydrates with its posts, styled by Tailwind', { ok, ...(await state()) },
    { ok: true, title: 'kit Blog Example with Markdown', h1: 'Blog.', posts: 3, styled: '700', button: 'system' });
  await page.click('main h3 a[href="/posts/hello-world"]');
  await page.waitForFunction(() => /Pre-render/.test(document.title), null, { timeout: 8000 }).catch(() => {});
  expect('a post opens by a client navigation, with its title and highlighted code block', await state(), {
    title: 'Learn How to Pre-render Pages Using Static Generation with kit | kit Blog Example with Markdown',
    h1: 'Learn How to Pre-render Pages Using Static Generation with kit', code: 'language-js', loads: 1,
  });
  await page.click('#theme-switch');
  await page.waitForTimeout(100);
  expect('the theme switch (a client component) turns the page dark', await state(), { dark: true, mode: 'dark', button: 'dark' });
  await page.reload();
  await hydrated('#theme-switch');
  expect('... and the choice survives a reload, applied before hydration', await state(), { dark: true, mode: 'dark', button: 'dark' });
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('h1') && document.querySelector('h1').textContent === 'Blog.', null, { timeout: 8000 }).catch(() => {});
  expect('back returns to the home page', await state(), { h1: 'Blog.', posts: 3 });
}, { ignore: [/\/favicon\.ico$/] });
