import { sitemap } from '../inputs.mjs';

export default async function Sitemap() {
  return sitemap;
}
