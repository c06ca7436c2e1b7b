// The fixture app tested the way an app author tests theirs: node:test and
// @kit/core/testing, every request through the real renderer (kit.cgi).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, hostReply, HOST_MIDDLEWARE } from '@kit/core/testing';

const text = async (res) => (await res.text()).replace(/<!-- -->/g, '');

// A session is the cookie `session=<name>`; the guards read it like a backend would.
function user(headers) {
  const m = /(?:^|;\s*)session=([^;]+)/.exec(headers.get('cookie') || '');
  return m ? m[1] : null;
}

const host = {
  'Orders.recent': ({ args }) => Array.from({ length: args[0] ?? 2 }, (_, i) => ({ id: i + 1, total: (i + 1) * 10 })),
  'Orders.find': ({ args }) => (args[0] === 7 ? { id: 7, total: 70 } : hostReply.refuse(404, 'No such order.')),
  'Orders.place': ({ args }) => {
    const qty = args[0].qty;
    if (qty < 1) return hostReply.invalid({ qty: ['Order at least one.'], '': ['The form is incomplete.'] });
    if (qty > 100) return hostReply.refuse(429, 'Too many orders, slow down.');
    if (qty === 13) return hostReply.fail('The database is down.');
    return hostReply.revalidating({ id: 99 }, 'orders');
  },
  'Orders.cancel': ({ args }) => (args[0].id === '7' ? hostReply.redirect('/orders') : hostReply.invalid({ id: ['No such order.'] })),
  'Me.profile': ({ headers }) => (user(headers) ? { name: user(headers) } : hostReply.unauthenticated()),
  [HOST_MIDDLEWARE]: ({ args, headers }) => {
    for (const guard of args[0]) {
      if (guard === 'auth' && !user(headers)) return hostReply.unauthenticated();
      if (guard === 'can:admin' && user(headers) !== 'admin') return hostReply.redirect('/login?next=/admin');
    }
    return true;
  },
};

const app = await createTestApp({
  host,
  backend: async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/login' && request.method === 'POST')
      return new Response('welcome ' + (await request.text()), {
        status: 200, headers: { 'set-cookie': 'session=ada; Path=/; HttpOnly', 'x-from': 'backend' },
      });
    if (url.pathname === '/login')
      return new Response('the login form (fallback ' + request.headers.get('x-rsc-renderer-fallback') + ')', { headers: { 'x-from': 'backend' } });
    return new Response('the backend has no ' + url.pathname, { status: 404 });
  },
});
after(() => app.close());

test('a page renders what the host handler answered', async () => {
  const res = await app.fetch('/orders');
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /text\/html/);
  const body = await text(res);
  assert.match(body, /order 1: 10/);
  assert.match(body, /order 3: 30/);
  assert.deepEqual(app.calls.find((c) => c.function === 'Orders.recent').args, [3]);
});

test('a page without backend calls is served (stored at build time)', async () => {
  const res = await app.fetch('/');
  assert.equal(res.status, 200);
  assert.match(await text(res), /id="home"/);
});

test('a guarded page is refused with 401 without a session', async () => {
  const before = app.calls.length;
  const res = await app.fetch('/account');
  assert.equal(res.status, 401);
  assert.doesNotMatch(await text(res), /signed in as/);
  // the guard alone was asked: nothing of the page ran
  const asked = app.calls.slice(before);
  assert.deepEqual(asked.map((c) => c.function), [HOST_MIDDLEWARE]);
  assert.deepEqual(asked[0].args, [['auth']]);
});

test('a guarded page renders with a session', async () => {
  const res = await app.fetch('/account', { headers: { cookie: 'session=ada' } });
  assert.equal(res.status, 200);
  assert.match(await text(res), /signed in as ada/);
});

test('a guard answering a redirect gives 307 and Location', async () => {
  const res = await app.fetch('/admin', { headers: { cookie: 'session=ada' } });
  assert.equal(res.status, 307);
  assert.equal(res.headers.get('location'), '/login?next=/admin');
  assert.deepEqual(app.calls.findLast((c) => c.function === HOST_MIDDLEWARE).args, [['auth', 'can:admin']]);
  const admin = await app.fetch('/admin', { headers: { cookie: 'session=admin' } });
  assert.equal(admin.status, 200);
  assert.match(await text(admin), /admin area/);
});

