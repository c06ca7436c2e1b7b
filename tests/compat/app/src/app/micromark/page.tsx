import { micromark } from 'micromark';
import { sample } from '../../lib/sample';

export default function Page() {
  return <main id="compat" dangerouslySetInnerHTML={{ __html: micromark(sample, { allowDangerousHtml: true }) }} />;
}
