import { getDictionary } from '../../get-dictionary';
import type { Locale } from '../../i18n-config';
import Counter from '../../components/counter';
import LocaleSwitcher from '../../components/locale-switcher';

// a fixed moment, so that every build prints the same page
const RELEASE = new Date(Date.UTC(2026, 2, 14, 9, 30));

export default async function IndexPage(props: { params: Promise<{ lang: Locale }> }) {
  const { lang } = await props.params;
  const dictionary = await getDictionary(lang);
  const text = dictionary['server-component'];
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(RELEASE);
  const price = new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(3.5);
  const count = new Intl.NumberFormat(lang).format(12345);

  return (
    <main>
      <LocaleSwitcher />
      <p id="locale">Current locale: {lang}</p>
      <p id="welcome">This text is rendered on the server: {text.welcome}</p>
      <p id="today">{text.today.replace('{date}', date)}</p>
      <p id="price">{text.price.replace('{price}', price)}</p>
      <p id="visitors">{text.visitors.replace('{count}', count)}</p>
      <Counter dictionary={dictionary.counter} />
    </main>
  );
}
