import { marked } from 'marked';
import { sample } from '../../lib/sample';

export default function Page() {
  const html = marked.parse(sample, { async: false, gfm: true }) as string;
  const inline = marked.parseInline('**inline** _md_ `x`') as string;
  return <main id="compat" dangerouslySetInnerHTML={{ __html: html + inline }} />;
}
