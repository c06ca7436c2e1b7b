// The table of inputs through kit's serializers, as JSON (the suite compares
// each string with what Next.js's wrote).
import { manifestJson, robotsTxt, sitemapXml } from '@kit/core/server/metafiles';
import { table } from '../../inputs.mjs';

export function GET() {
  return Response.json({
    robots: table.robots.map(robotsTxt),
    sitemap: table.sitemap.map(sitemapXml),
    manifest: table.manifest.map(manifestJson),
  });
}
