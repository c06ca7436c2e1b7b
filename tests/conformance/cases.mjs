// The conformance corpus: every page of tests/conformance/app, the URL kit serves
// it at, and the params/searchParams React's own server must be given to render
// the same tree. `golden` names the file in tests/conformance/react-golden/golden/html/
// the page's HTML must match (golden-html.mjs); every case takes part in the
// Flight round trip (flight-roundtrip.mjs). `document`: the page renders <html>
// itself. `pendingSuspense`: kit streams a boundary's fallback first, so its HTML
// answer is not comparable with Fizz's all-ready output (flight-roundtrip.mjs
// skips the html-direct check).
const golden = (name, extra = {}) => ({ name, url: '/golden/' + name, module: 'golden/' + name, golden: name, ...extra });
const corpus = (name, extra = {}) => ({ name: 'corpus-' + name, url: '/corpus/' + name, module: 'corpus/' + name, ...extra });

export const cases = [
  golden('01-text-adjacent'),
  golden('02-escaping'),
  golden('03-attributes'),
  golden('04-style'),
  golden('05-void-elements'),
  golden('06-dangerous-html'),
  golden('07-fragments-arrays'),
  golden('08-suspense-ready'),
  golden('14-document', { document: true }),
  golden('17-form-and-misc'),
  corpus('async', { pendingSuspense: true }),
  corpus('keys'),
  corpus('dollar'),
  corpus('symbols'),
  corpus('unicode'),
  corpus('numbers'),
  corpus('number-strings'),
  corpus('booleans'),
  corpus('dangerous'),
  corpus('style'),
  corpus('elements'),
  corpus('deep'),
  corpus('large-list'),
  corpus('large-text'),
  corpus('actions'),
  corpus('templates'),
  {
    name: 'corpus-params',
    url: '/corpus/params/abc-1%C3%A9?q=hello%20world&n=1&tag=a&tag=b&empty=',
    module: 'corpus/params/[id]',
    params: { id: 'abc-1é' },
    searchParams: { q: 'hello world', n: '1', tag: ['a', 'b'], empty: '' },
  },
];

for (const c of cases) {
  c.params ??= {};
  c.searchParams ??= {};
}
