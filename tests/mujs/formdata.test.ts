// FormData, Blob, File and formData() parsing (multipart and urlencoded).
import { test, eq, throws, rejects, ok } from './harness';

test('formdata/methods', function () {
  const fd = new FormData();
  fd.append('a', '1');
  fd.append('b', '2');
  fd.append('a', '3');
  eq(fd.get('a'), '1', 'get first');
  eq(fd.getAll('a'), ['1', '3'], 'getAll');
  eq(fd.get('zz'), null, 'get missing');
  eq(fd.getAll('zz'), [], 'getAll missing');
  eq(fd.has('b'), true, 'has');
  fd.set('a', '9');
  eq(Array.from(fd), [['a', '9'], ['b', '2']], 'set replaces the first and drops the rest, in place');
  fd.set('c', '4');
  fd.delete('b');
  eq(Array.from(fd.keys()), ['a', 'c'], 'keys after delete/set');
  eq(Array.from(fd.values()), ['9', '4'], 'values');
  eq(Array.from(fd.entries()), [['a', '9'], ['c', '4']], 'entries');
  const seen: string[] = [];
  fd.forEach(function (v, k, parent) { seen.push(k + '=' + v); ok(parent === fd, 'parent'); });
  eq(seen, ['a=9', 'c=4'], 'forEach in insertion order');
  fd.append('n', 5 as any);
  eq(fd.get('n'), '5', 'values are stringified');
});

test('formdata/files', async function () {
  const fd = new FormData();
  const file = new File(['con', 'tent'], 'a.txt', { type: 'Text/Plain', lastModified: 42 });
  fd.append('f', file);
  ok(fd.get('f') === file, 'a File is kept as is');
  fd.append('b', new Blob(['xy']));
  const b = fd.get('b') as File;
  ok(b instanceof File, 'a Blob becomes a File');
  eq([b.name, b.type, b.size], ['blob', '', 2], 'named blob');
  fd.append('r', file, 'renamed.txt');
  const r = fd.get('r') as File;
  eq([r.name, r.type, r.size, r.lastModified, await r.text()], ['renamed.txt', 'text/plain', 7, 42, 'content'], 'renamed copy');
  eq([file.name, file.lastModified], ['a.txt', 42], 'original untouched');
  throws(function () { (fd as any).append('x', 'y', 'name.txt'); }, 'TypeError', 'filename with a string value');
  throws(function () { (fd as any).append('only-name'); }, 'TypeError', 'one argument');
  throws(function () { new FormData({} as any); }, 'TypeError', 'not a form element');
});

test('formdata/blob-and-file', async function () {
  const b = new Blob(['h\u00e9', new Blob(['!']), '\ud83d\ude00'], { type: 'TEXT/HTML' });
  eq([b.size, b.type], [8, 'text/html'], 'UTF-8 size, lower-cased type');
  eq(await b.text(), 'h\u00e9!\ud83d\ude00', 'text');
  eq(await b.slice(1, 3).text(), '\u00e9', 'slice bytes');
  eq(await b.slice(-4).text(), '\ud83d\ude00', 'negative slice');
  eq(new Blob([], { type: 'a\u00e9' }).type, '', 'non-ASCII type dropped');
  eq(new Blob().size, 0, 'empty');
  const f = new File(['x'], 'n.bin');
  eq([f.name, f.size, f.type, typeof f.lastModified], ['n.bin', 1, '', 'number'], 'File');
  ok(f instanceof Blob, 'File is a Blob');
  throws(function () { new (File as any)(['x']); }, 'TypeError', 'File needs a name');
});

function multipart(boundary: string, body: string) {
  return new Response(body, { headers: { 'Content-Type': 'multipart/form-data; boundary=' + boundary } });
}

test('formdata/parse-multipart', async function () {
  const body = [
    '--XyZ',
    'Content-Disposition: form-data; name="title"',
    '',
    'Hello w\u00f6rld',
    '--XyZ',
    'Content-Disposition: form-data; name="a%22b"',
    '',
    'line1\r\nline2',
    '--XyZ',
    'Content-Disposition: form-data; name="upload"; filename="r\u00e9sum\u00e9.txt"',
    'Content-Type: text/markdown',
    '',
    '# hi',
    '--XyZ',
    'Content-Disposition: form-data; name="plain"; filename="notype.bin"',
    '',
    'raw',
    '--XyZ',
    'Content-Disposition: form-data; name="empty"',
    '',
    '',
    '--XyZ--',
    '',
  ].join('\r\n');
  const fd = await multipart('XyZ', body).formData();
  eq(fd.get('title'), 'Hello w\u00f6rld', 'UTF-8 text field');
  eq(fd.get('a"b'), 'line1\r\nline2', '%22 in the name, CRLF in the value');
  const up = fd.get('upload') as File;
  ok(up instanceof File, 'file part is a File');
  eq([up.name, up.type, up.size, await up.text()], ['r\u00e9sum\u00e9.txt', 'text/markdown', 4, '# hi'], 'file');
  const plain = fd.get('plain') as File;
  eq([plain.name, plain.type], ['notype.bin', 'text/plain'], 'file without Content-Type');
  eq(fd.get('empty'), '', 'empty value');
  eq(Array.from(fd.keys()), ['title', 'a"b', 'upload', 'plain', 'empty'], 'order');
});

