import showdown from 'showdown';
import { sample } from '../../lib/sample';

export default function Page() {
  const converter = new showdown.Converter({ tables: true, strikethrough: true, tasklists: true, ghCodeBlocks: true });
  return <main id="compat" dangerouslySetInnerHTML={{ __html: converter.makeHtml(sample) }} />;
}
