// Request.
import { test, eq, throws, rejects, ok } from './harness';

test('request/defaults', function () {
  const r = new Request('http://a.com/x?y=1#frag');
  eq(r.method, 'GET', 'method');
  eq(r.url, 'http://a.com/x?y=1#frag', 'url');
  eq(r.body, null, 'body');
  eq(r.bodyUsed, false, 'bodyUsed');
  eq([r.cache, r.credentials, r.mode, r.redirect, r.referrer, r.referrerPolicy, r.integrity, r.destination, (r as any).duplex],
    ['default', 'same-origin', 'cors', 'follow', 'about:client', '', '', '', 'half'], 'fixed values');
  eq(r.keepalive, false, 'keepalive');
  eq(r.signal.aborted, false, 'signal');
  eq(Array.from(r.headers), [], 'headers');
});

test('request/url-parsed', function () {
  eq(new Request('HTTP://A.com/a/../b c').url, 'http://a.com/b%20c', 'normalized');
  eq(new Request(new URL('http://a.com/?q=1')).url, 'http://a.com/?q=1', 'URL object');
  throws(function () { new Request('/relative'); }, 'TypeError', 'relative URL', 'Failed to parse URL');
  throws(function () { new Request('http://u:p@a.com/'); }, 'TypeError', 'credentials');
});

test('request/method', function () {
  eq(new Request('http://a/', { method: 'post' }).method, 'POST', 'post');
  eq(new Request('http://a/', { method: 'dElEtE' }).method, 'DELETE', 'delete');
  eq(new Request('http://a/', { method: 'options' }).method, 'OPTIONS', 'options');
  eq(new Request('http://a/', { method: 'patch' }).method, 'patch', 'patch is not normalized');
  eq(new Request('http://a/', { method: 'PROPFIND' }).method, 'PROPFIND', 'extension method');
  throws(function () { new Request('http://a/', { method: 'CONNECT' }); }, 'TypeError', 'CONNECT');
  throws(function () { new Request('http://a/', { method: 'trace' }); }, 'TypeError', 'trace');
  throws(function () { new Request('http://a/', { method: 'bad method' }); }, 'TypeError', 'not a token');
});

test('request/get-head-no-body', function () {
  throws(function () { new Request('http://a/', { body: 'x' }); }, 'TypeError', 'GET');
  throws(function () { new Request('http://a/', { method: 'HEAD', body: 'x' }); }, 'TypeError', 'HEAD');
  eq(new Request('http://a/', { body: null }).body, null, 'null body is fine');
});

test('request/string-body', async function () {
  const r = new Request('http://a/', { method: 'POST', body: 'h\u00e9llo \ud83d\ude00' });
  eq(r.headers.get('content-type'), 'text/plain;charset=UTF-8', 'content-type');
  ok(r.body !== null, 'body is not null');
  eq(await r.text(), 'h\u00e9llo \ud83d\ude00', 'text');
  eq(r.bodyUsed, true, 'used');
});

test('request/content-type-kept', function () {
  const r = new Request('http://a/', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
  eq(r.headers.get('content-type'), 'application/json');
});

test('request/json', async function () {
  const r = new Request('http://a/', { method: 'PUT', body: '{"a":[1,"\u00e9"],"b":null}' });
  eq(await r.json(), { a: [1, '\u00e9'], b: null });
  await rejects(new Request('http://a/', { method: 'PUT', body: '{bad' }).json(), 'SyntaxError', 'bad JSON');
});

test('request/read-twice-rejects', async function () {
  const r = new Request('http://a/', { method: 'POST', body: 'x' });
  eq(await r.text(), 'x', 'first');
  await rejects(r.text(), 'TypeError', 'second text');
  await rejects(r.json(), 'TypeError', 'then json');
  await rejects(r.formData(), 'TypeError', 'then formData');
  await rejects(r.arrayBuffer(), 'TypeError', 'then arrayBuffer');
  throws(function () { r.clone(); }, 'TypeError', 'clone after read');
});

test('request/no-body-reads-empty', async function () {
  const r = new Request('http://a/');
  eq(await r.text(), '', 'text');
  eq(await r.text(), '', 'again: an absent body is never used');
  eq(r.bodyUsed, false, 'bodyUsed');
});

test('request/urlsearchparams-body', async function () {
  const r = new Request('http://a/', { method: 'POST', body: new URLSearchParams({ q: 'a b', e: '\u00e9' }) });
  eq(r.headers.get('content-type'), 'application/x-www-form-urlencoded;charset=UTF-8', 'content-type');
  const fd = await r.formData();
  eq([fd.get('q'), fd.get('e')], ['a b', '\u00e9'], 'formData');
});

test('request/clone', async function () {
  const r = new Request('http://a/p', { method: 'POST', body: 'data', headers: { 'x-a': '1' } });
  const c = r.clone();
  eq([c.method, c.url, c.headers.get('x-a')], ['POST', 'http://a/p', '1'], 'copied');
  ok(c.headers !== r.headers, 'own headers');
  c.headers.set('x-a', '2');
  eq(r.headers.get('x-a'), '1', 'independent headers');
  eq(await c.text(), 'data', 'clone body');
  eq(r.bodyUsed, false, 'original unread');
  eq(await r.text(), 'data', 'original body');
});

test('request/from-request', async function () {
  const a = new Request('http://a/p', { method: 'POST', body: 'moved', headers: { 'x-a': '1' } });
  const b = new Request(a);
  eq([b.method, b.url, b.headers.get('x-a')], ['POST', 'http://a/p', '1'], 'copied');
  eq(a.bodyUsed, true, 'the body moved out of a');
  eq(await b.text(), 'moved', 'b has it');
  throws(function () { new Request(a); }, 'TypeError', 'a cannot be used again');
  const c = new Request(new Request('http://a/', { method: 'POST', body: 'x' }), { method: 'PUT', headers: { 'x-b': '2' } });
  eq([c.method, c.headers.get('x-b'), c.headers.get('content-type')], ['PUT', '2', null], 'init overrides');
  throws(function () { new Request(new Request('http://a/', { method: 'POST', body: 'x' }), { method: 'GET' }); }, 'TypeError', 'GET with inherited body');
});

test('request/formdata-body', async function () {
  const fd = new FormData();
  fd.append('name', 'J\u00fcrgen');
  fd.append('file', new Blob(['<b>hi</b>'], { type: 'text/html' }), 'hi.html');
  const r = new Request('http://a/', { method: 'POST', body: fd });
  const ct = r.headers.get('content-type') as string;
  ok(/^multipart\/form-data; boundary=[-\w]+$/.test(ct), 'content-type ' + ct);
  const back = await r.formData();
  eq(back.get('name'), 'J\u00fcrgen', 'text field');
  const f = back.get('file') as File;
  eq([f.name, f.type, f.size, await f.text()], ['hi.html', 'text/html', 9, '<b>hi</b>'], 'file field');
});

test('request/signal-follows-init', function () {
  const ac = new AbortController();
  const r = new Request('http://a/', { signal: ac.signal });
  ok(r.signal !== ac.signal, 'own signal');
  eq(r.signal.aborted, false, 'not yet');
  ac.abort('why');
  eq([r.signal.aborted, r.signal.reason], [true, 'why'], 'follows');
  const c = r.clone();
  eq(c.signal.aborted, true, 'clone follows too');
  throws(function () { new Request('http://a/', { signal: {} as any }); }, 'TypeError', 'not a signal');
});
