// One sitemap per id: /blog/sitemap/0.xml and /blog/sitemap/7.xml.
import { shards } from '../../inputs.mjs';

export async function generateSitemaps() {
  return [{ id: 0 }, { id: 7 }];
}

export default function Sitemap({ id }: { id: string }) {
  return shards[id as unknown as 0 | 7] || [];
}
