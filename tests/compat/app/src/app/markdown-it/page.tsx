import MarkdownIt from 'markdown-it';
import { sample } from '../../lib/sample';

export default function Page() {
  const md = new MarkdownIt({ html: true, linkify: true, typographer: true });
  const tokens = md.parse('# T\n\ntext', {}).map((t) => t.type).join(',');
  return <main id="compat"><div dangerouslySetInnerHTML={{ __html: md.render(sample) }} /><p>{tokens}</p></main>;
}
