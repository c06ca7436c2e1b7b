// (b) kit's HTML against Fizz's golden HTML: every golden case without pending
// Suspense or client components has a page in tests/conformance/app; kit.cgi
// renders it and the result must equal golden/html/<case>.html token for token,
// attribute and style-declaration order included (compare.mjs).
//
// Usage: node golden-html.mjs <built app dir>
// Env:   KIT_TOP_BUILDDIR (kit.cgi), KIT_REACT_GOLDEN_DIR (default tests/conformance/react-golden/golden,
//        React's output: react-golden/README.md)
import fs from 'node:fs';
import path from 'node:path';
import { cases } from './cases.mjs';
import { compareHtml } from './compare.mjs';
import { cgi, stripFlightScripts, top } from './kit.mjs';

const appDir = path.resolve(process.argv[2] || 'app');
const goldenDir = path.join(process.env.KIT_REACT_GOLDEN_DIR || path.join(top.src, 'tests/conformance/react-golden/golden'), 'html');

// 14-document was rendered with bootstrapScriptContent and bootstrapModules:
// Fizz added a modulepreload link to <head> and two scripts to the end of <body>.
// kit has no such options (its own scripts are the inline Flight pushes, removed
// from our side), so these three pieces are removed from the golden side.
const goldenExtras = {
  '14-document': [
    '<link rel="modulepreload" fetchPriority="low" href="/client.js"/>',
    '<script id="_R_">window.BOOT=1</script>',
    '<script type="module" src="/client.js" async=""></script>',
  ],
};

let failed = 0;
const fail = (name, why) => { failed++; console.log(`FAIL: golden-html/${name}: ${why}`); };

for (const c of cases.filter((c) => c.golden)) {
  let expected;
  try { expected = fs.readFileSync(path.join(goldenDir, c.golden + '.html'), 'utf8'); } catch (e) {
    fail(c.name, `cannot read the golden file (${e.message}); set KIT_REACT_GOLDEN_DIR`);
    continue;
  }
  for (const piece of goldenExtras[c.golden] || []) {
    if (!expected.includes(piece)) { fail(c.name, `golden file changed: ${JSON.stringify(piece)} not found`); expected = null; break; }
    expected = expected.replace(piece, '');
  }
  if (expected === null) continue;

  let res;
  try { res = cgi(appDir, c.url); } catch (e) { fail(c.name, e.message); continue; }
  if (res.status !== 200) { fail(c.name, `status ${res.status}, expected 200: ${res.body.toString().slice(0, 300)} ${res.stderr.slice(0, 300)}`); continue; }
  if (!/^text\/html\b/.test(res.headers['content-type'] || '')) { fail(c.name, `Content-Type ${res.headers['content-type']}, expected text/html`); continue; }
  const body = res.body.toString('utf8');

  // The Flight rows are inlined where the client expects them: after the page
  // (fragment pages) or just before </body></html> (documents).
  const { html, spans } = stripFlightScripts(body);
  if (!spans.length) { fail(c.name, 'no inline Flight script <script>(self.__kit_f=self.__kit_f||[]).push(…)</script> in the answer'); continue; }
  const tail = html.slice(spans[0][0]);
  const wantTail = c.document ? '</body></html>' : '';
  if (tail !== wantTail) {
    fail(c.name, `the inline Flight scripts must come ${c.document ? 'just before </body></html>' : 'after the page'}, but ${JSON.stringify(tail.slice(0, 120))} follows the first one`);
    continue;
  }

  const diff = compareHtml(expected, html);
  if (diff) fail(c.name, diff);
  else console.log(`PASS: golden-html/${c.name}`);
}
process.exit(failed ? 1 : 0);
