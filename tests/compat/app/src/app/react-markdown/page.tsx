import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { sample } from '../../lib/sample';

export default function Page() {
  return (
    <main id="compat">
      <Markdown remarkPlugins={[remarkGfm]}>{sample}</Markdown>
    </main>
  );
}
