// valgrind-requests.mjs BASE SET — the requests tests/suites/valgrind.sh
// sends to one kit-fcgi responder running under valgrind (behind kit-serve +
// lighttpd): one after the other, each checked for its status. SET "hello"
// (examples/hello): ~30 of every kind, one cut by the client after the first
// bytes of a streamed answer; "backend" (tests/backend/app with
// tests/backend/reference.py): rpc() batches, refusals, a timeout, forwarding.
// Prints "ok STATUS METHOD PATH" per request, or "bad ..." and exits 1.
import http from 'node:http';

const base = new URL(process.argv[2]);
const action = '91271c9df7c57e1b'; // src/app/notes/actions.ts
const multipart = '--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\nhello\r\n--XX\r\n'
  + 'Content-Disposition: form-data; name="f"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nabc\r\n--XX--\r\n';
const formPost = `--XX\r\nContent-Disposition: form-data; name="$ACTION_ID_${action}#addNote"\r\n\r\n\r\n`
  + '--XX\r\nContent-Disposition: form-data; name="text"\r\n\r\nfrom a form\r\n--XX--\r\n';

// [method, path, headers, body, expected status]
const hello = [
  ['GET', '/', {}, null, 200],
  ['GET', '/about', {}, null, 200],
  ['GET', '/streaming', {}, null, 200],
  ['GET', '/', { 'X-RSC': 'true' }, null, 200],
  ['GET', '/no/such/page', { Accept: 'text/html' }, null, 404],
  ['GET', '/broken', {}, null, 500],
  ['GET', '/old', {}, null, 307],
  ['GET', '/api/echo?q=hi', {}, null, 200],
  ['POST', '/api/echo', { 'Content-Type': 'application/json' }, '{"a":[1,2,"é"]}', 200],
  ['POST', '/api/echo', { 'Content-Type': 'multipart/form-data; boundary=XX' }, multipart, 200],
  ['POST', '/_rsc/action', { 'Content-Type': 'application/octet-stream', 'X-RSC-Action': `${action}#echo`, 'X-RSC-Content-Type': 'text/plain;charset=UTF-8' },
    '["hi",{"x":"$$y","n":[1,2.5,null,true]},"$undefined","$D2020-01-01T00:00:00.000Z","$NaN"]', 200],
  ['POST', '/_rsc/action', { 'X-RSC-Action': `${action}#echo`, 'X-RSC-Content-Type': 'text/plain' }, '["unterminated', 400],
  ['POST', '/notes', { 'Content-Type': 'multipart/form-data; boundary=XX', Cookie: 'notes=%5B%22first%22%5D' }, formPost, 200],
  ['GET', '/_rsc/ppr-shell?url=/whoami', {}, null, 200],
  ['POST', '/_rsc/ppr-resume?url=/whoami', { Cookie: 'name=grace' }, 'ignored', 200],
  ['GET', '/whoami', { Cookie: ';;=x; name; ===; name=grace; "=; %zz=1' }, null, 200],
  'cut /streaming',
  ['GET', '/async', {}, null, 200],
  ['GET', '/blog/hello-world', {}, null, 200],
  ['GET', '/docs/guide/install', {}, null, 200],
  ['GET', '/pricing', {}, null, 200],
  ['HEAD', '/about', {}, null, 200],
  ['GET', '/streaming', { 'X-RSC': 'true' }, null, 200],
  ['GET', '/blog', { Accept: 'text/html' }, null, 404],
  ['DELETE', '/api/echo', {}, null, 405],
  ['GET', '/_rsc/action', {}, null, 405],
  ['POST', '/_rsc/action', { 'X-RSC-Action': `${action}#echo`, 'X-RSC-Content-Type': 'text/plain' }, 'x'.repeat(9 << 20), 413],
  ['GET', '/whoami', { Cookie: 'name=ada' }, null, 200],
  ['GET', '/old', { 'X-RSC': 'true' }, null, 204],
  ['GET', '/about', {}, null, 200],
];

const login = 'name=alice';
const backend = [
  ['GET', '/single', {}, null, 200],
  ['GET', '/batch', {}, null, 200],
  ['GET', '/refusals', {}, null, 200],
  ['GET', '/refusals?single=1', {}, null, 200],
  ['GET', '/uncaught?kind=unauthorized', {}, null, 403],
  ['GET', '/uncaught?kind=redirect', {}, null, 307],
  ['GET', '/many', {}, null, 200],
  ['GET', '/cut', {}, null, 200],
  ['GET', '/hang', {}, null, 200], // RSC_HOST_CALL_TIMEOUT_MS=2000: ETIMEDOUT
  ['GET', '/guarded', {}, null, 401],
  ['GET', '/guarded', { Cookie: 'session=bob' }, null, 200],
  ['GET', '/cookie', { 'X-RSC': '1' }, null, 200],
  ['GET', '/not/a/route?q=1', { Cookie: 'session=bob' }, null, 200],
  ['POST', '/login', { 'Content-Type': 'application/x-www-form-urlencoded' }, login, 303],
  ['GET', '/missing', {}, null, 404],
  ['GET', '/batch', {}, null, 200],
];
const sets = { hello, backend };
const requests = sets[process.argv[3] || 'hello'];
if (!requests) { console.log(`bad: no request set ${process.argv[3]}`); process.exit(1); }

function send([method, path, headers, body]) {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, base), { method, headers, timeout: 300000 }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 300 s')));
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

// the client goes away after the first bytes of a streamed page
function cut(path) {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, base), (res) => {
      res.once('data', () => { req.destroy(); resolve(res.statusCode); });
    });
    req.on('error', (e) => (e.code === 'ECONNRESET' ? resolve('reset') : reject(e)));
  });
}

let bad = 0;
for (const r of requests) {
  try {
    if (typeof r === 'string') {
      const status = await cut(r.split(' ')[1]);
      console.log(`ok ${status} ${r} (the client went away mid-stream)`);
      continue;
    }
    const status = await send(r);
    if (status === r[4]) console.log(`ok ${status} ${r[0]} ${r[1]}`);
    else { console.log(`bad ${r[0]} ${r[1]}: status ${status}, expected ${r[4]}`); bad++; }
  } catch (e) {
    console.log(`bad ${typeof r === 'string' ? r : `${r[0]} ${r[1]}`}: ${e.message}`);
    bad++;
  }
}
process.exit(bad ? 1 : 0);