test('formdata/parse-multipart-quoted-boundary', async function () {
  const r = new Response('--b b\r\nContent-Disposition: form-data; name="k"\r\n\r\nv\r\n--b b--\r\n',
    { headers: { 'content-type': 'multipart/form-data; boundary="b b"' } });
  eq((await r.formData()).get('k'), 'v');
});

test('formdata/multipart-round-trip', async function () {
  const fd = new FormData();
  fd.append('text', 'a\nb\rc');
  fd.append('na"me\n', 'v');
  fd.append('bin', new Blob([u8bytes()], { type: 'application/octet-stream' }), 'b.bin');
  fd.append('emoji', '\ud83d\ude00');
  const back = await new Request('http://a/', { method: 'POST', body: fd }).formData();
  eq(back.get('text'), 'a\r\nb\r\nc', 'newlines normalized to CRLF');
  eq(back.get('na"me\r\n'), 'v', 'name escaped and restored');
  eq(back.get('emoji'), '\ud83d\ude00', 'emoji');
  const bin = back.get('bin') as File;
  eq([bin.name, bin.size, bin.type], ['b.bin', 256, 'application/octet-stream'], 'binary file');
  const again = await new Response(bin).arrayBuffer();
  const view = new (globalThis as any).__u8ctor(again);
  let same = view.length === 256;
  for (let i = 0; i < 256 && same; i++) same = view[i] === i;
  ok(same, 'all 256 byte values survive');
});

function u8bytes(): any {
  const a: number[] = [];
  for (let i = 0; i < 256; i++) a.push(i);
  const g = globalThis as any;
  g.__u8ctor = Uint8Array;
  return new g.__u8ctor(a);
}

test('formdata/multipart-serialized-like-the-platform', async function () {
  const fd = new FormData();
  fd.append('a', 'x');
  fd.append('f', new Blob(['y'], { type: 'text/plain' }), 'f.txt');
  const r = new Request('http://a/', { method: 'POST', body: fd });
  const boundary = (r.headers.get('content-type') as string).split('boundary=')[1];
  eq(await r.text(), '--' + boundary + '\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n' +
    '--' + boundary + '\r\nContent-Disposition: form-data; name="f"; filename="f.txt"\r\nContent-Type: text/plain\r\n\r\ny\r\n' +
    '--' + boundary + '--\r\n');
});

test('formdata/malformed-multipart-typeerror', async function () {
  const part = 'Content-Disposition: form-data; name="a"\r\n\r\nv\r\n';
  await rejects(multipart('zz', 'garbage').formData(), 'TypeError', 'no delimiter');
  await rejects(multipart('zz', '--zz\r\n' + part).formData(), 'TypeError', 'no closing delimiter');
  await rejects(multipart('zz', '--zz\r\nX-Other: 1\r\n\r\nv\r\n--zz--\r\n').formData(), 'TypeError', 'no Content-Disposition');
  await rejects(multipart('zz', '--zz\r\nContent-Disposition: form-data; filename="f"\r\n\r\nv\r\n--zz--\r\n').formData(), 'TypeError', 'no name');
  await rejects(multipart('zz', '--zz\r\nContent-Disposition: form-data; name="a"\r\nv\r\n--zz--\r\n').formData(), 'TypeError', 'no blank line');
  await rejects(new Response('--zz\r\n' + part + '--zz--', { headers: { 'content-type': 'multipart/form-data' } }).formData(), 'TypeError', 'no boundary parameter');
  await rejects(multipart('zz', '').formData(), 'TypeError', 'empty body');
});

test('formdata/wrong-content-type', async function () {
  await rejects(new Response('a=1', { headers: { 'content-type': 'text/plain' } }).formData(), 'TypeError', 'text/plain');
  await rejects(new Response(new Blob(['a=1'])).formData(), 'TypeError', 'no content-type');
});

test('formdata/parse-urlencoded', async function () {
  const r = new Response('a=1&b=%F0%9F%98%80&c=x+y&&d&=e&f=%zz&g=%C3%A9%C3', {
    headers: { 'Content-Type': 'Application/X-WWW-Form-Urlencoded ; charset=utf-8' },
  });
  const fd = await r.formData();
  eq(Array.from(fd), [['a', '1'], ['b', '\ud83d\ude00'], ['c', 'x y'], ['d', ''], ['', 'e'], ['f', '%zz'], ['g', '\u00e9\ufffd']]);
  const empty = await new Response('', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData();
  eq(Array.from(empty), [], 'empty body');
});
