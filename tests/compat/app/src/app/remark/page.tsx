import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import html from 'remark-html';
import { sample } from '../../lib/sample';

export default async function Page() {
  const file = await remark().use(remarkGfm).use(html, { sanitize: false }).process(sample);
  return <main id="compat" dangerouslySetInnerHTML={{ __html: String(file) }} />;
}
