import { connection } from '@kit/core/request';

// Intl needs ICU, loaded on first use: without it the call throws, the page goes on.
export default async function PortableIntl() {
  await connection();
  let text: string;
  try {
    text = 'formatted: ' + new Intl.NumberFormat('de-DE').format(1234.5);
  } catch (e) {
    text = 'error: ' + (e as Error).name + ': ' + (e as Error).message;
  }
  return <p id="intl">{text}</p>;
}
