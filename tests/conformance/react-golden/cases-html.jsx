// The HTML corpus: trees react-dom/server (Fizz, production) renders into
// golden/html/<name>.html, every write kept in <name>.writes.json. Each case:
// { name, about, element, options? }; options.digest decides what onError
// returns (absent: "dgst-<n>", null: nothing). The trees, their prop order
// and their strings are the data of the corpus (tests/unit/html_test.c and
// tests/conformance/ compare kit's HTML with the output).
import * as React from 'react';
import { Fragment, Suspense, useId } from 'react';

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Suspends through use() on one promise per key, so a retried render finds
// the same promise settled.
const pending = new Map();
function useSlow(key, ms, value, failure) {
  if (!pending.has(key))
    pending.set(key, wait(ms).then(() => {
      if (failure) throw new Error(failure);
      return value;
    }));
  return React.use(pending.get(key));
}

function Slow({ id, ms, text }) {
  return <p>{useSlow(id, ms, text)}</p>;
}

function SlowFail({ id, ms }) {
  useSlow(id, ms, null, 'server-side failure');
  return null;
}

function Throws() {
  throw new Error('sync failure');
}

// An error marked with React 19.3's recoverable symbol: Fizz leaves the
// boundary to the browser without calling onError (an empty data-dgst).
function BrowserOnly() {
  const e = new Error('render me in the browser');
  e[Symbol.for('react.recoverable')] = true;
  throw e;
}

function Labelled() {
  const id = useId();
  return <label htmlFor={id}>lbl<input id={id} /></label>;
}

function Page({ children, title = 'T' }) {
  return (
    <html lang="en">
      <head><meta charSet="utf-8" /><title>{title}</title></head>
      <body>{children}</body>
    </html>
  );
}

const ignore = () => {};

