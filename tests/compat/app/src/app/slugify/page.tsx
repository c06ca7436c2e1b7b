import slugify from 'slugify';

const inputs = ['Hello World!', 'Žluťoučký kůň úpěl ďábelské ódy', 'Ärger über Öl & Süßes', 'I ♥ Dogs', "  what's  up?  "];

export default function Page() {
  return (
    <main id="compat">
      {inputs.map((s) => <p key={s}>{slugify(s)} | {slugify(s, { lower: true, strict: true })} | {slugify(s, { locale: 'de', replacement: '_' })}</p>)}
    </main>
  );
}
