import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';

const available = ['en-US', 'de', 'fr', 'cs', 'ja', 'ar'];
const headers = ['de-AT,de;q=0.9,en;q=0.8', 'fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5', 'cs', 'pt-BR,pt;q=0.9', 'ja-JP;q=0.5,ar;q=0.7', ''];

export default function Page() {
  return (
    <main id="compat">
      {headers.map((h) => {
        const languages = new Negotiator({ headers: { 'accept-language': h } }).languages().filter((l) => l !== '*');
        return <p key={h}>{h} → {JSON.stringify(languages)} → {match(languages, available, 'en-US')}</p>;
      })}
    </main>
  );
}
