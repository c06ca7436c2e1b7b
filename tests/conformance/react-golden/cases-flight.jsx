// The Flight corpus: trees React's Flight server (react-server-dom-webpack,
// production) serialises into golden/flight/<name>.flight. Evaluated under
// `node --conditions react-server` (generate.mjs), so `react` here is React's
// server build. Each case: { name, about, model }. The trees, their prop
// order and their strings are the data of the corpus: changing one changes
// the golden bytes kit's tests compare with (tests/unit/flight_test.c).
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import { Fragment, Suspense } from 'react';
import { registerClientReference, registerServerReference } from 'react-server-dom-webpack/server';

// Client references as a bundler would make them for "use client" modules.
// React makes their properties non-configurable, so each needs its own
// function object.
function clientStub() {
  return () => { throw new Error('a client reference is not callable on the server'); };
}
export const Counter = registerClientReference(clientStub(), './src/Counter.js', 'Counter');
export const Widget = registerClientReference(clientStub(), './src/Widget.js', 'default');

// What the webpack plugin would write as the client manifest: keyed by
// "<module>#<export>" or by the module alone (the export then comes from the
// reference). chunks is a flat list of [chunk id, chunk file] pairs.
export const clientManifest = {
  './src/Counter.js#Counter': { id: 'c1', chunks: ['c1', '/static/c1.js'], name: 'Counter' },
  './src/Widget.js': { id: 'w2', chunks: [], name: '*' },
};

// A "use server" function.
async function like(id) { return id; }
registerServerReference(like, 'actions/like.js', 'like');

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function AsyncGreeting({ name }) {
  await wait(1);
  return <p>Hello {name}</p>;
}

async function Slow({ ms, children }) {
  await wait(ms);
  return <section>{children}</section>;
}

function Boom() {
  throw new Error('kaboom (secret server detail)');
}

async function AsyncBoom() {
  await wait(5);
  throw new Error('async kaboom');
}

function WithHints() {
  ReactDOM.preload('/font.woff2', { as: 'font', type: 'font/woff2', crossOrigin: '' });
  ReactDOM.preinit('/style.css', { as: 'style', precedence: 'default' });
  ReactDOM.prefetchDNS('https://cdn.example');
  return <img src="/hero.png" alt="hero" />;
}

// One object passed as two props: the second becomes a path reference.
const twice = { deep: { x: 1 } };

function sameElementTwice() {
  const el = <b>same</b>;
  return <div>{el}{el}</div>;
}

function formData() {
  const f = new FormData();
  f.append('k', 'v');
  return f;
}