export const cases = [
  {
    name: '01-text-adjacent',
    about: 'neighbouring texts and numbers get <!-- --> between them; empty values write nothing',
    element: <div>{'a'}{'b'}{1}{2n}<b />c{''}d{null}e{false}{['f', 'g']}</div>,
  },
  {
    name: '02-escaping',
    about: 'escaping of text and of attribute values',
    element: <div title={'<"&\'>'} data-x={"a'b"}>{'<script>&"\'></script>'}</div>,
  },
  {
    name: '03-attributes',
    about: 'props to attributes: renamed, boolean, booleanish, data/aria, dropped, form controls, SVG, javascript: URLs',
    element: (
      <div className="c" tabIndex={-1} hidden={true} data-b={true} data-n={null} aria-hidden={false}
        title={undefined} id="x" onClick={ignore} suppressHydrationWarning accessKey="k"
        contentEditable={true} draggable={false} spellCheck={true} autoCapitalize="off" translate="no"
        unknownAttr="u" unknownbool={true} inert={true}>
        <label htmlFor="i">L</label>
        <input id="i" type="checkbox" readOnly defaultChecked disabled={false} autoFocus maxLength={3} />
        <input type="text" defaultValue="dv" placeholder="p" />
        <input type="text" value="cv" onChange={ignore} />
        <textarea defaultValue="ta&lt;" />
        <select defaultValue="b"><option value="a">A</option><option value="b">B</option></select>
        <img src="/a.png" alt="" srcSet="/a.png 1x" crossOrigin="anonymous" />
        <svg viewBox="0 0 1 1" xmlnsXlink="http://www.w3.org/1999/xlink"><use xlinkHref="#s" strokeWidth={2} /></svg>
        <a href="javascript:alert(1)">js-url</a>
        <button formAction="/x" type="submit">b</button>
      </div>
    ),
  },
  {
    name: '04-style',
    about: 'a style object: names, units, vendor prefixes, custom properties, skipped values, escaping',
    element: <div style={{ color: 'red', fontSize: 12, lineHeight: 1.5, opacity: 0, zIndex: 3, flex: 1,
      marginTop: 0, width: '50%', WebkitTransition: 'x', msTransform: 'y', MozBoxSizing: 'z', '--Custom-Prop': 4,
      backgroundImage: 'url("a b.png")', display: null, border: undefined, padding: '', content: '"<&>"', gridArea: 2 }} />,
  },
  {
    name: '05-void-elements',
    about: 'elements without content close themselves',
    element: <div><br /><hr /><img src="i" /><input /><meta name="m" content="c" /><link rel="x" href="h" /><wbr /><area /><col /><embed /><source /><track /></div>,
  },
  {
    name: '06-dangerous-html',
    about: 'dangerouslySetInnerHTML, and text inside <script> and <style>',
    element: (
      <div>
        <span dangerouslySetInnerHTML={{ __html: '<b>raw & unescaped</b>' }} />
        <script dangerouslySetInnerHTML={{ __html: 'if (a < b && c) {}' }} />
        <style>{'a > b { color: red } </style>'}</style>
      </div>
    ),
  },
  {
    name: '07-fragments-arrays',
    about: 'fragments and arrays write no markers',
    element: <ul><>{['x', 'y'].map((k) => <li key={k}>{k}</li>)}</><Fragment key="f">z</Fragment></ul>,
  },
  {
    name: '08-suspense-ready',
    about: 'boundaries whose content is ready in the shell',
    element: <div><Suspense fallback={<i>fb</i>}><p>ready</p></Suspense><Suspense fallback="x">{'t1'}{'t2'}</Suspense></div>,
  },
  {
    name: '09-suspense-pending',
    about: 'a boundary still waiting at the shell, completed in a later write',
    element: <div><Suspense fallback={<i>loading</i>}><Slow id="s9" ms={30} text="done" /></Suspense></div>,
  },
  {
    name: '10-suspense-two-pending',
    about: 'two waiting boundaries completing at different times; the runtime is sent once',
    element: (
      <div>
        <Suspense fallback="l1"><Slow id="s10a" ms={20} text="A" /></Suspense>
        <Suspense fallback="l2"><Slow id="s10b" ms={40} text="B" /></Suspense>
      </div>
    ),
  },
  {
    name: '11-suspense-nested',
    about: 'a waiting boundary inside another; the inner one completes last',
    element: (
      <div>
        <Suspense fallback="outer-fb"><Slow id="s11a" ms={20} text="outer" />
          <Suspense fallback="inner-fb"><Slow id="s11b" ms={60} text="inner" /></Suspense></Suspense>
      </div>
    ),
  },
  {
    name: '12-suspense-error-sync',
    about: 'a component throwing while the shell renders, inside a boundary',
    element: <div><Suspense fallback={<i>err-fb</i>}><Throws /></Suspense></div>,
  },
  {
    name: '12b-suspense-error-empty-digest',
    about: 'the same with onError returning "": no data-dgst at all',
    element: <div><Suspense fallback={<i>client-only</i>}><Throws /></Suspense></div>,
    options: { digest: '' },
  },
  {
    name: '12d-suspense-browser-bailout',
    about: 'an error marked recoverable: data-dgst="" and no onError call',
    element: <div><Suspense fallback={<i>loading island</i>}><BrowserOnly /></Suspense></div>,
  },
  {
    name: '12c-suspense-error-no-digest',
    about: 'the same with onError returning nothing: no data-dgst',
    element: <div><Suspense fallback={<i>fb</i>}><Throws /></Suspense></div>,
    options: { digest: null },
  },
  {
    name: '13-suspense-error-async',
    about: 'a boundary that fails after the shell: an error script',
    element: <div><Suspense fallback={<i>err-fb</i>}><SlowFail id="s13" ms={20} /></Suspense></div>,
  },
  {
    name: '14-document',
    about: 'a whole <html> document with bootstrap scripts; title and meta in the head',
    element: <Page title="Doc"><main>hi</main></Page>,
    options: { bootstrapScriptContent: 'window.BOOT=1', bootstrapModules: ['/client.js'] },
  },
  {
    name: '15-document-suspense',
    about: 'a document with a waiting boundary: the completion comes before </body></html>',
    element: <Page><Suspense fallback={<p>loading</p>}><Slow id="s15" ms={30} text="late" /></Suspense></Page>,
  },
  {
    name: '16-useid',
    about: 'the ids useId gives',
    element: <div><Labelled /><Labelled /></div>,
  },
  {
    name: '17-form-and-misc',
    about: 'a form with a URL action, controlled checkbox, select and textarea, a disabled button',
    element: (
      <form action="/submit" method="post">
        <input type="checkbox" checked={true} onChange={ignore} />
        <select value="2" onChange={ignore}><option value="1">one</option><option value="2">two</option></select>
        <textarea value="v" onChange={ignore} />
        <button type="submit" disabled>go</button>
      </form>
    ),
  },
];
