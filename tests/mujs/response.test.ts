// Response.
import { test, eq, throws, rejects, ok, bytesOf, u8 } from './harness';

test('response/defaults', async function () {
  const r = new Response();
  eq([r.status, r.statusText, r.ok, r.redirected, r.type, r.url, r.bodyUsed], [200, '', true, false, 'default', '', false]);
  eq(r.body, null, 'no body');
  eq(r.headers.get('content-type'), null, 'no content-type');
  eq(await r.text(), '', 'empty text');
});

test('response/status-and-text', function () {
  const r = new Response('x', { status: 404, statusText: 'Not Found', headers: { 'X-A': '1' } });
  eq([r.status, r.statusText, r.ok, r.headers.get('x-a')], [404, 'Not Found', false, '1']);
  eq(new Response(null, { status: 299 }).ok, true, '299 ok');
  eq(new Response(null, { status: 300 }).ok, false, '300 not ok');
  eq(new Response('x', { status: 201.9 }).status, 201, 'truncated like an unsigned short');
});

test('response/bad-status-rangeerror', function () {
  throws(function () { new Response('x', { status: 199 }); }, 'RangeError', '199');
  throws(function () { new Response('x', { status: 600 }); }, 'RangeError', '600');
  throws(function () { new Response('x', { status: 0 }); }, 'RangeError', '0');
  throws(function () { new Response('x', { status: 'abc' as any }); }, 'RangeError', 'NaN');
  throws(function () { new Response('x', { statusText: 'a\nb' }); }, 'TypeError', 'bad statusText');
});

test('response/null-body-status', function () {
  throws(function () { new Response('x', { status: 204 }); }, 'TypeError', '204 with a body');
  throws(function () { new Response('', { status: 304 }); }, 'TypeError', 'an empty string is a body');
  eq(new Response(null, { status: 204 }).status, 204, '204 without body');
});

test('response/body-content-types', function () {
  eq(new Response('x').headers.get('content-type'), 'text/plain;charset=UTF-8', 'string');
  eq(new Response(new URLSearchParams('a=1')).headers.get('content-type'), 'application/x-www-form-urlencoded;charset=UTF-8', 'params');
  eq(new Response(new Blob(['x'], { type: 'image/png' })).headers.get('content-type'), 'image/png', 'typed blob');
  eq(new Response(new Blob(['x'])).headers.get('content-type'), null, 'untyped blob');
  eq(new Response(u8([1, 2])).headers.get('content-type'), null, 'bytes');
  eq(new Response('x', { headers: { 'content-type': 'text/csv' } }).headers.get('content-type'), 'text/csv', 'init wins');
});

test('response/text-json', async function () {
  eq(await new Response('{"a":1,"b":["\u00e9"]}').json(), { a: 1, b: ['\u00e9'] }, 'json');
  eq(await new Response(123 as any).text(), '123', 'other values are stringified');
  eq(await new Response('\ufeffabc').text(), 'abc', 'BOM dropped by text()');
  await rejects(new Response('nope').json(), 'SyntaxError', 'bad JSON');
  await rejects(new Response().json(), 'SyntaxError', 'empty body is not JSON');
});

test('response/read-twice-rejects', async function () {
  const r = new Response('x');
  await r.text();
  eq(r.bodyUsed, true, 'used');
  await rejects(r.text(), 'TypeError', 'text again');
  await rejects(r.arrayBuffer(), 'TypeError', 'arrayBuffer again');
  throws(function () { r.clone(); }, 'TypeError', 'clone');
});

test('response/arrayBuffer', async function () {
  const b = await new Response('A\u00e9\ud83d\ude00').arrayBuffer();
  eq(b.byteLength, 7, 'byteLength');
  eq(bytesOf(b), [0x41, 0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80], 'UTF-8 bytes');
  eq(bytesOf(b.slice(1, 3)), [0xc3, 0xa9], 'slice');
  eq((await new Response().arrayBuffer()).byteLength, 0, 'empty');
});

test('response/binary-body', async function () {
  const r = new Response(u8([0, 255, 0x80, 0x41]));
  eq(bytesOf(await r.clone().arrayBuffer()), [0, 255, 0x80, 0x41], 'bytes kept');
  eq(await r.text(), '\u0000\ufffd\ufffdA', 'invalid UTF-8 decodes to U+FFFD');
});

test('response/bytes-and-blob', async function () {
  const r = new Response('hi', { headers: { 'Content-Type': 'Text/Plain; Charset="UTF-8"' } });
  const b = await r.clone().blob();
  eq([b.size, b.type, await b.text()], [2, 'text/plain;charset=utf-8', 'hi'], 'blob');
  eq(bytesOf(await r.bytes()), [0x68, 0x69], 'bytes');
});

test('response/clone', async function () {
  const r = new Response('body', { status: 201, statusText: 'Made', headers: { a: '1' } });
  const c = r.clone();
  eq([c.status, c.statusText, c.headers.get('a')], [201, 'Made', '1'], 'fields');
  eq([await c.text(), await r.text()], ['body', 'body'], 'both readable');
  const e = Response.error().clone();
  eq([e.type, e.status], ['error', 0], 'error clone');
});