export const cases = [
  {
    name: '01-host-props',
    about: 'a host element: class, style object, booleans, numbers, null and undefined props, raw HTML',
    model: (
      <div className="box" style={{ color: 'red', fontSize: 12, WebkitLineClamp: 2, '--my-var': '1px' }}
        hidden={true} tabIndex={0} title={null} id={undefined} data-x="y" aria-label="lbl">
        <span dangerouslySetInnerHTML={{ __html: '<b>raw</b>' }} />
        <input type="checkbox" defaultChecked disabled={false} />
        <label htmlFor="f">L</label>
      </div>
    ),
  },
  {
    name: '02-text-escapes',
    about: 'text children: HTML specials, non-ASCII and control characters, strings starting with $, empty string, numbers, -0, booleans, null',
    model: (
      <p title={'$dollar-attr'}>
        {'a < b & "c" \'d\' > e'}
        {'$1 $$ $'}
        {'日本語 😀 \u2028\u2029 nul:\u0000 tab:\t nl:\n bs:\\ </script>'}
        {''}
        {42}
        {-0}
        {true}{false}{null}
      </p>
    ),
  },
  {
    name: '03-array-keys',
    about: 'keyed children from map(), and an array nested in an array',
    model: <ul>{['a', 'b'].map((x) => <li key={x}>{x}</li>)}{[[<i key="n">n</i>]]}</ul>,
  },
  {
    name: '04-fragment',
    about: 'unkeyed fragments are flattened; a keyed one stays an element',
    model: (
      <>
        <h1>t</h1>
        <>{'a'}{'b'}</>
        <Fragment key="k"><em>k</em></Fragment>
      </>
    ),
  },
  {
    name: '05-client-ref-props',
    about: 'a client component given every kind of serialisable prop',
    model: (
      <Counter
        str="s" dollar="$x" num={1.5} neg={-3} zero={-0} nan={NaN} inf={Infinity} ninf={-Infinity}
        big={12345678901234567890n} date={new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6))}
        undef={undefined} nul={null} bool={false}
        obj={{ a: { b: [1, 'two', { c: null }] } }} arr={[1, [2, [3]]]}
        map={new Map([['k', 1], ['o', { z: 1 }]])} set={new Set(['x', 2])}
        sym={Symbol.for('my.sym')}
        typed={new Uint8Array([1, 2, 3])}
        shared1={twice} shared2={twice}
        promise={Promise.resolve('resolved later')}
        children={<b>child of client</b>}
      />
    ),
  },
  {
    name: '06-client-ref-twice',
    about: 'one client reference used twice, a default export, a client reference as a prop value',
    model: <div><Counter n={1} /><Counter n={2} /><Widget as={Counter} /></div>,
  },
  {
    name: '07-async-component',
    about: 'an async server component that settles before the first write',
    model: <main><AsyncGreeting name="Ada" /></main>,
  },
  {
    name: '08-suspense-slow',
    about: 'a Suspense boundary around a slow component: its row follows later',
    model: (
      <div>
        <Suspense fallback={<p>Loading…</p>}>
          <Slow ms={50}>slow content</Slow>
        </Suspense>
      </div>
    ),
  },
  {
    name: '09-error-in-suspense',
    about: 'a component throwing at once and one rejecting later: E rows carrying onError\'s digest',
    model: (
      <div>
        <Suspense fallback={<p>fb1</p>}><Boom /></Suspense>
        <Suspense fallback={<p>fb2</p>}><AsyncBoom /></Suspense>
      </div>
    ),
  },
  {
    name: '10-server-action-prop',
    about: 'a server reference as a client component prop (also bound) and as a form action',
    model: (
      <div>
        <Counter onLike={like} again={like} bound={like.bind(null, 7)} />
        <form action={like}><button>go</button></form>
      </div>
    ),
  },
  {
    name: '11-large-string',
    about: 'a string of 1024 UTF-16 units or more: a T row, its length in UTF-8 bytes',
    model: <pre>{'é'.repeat(600) + 'x'.repeat(500)}</pre>,
  },
  {
    name: '12-hints',
    about: 'preload/preinit/prefetchDNS in a server component, and an image: hint rows',
    model: <div><WithHints /></div>,
  },
  {
    name: '13-dedupe-element',
    about: 'one element object rendered twice',
    model: sameElementTwice(),
  },
  {
    name: '15-streams-and-misc',
    about: 'not an element: streams, iterators, an Error, FormData, Blob, a typed array, special numbers',
    model: {
      stream: new ReadableStream({ start(c) { c.enqueue('s1'); c.enqueue({ n: 2 }); c.close(); } }),
      iter: (async function* () { yield 'a'; yield 'b'; })(),
      syncIter: [1, 2][Symbol.iterator](),
      err: new Error('not sent in prod'),
      form: formData(),
      blob: new Blob(['hi'], { type: 'text/plain' }),
      i32: new Int32Array([1, -1]),
      nums: [NaN, Infinity, -Infinity, -0, 1e21, 0.1],
    },
  },
  {
    name: '14-plain-values',
    about: 'a root that is plain data: numbers, $-strings, Date, undefined, nested Map and Set',
    model: { a: 1, s: '$', d: new Date(0), u: undefined, list: [undefined, null], nested: new Map([[1, new Set([2])]]) },
  },
];