test('refuse(404) is the not-found page with 404', async () => {
  const res = await app.fetch('/orders/5');
  assert.equal(res.status, 404);
  assert.match(await text(res), /no such page here/);
  const found = await app.fetch('/orders/7');
  assert.equal(found.status, 200);
  assert.match(await text(found), /order 7 costs 70/);
});

test('a validation refusal reaches the page as its own kind', async () => {
  const res = await app.fetch('/checkout?qty=0');
  assert.equal(res.status, 200);
  const body = await text(res);
  assert.match(body, /qty: Order at least one\./);
  assert.match(body, /<li>: The form is incomplete\.<\/li>/);
});

test('a throttle refusal reaches the page as its own kind; uncaught it answers 429', async () => {
  const res = await app.fetch('/checkout?qty=500');
  assert.match(await text(res), /slow down \(429\): Too many orders, slow down\./);
  const limited = await createTestApp({ host: { 'Orders.recent': () => hostReply.refuse(429, 'Easy.') } });
  try {
    const r = await limited.fetch('/limited');
    assert.equal(r.status, 429);
  } finally {
    await limited.close();
  }
});

test('fail() and revalidating() answers', async () => {
  assert.match(await text(await app.fetch('/checkout?qty=13')), /HostFailure 500: The database is down\./);
  assert.match(await text(await app.fetch('/checkout?qty=2')), /placed order 99/);
});

test('a call with no handler fails naming the function', async () => {
  const res = await app.fetch('/reports');
  assert.equal(res.status, 200);
  assert.match(await text(res), /HostFailure 500: no handler for Reports\.daily/);
  assert.match(app.log, /no handler for Reports\.daily/);
});

test('a handler that throws, or answers what JSON cannot carry, fails its call with the reason', async () => {
  const broken = await createTestApp({ host: { 'Reports.daily': () => { throw new Error('boom'); } } });
  const cyclic = {};
  cyclic.self = cyclic;
  const unencodable = await createTestApp({ host: { 'Reports.daily': () => cyclic } });
  try {
    assert.match(await text(await broken.fetch('/reports')), /HostFailure 500: the host handler for Reports\.daily threw: boom/);
    assert.match(await text(await unencodable.fetch('/reports')), /HostFailure 500: the answer of the host handler for Reports\.daily is not JSON/);
  } finally {
    await broken.close();
    await unencodable.close();
  }
});

test('the visitor\'s Cookie and Authorization reach the handlers, nothing else', async () => {
  const res = await app.fetch('/whoami', {
    headers: { cookie: 'theme=dark; session=grace', authorization: 'Bearer abc', 'x-other': 'not forwarded' },
  });
  assert.match(await text(res), /you are grace/);
  const call = app.calls.findLast((c) => c.function === 'Me.profile');
  assert.equal(call.headers.get('cookie'), 'theme=dark; session=grace');
  assert.equal(call.headers.get('authorization'), 'Bearer abc');
  // Cookie and Authorization only: not the secret, not the visitor's other headers
  assert.deepEqual([...call.headers.keys()], ['authorization', 'cookie']);
});

test('a URL the app does not own goes to backend(request)', async () => {
  const res = await app.fetch('/login');
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('x-from'), 'backend');
  assert.equal(await res.text(), 'the login form (fallback 1)');
  const post = await app.fetch('/login', { method: 'POST', body: 'name=ada', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  assert.equal(post.status, 200);
  assert.equal(await post.text(), 'welcome name=ada');
  assert.match(post.headers.get('set-cookie'), /session=ada/);
});

test('without backend a URL the app does not own answers 502', async () => {
  const bare = await createTestApp({ host });
  try {
    const res = await bare.fetch('/login');
    assert.equal(res.status, 502);
    assert.doesNotMatch(await res.text(), /127\.0\.0\.1/);
  } finally {
    await bare.close();
  }
});

test('the answer streams: a fast boundary arrives while a slow handler still runs', async () => {
  let release;
  const gate = new Promise((r) => (release = r));
  // a renderer that held the answer back would wait for the gate: open it
  // late, so that such a renderer fails the assertions below instead of hanging
  setTimeout(() => release(), 20000).unref();
  const streaming = await createTestApp({
    host: { 'Stats.fast': () => 42, 'Stats.slow': async () => { await gate; return 'done'; } },
  });
  try {
    const res = await streaming.fetch('/dashboard');
    assert.equal(res.status, 200);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    while (!/fast: 42/.test(seen.replace(/<!-- -->/g, ''))) {
      const { value, done } = await reader.read();
      assert.ok(!done, 'the answer ended before the fast boundary: ' + seen);
      seen += decoder.decode(value, { stream: true });
    }
    assert.doesNotMatch(seen, /slow: /);
    // both reads travelled as one batch
    assert.deepEqual(streaming.calls.map((c) => c.function + '/' + c.batch).sort(), ['Stats.fast/2', 'Stats.slow/2']);
    release();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += decoder.decode(value, { stream: true });
    }
    assert.match(seen.replace(/<!-- -->/g, ''), /slow: done/);
  } finally {
    release();
    await streaming.close();
  }
});

