// Writes tests/metafiles/expect/ from Next.js's own serializer: the bytes of
// /robots.txt, /sitemap.xml and /manifest.webmanifest for the inputs of
// app/src/inputs.mjs, blog-sitemap-<id>.xml for each of its shards (the
// sitemaps of blog/sitemap.ts's generateSitemaps), and table.json (each input of its table serialized).
// tests/suites/metadata-files.sh compares kit's answers with these files.
// Not run by the tests (they have no network): run it again when the inputs
// change, in a scratch directory outside the repository:
//   npm install next@15 react react-dom
//   node tests/metafiles/next-expect.mjs <scratch>/node_modules/next tests/metafiles/expect
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { robots, sitemap, manifest, table, shards } from './app/src/inputs.mjs';

const [nextDir, out] = process.argv.slice(2);
if (!nextDir || !out) {
  console.error('usage: node next-expect.mjs NEXT_PACKAGE_DIR OUT_DIR');
  process.exit(2);
}
const require = createRequire(join(nextDir, 'package.json'));
const { resolveRobots, resolveSitemap, resolveManifest } =
  require(join(nextDir, 'dist/build/webpack/loaders/metadata/resolve-route-data.js'));
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'robots.txt'), resolveRobots(robots));
writeFileSync(join(out, 'sitemap.xml'), resolveSitemap(sitemap));
writeFileSync(join(out, 'manifest.webmanifest'), resolveManifest(manifest));
for (const id of Object.keys(shards)) writeFileSync(join(out, `blog-sitemap-${id}.xml`), resolveSitemap(shards[id]));
writeFileSync(join(out, 'table.json'), JSON.stringify({
  robots: table.robots.map(resolveRobots),
  sitemap: table.sitemap.map(resolveSitemap),
  manifest: table.manifest.map(resolveManifest),
}) + '\n');
console.log(`next ${require(join(nextDir, 'package.json')).version}: wrote ${out}`);
