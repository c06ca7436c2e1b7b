// Runs tests/action/app/src/checks.ts in node: esbuild bundles it with
// @kit/core aliased to js/ (as kit-build does) and the app's node_modules.
// Usage: node unit-node.mjs <top_srcdir> <app_dir> <work_dir>
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import fs from 'node:fs';

const [top, app, work] = process.argv.slice(2).map((p) => path.resolve(p));
const require = createRequire(path.join(top, 'toolchain/package.json'));
const esbuild = require('esbuild');
const out = path.join(work, 'checks.node.mjs');
const entry = path.join(work, 'checks.node.entry.ts');
fs.writeFileSync(entry, `export { runChecks } from ${JSON.stringify(path.join(app, 'src/checks'))};\n` +
  `export { zod4Checks } from ${JSON.stringify(path.join(app, 'src/checks-zod4'))};\n`);
await esbuild.build({
  entryPoints: [entry], nodePaths: [path.join(app, 'node_modules')],
  bundle: true, format: 'esm', platform: 'node', outfile: out, logLevel: 'error',
  alias: { '@kit/core': path.join(top, 'js') },
});
const { runChecks, zod4Checks } = await import(pathToFileURL(out).href);
let failed = 0;
for (const r of await runChecks(zod4Checks)) {
  if (r.ok) console.log('PASS: action-client (node): ' + r.name);
  else { failed++; console.log('FAIL: action-client (node): ' + r.name + ': ' + r.why); }
}
process.exit(failed ? 1 : 0);