test('response/json-static', async function () {
  const r = Response.json({ a: 1, s: '\ud83d\ude00' }, { status: 201, headers: { 'x-a': '1' } });
  eq([r.status, r.headers.get('content-type'), r.headers.get('x-a')], [201, 'application/json', '1'], 'fields');
  eq(await r.json(), { a: 1, s: '\ud83d\ude00' }, 'round trip');
  const r2 = Response.json([1, '\ud83d\ude00']);
  eq(bytesOf(await r2.arrayBuffer()), [0x5b, 0x31, 0x2c, 0x22, 0xf0, 0x9f, 0x98, 0x80, 0x22, 0x5d], 'emoji as 4 UTF-8 bytes');
  eq(Response.json('x', { headers: { 'Content-Type': 'application/vnd.api+json' } }).headers.get('content-type'), 'application/vnd.api+json', 'own type kept');
  throws(function () { Response.json(undefined); }, 'TypeError', 'undefined is not JSON');
  throws(function () { Response.json(function () {}); }, 'TypeError', 'a function is not JSON');
  throws(function () { Response.json(1, { status: 204 }); }, 'TypeError', 'null body status');
});

test('response/redirect', function () {
  const r = Response.redirect('http://a.com/next?x=1 2');
  eq([r.status, r.headers.get('location'), r.body, r.type, r.redirected], [302, 'http://a.com/next?x=1%202', null, 'default', false], 'default 302');
  const statuses = [301, 302, 303, 307, 308];
  for (let i = 0; i < statuses.length; i++)
    eq(Response.redirect('http://a.com/', statuses[i]).status, statuses[i], 'status ' + statuses[i]);
  eq(Response.redirect(new URL('https://b.org/p')).headers.get('location'), 'https://b.org/p', 'URL object');
  throws(function () { Response.redirect('http://a.com/', 300); }, 'RangeError', '300');
  throws(function () { Response.redirect('http://a.com/', 200); }, 'RangeError', '200');
  throws(function () { Response.redirect('/relative'); }, 'TypeError', 'relative URL');
});

test('response/error', async function () {
  const r = Response.error();
  eq([r.type, r.status, r.statusText, r.ok, r.body], ['error', 0, '', false, null]);
  eq(await r.text(), '', 'empty');
});

test('response/body-stream', async function () {
  const r = new Response('abc');
  const body: any = r.body;
  ok(body !== null && body === r.body, 'same stream object');
  const reader = body.getReader();
  eq(body.locked, true, 'locked');
  await rejects(r.text(), 'TypeError', 'locked body cannot be read');
  const chunks: number[] = [];
  for (;;) {
    const x = await reader.read();
    if (x.done)
      break;
    chunks.push.apply(chunks, bytesOf(x.value));
  }
  eq(chunks, [0x61, 0x62, 0x63], 'all bytes');
  eq(r.bodyUsed, true, 'used');
});

test('response/proxy-body', async function () {
  const up = new Response('payload', { status: 201, headers: { 'x-up': '1' } });
  const down = new Response(up.body, up);
  eq([down.status, down.headers.get('x-up')], [201, '1'], 'init from a response');
  eq(await down.text(), 'payload', 'body passed on');
  eq(up.bodyUsed, true, 'upstream is used');
  throws(function () { new Response(up.body); }, 'TypeError', 'a used stream cannot be a body');
});

test('response/json-status-headers-and-errors', async function () {
  const r = Response.json({ a: [1, '\u00e9'] });
  eq(r.status + ' ' + r.statusText + ' ' + r.ok + ' ' + r.type, '200  true default');
  eq(r.headers.get('content-type'), 'application/json');
  eq(await r.text(), '{"a":[1,"\u00e9"]}');
  const c = Response.json([1], { status: 201, statusText: 'Made', headers: { 'Content-Type': 'application/x+json', 'x-a': '1' } });
  eq(c.status + ' ' + c.statusText + ' ' + c.headers.get('content-type') + ' ' + c.headers.get('x-a'), '201 Made application/x+json 1');
  eq(JSON.stringify(Array.from(Response.json(null, { headers: [['x-b', '2']] }).headers.keys())), '["content-type","x-b"]');
  throws(function () { Response.json(1, { status: 204 }); }, 'TypeError', 'a null-body status');
  throws(function () { Response.json(1, { status: 99 }); }, 'RangeError', 'a status out of range');
  throws(function () { Response.json(1, { statusText: 'a\nb' }); }, 'TypeError', 'a bad statusText');
  throws(function () { Response.json(undefined); }, 'TypeError', 'not serializable');
  const s = new Response('x');
  eq(s.headers.get('content-type'), 'text/plain;charset=UTF-8');
  s.headers.set('content-type', 'text/html');
  eq(s.headers.get('content-type'), 'text/html', 'the default content type can be changed');
  eq(new Response('x', { headers: { 'content-type': 'a/b' } }).headers.get('content-type'), 'a/b');
  eq(new Response(null).headers.has('content-type'), false);
  eq(JSON.stringify(Response.json({ k: 1 }).clone().headers.get('content-type')), '"application/json"');
});