test('files of public/ and /_kit/static/ are answered like the web server does', async () => {
  const res = await app.fetch('/robots.txt');
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('x-kit-test'), 'static');
  assert.match(res.headers.get('content-type'), /^text\/plain/);
  assert.equal(await res.text(), 'User-agent: *\n');
  const missing = await app.fetch('/_kit/static/no-such-chunk.js');
  assert.equal(missing.status, 404);
  // not a file: a URL for kit (here forwarded to the backend, which has no such page)
  const page = await app.fetch('/no-such-page');
  assert.equal(page.status, 404);
  assert.equal(page.headers.get('x-kit-test'), null);
  assert.equal(await page.text(), 'the backend has no /no-such-page');
});

test('a POST reaches an API route with its body, query and headers', async () => {
  const res = await app.fetch('/api/notes?tag=x', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer t0k' },
    body: JSON.stringify({ text: 'héllo' }),
  });
  assert.equal(res.status, 201);
  assert.deepEqual(await res.json(), { text: 'héllo', tag: 'x', auth: 'Bearer t0k' });
  assert.deepEqual(res.headers.getSetCookie(), ['noted=1; Path=/']);
});

test('a navigation (X-RSC) refused by a guard redirect answers 204 + X-RSC-Redirect; HEAD has no body', async () => {
  const nav = await app.fetch('/admin', { headers: { 'x-rsc': '1', cookie: 'session=ada' } });
  assert.equal(nav.status, 204);
  assert.equal(nav.headers.get('x-rsc-redirect'), '/login?next=/admin');
  const head = await app.fetch('/orders', { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(head.body, null);
});

test('a server action from rsc-host.json posted as a form calls its backend function with the fields', async () => {
  const page = await app.fetch('/orders/cancel');
  assert.equal(page.status, 200);
  const field = /name="(\$ACTION_ID_[^"]+)"/.exec(await page.text());
  assert.ok(field, 'the form names its action');
  const form = new FormData();
  form.append(field[1], '');
  form.append('id', '7');
  form.append('tag', 'a');
  form.append('tag', 'b');
  const before = app.calls.length;
  const res = await app.fetch('/orders/cancel', { method: 'POST', body: form, headers: { origin: 'https://app.test' } });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get('location'), '/orders');
  const calls = app.calls.slice(before);
  assert.deepEqual(calls.map((c) => c.function), ['Orders.cancel']);
  assert.equal(calls[0].args[0].id, '7');
  assert.deepEqual(calls[0].args[0].tag, ['a', 'b']);
});

test('hostReply answers are the protocol fields', () => {
  assert.deepEqual(hostReply.unauthenticated(), { unauthenticated: true, error: 'Unauthenticated.' });
  assert.deepEqual(hostReply.unauthorized('Admins only.'), { unauthorized: true, error: 'Admins only.' });
  assert.deepEqual(hostReply.redirect('/login'), { redirect: '/login', redirectStatus: 307 });
  assert.deepEqual(hostReply.redirect('/x', 302), { redirect: '/x', redirectStatus: 302 });
  assert.deepEqual(hostReply.refuse(409), { error: 'Refused.', refusalStatus: 409 });
  assert.deepEqual(hostReply.invalid({ email: ['Bad.'] }), { validationErrors: { email: ['Bad.'] } });
  assert.deepEqual(hostReply.fail(), { error: 'Something went wrong.' });
  assert.deepEqual(hostReply.revalidating([1], 'orders', 'page'), { result: [1], revalidate: ['orders', 'page'] });
  assert.equal(HOST_MIDDLEWARE, '__rsc.middleware');
  // a refusal that could read as success is refused at once
  assert.throws(() => hostReply.refuse(200), RangeError);
  assert.throws(() => hostReply.redirect(''), TypeError);
});
