// Inputs for url's functions: kit's results (src/app/urls) must equal
// Node's (tests/suites/files.sh runs the same table in Node).
const PARSE = ['http://user:pw@Example.COM:8080/p/a/t/h?query=string&a=1&a=2#hash', '/just/a/path?x=1', '//host/p',
  'mailto:a@b.c', 'javascript:alert(1)', 'https://example.com', 'file:///etc/passwd', 'http://example.com/a b<c>',
  'HTTP://X.COM/p?q=1', 'relative/path#frag', '?q=1', 'http://[::1]:3000/x', 'http://a.com\\b\\c?d\\e', '/p?a=1&b=x+y&a=2&c',
  'http://x.com:/y', 'ftp://u@h/f;type=a', 'http://ex.com#only-hash', ''];
export const cases = [];
for (const s of PARSE) {
  cases.push(['parse', [s]]);
  cases.push(['parse', [s, true]]);
  cases.push(['parse', [s, false, true]]);
}
for (const o of [
  { protocol: 'https', hostname: 'example.com', pathname: '/some/path', query: { page: 1, format: 'json', list: ['a', 'b'] } },
  { protocol: 'http:', host: 'a.com:80', hash: 'x', search: 'y=1' },
  { protocol: 'mailto', pathname: 'a@b.c' }, { pathname: 'rel/x', search: '?q' }, { protocol: 'file', pathname: '/tmp/x' },
  { hostname: '::1', port: 8080, pathname: 'x' }, 'http://A.com/x?y#z'])
  cases.push(['format', [o]]);
for (const [a, b] of [['/one/two/three', 'four'], ['http://example.com/', '/one'], ['http://example.com/one', '/two'],
  ['http://a/b/c', '../d'], ['/a/b', '?q'], ['http://a/b', 'https://c/d'], ['a/b', '../../c']])
  cases.push(['resolve', [a, b]]);
for (const p of ['/tmp/a b/c.txt', '/x/y/', '/%41', '/#c?.txt', '/ü/€']) cases.push(['pathToFileURL', [p]]);
for (const u of ['file:///tmp/a%20b/c.txt', 'file:///%C3%BC', 'file://host/x', 'http://a/b', 'file:///a%2Fb'])
  cases.push(['fileURLToPath', [u]]);
for (const d of ['español.com', 'xn--espaol-zwa.com', 'EXAMPLE.com', '']) {
  cases.push(['domainToASCII', [d]]);
  cases.push(['domainToUnicode', [d]]);
}

function plain(v) {
  if (v && typeof v === 'object' && typeof v.href === 'string' && typeof v.searchParams === 'object') return v.href;
  if (v && typeof v === 'object') {
    const out = {};
    for (const k of Object.keys(v)) out[k] = v[k] && typeof v[k] === 'object' ? { ...v[k] } : v[k];
    return out;
  }
  return v;
}

// one line per case
export function run(url) {
  return cases.map(([f, args]) => {
    let r;
    try {
      r = JSON.stringify(plain(url[f](...args)));
    } catch (e) {
      r = 'throws ' + e.code;
    }
    return `${f} ${JSON.stringify(args)} ${r}`;
  }).join('\n');
}
