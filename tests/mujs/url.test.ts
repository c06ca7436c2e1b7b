// URL and URLSearchParams (core-js's implementation in kit).
import { test, eq, throws, ok } from './harness';

test('url/parse-absolute', function () {
  const u = new URL('https://user:pa%20ss@EXAMPLE.com:8080/a/./b/../c d?q=1 2#frag ment');
  eq(u.href, 'https://user:pa%20ss@example.com:8080/a/c%20d?q=1%202#frag%20ment', 'href');
  eq(u.origin, 'https://example.com:8080', 'origin');
  eq(u.protocol, 'https:', 'protocol');
  eq(u.host, 'example.com:8080', 'host');
  eq(u.hostname, 'example.com', 'hostname');
  eq(u.port, '8080', 'port');
  eq(u.pathname, '/a/c%20d', 'pathname');
  eq(u.search, '?q=1%202', 'search');
  eq(u.hash, '#frag%20ment', 'hash');
  eq(u.username, 'user', 'username');
  eq(u.password, 'pa%20ss', 'password');
  eq(String(u), u.href, 'toString');
  eq(u.toJSON(), u.href, 'toJSON');
});

test('url/default-port-dropped', function () {
  eq(new URL('http://a.com:80/').href, 'http://a.com/');
  eq(new URL('https://a.com:443').href, 'https://a.com/');
  eq(new URL('http://a.com:81').port, '81');
});

test('url/relative-against-base', function () {
  eq(new URL('../x?y#z', 'http://a.com/b/c/d').href, 'http://a.com/b/x?y#z');
  eq(new URL('/abs', 'http://a.com/b/c').href, 'http://a.com/abs');
  eq(new URL('?q', 'http://a.com/b/c?old#h').href, 'http://a.com/b/c?q');
  eq(new URL('#h2', 'http://a.com/b/c?q').href, 'http://a.com/b/c?q#h2');
  eq(new URL('//other.org/p', 'https://a.com/').href, 'https://other.org/p');
  eq(new URL('x', new URL('http://a.com/dir/')).href, 'http://a.com/dir/x');
});

test('url/relative-without-base-throws', function () {
  throws(function () { new URL('/path'); }, 'TypeError', 'no base');
  throws(function () { new URL('http://a b/'); }, 'TypeError', 'space in host');
  throws(function () { new URL('http://a.com:99999/'); }, 'TypeError', 'port out of range');
  throws(function () { new URL('x', 'not a base'); }, 'TypeError', 'bad base');
  eq(URL.canParse('/x'), false, 'canParse relative');
  eq(URL.canParse('/x', 'http://a/'), true, 'canParse with base');
});

test('url/hosts', function () {
  eq(new URL('http://münchen.de/').host, 'xn--mnchen-3ya.de', 'IDNA');
  eq(new URL('http://[::1]:3000/').host, '[::1]:3000', 'IPv6');
  eq(new URL('http://0x7f.1/').hostname, '127.0.0.1', 'IPv4 forms');
  eq(new URL('HTTP://A.COM').href, 'http://a.com/', 'lower-cased');
});

test('url/percent-encoding', function () {
  const u = new URL('http://a.com/ä/😀?ä=😀&q="<>\'#frag`x');
  eq(u.pathname, '/%C3%A4/%F0%9F%98%80', 'path');
  eq(u.search, '?%C3%A4=%F0%9F%98%80&q=%22%3C%3E%27', 'query (special scheme encodes \')');
  eq(u.hash, '#frag%60x', 'fragment');
  eq(new URL('http://a.com/a%2fb').pathname, '/a%2fb', 'existing escapes kept');
  eq(new URL('http://a.com/\ud83d\ude00').pathname, '/%F0%9F%98%80', 'escaped surrogate pair');
});

test('url/setters', function () {
  const u = new URL('http://a.com/p?x=1#h');
  u.search = 'k=v w';
  eq(u.href, 'http://a.com/p?k=v%20w#h', 'search');
  eq(u.searchParams.get('k'), 'v w', 'searchParams follows search');
  u.pathname = '/a b/c';
  eq(u.pathname, '/a%20b/c', 'pathname');
  u.hash = 'top';
  eq(u.hash, '#top', 'hash');
  u.hash = '';
  eq(u.href, 'http://a.com/a%20b/c?k=v%20w', 'empty hash');
  u.search = '';
  eq(u.href, 'http://a.com/a%20b/c', 'empty search');
  u.href = 'https://b.org/x';
  eq(u.host, 'b.org', 'href setter');
  u.port = '8443';
  u.hostname = 'c.net';
  eq(u.href, 'https://c.net:8443/x', 'host setters');
});

test('url/searchParams-live', function () {
  const u = new URL('http://a.com/?a=1');
  const p = u.searchParams;
  p.append('b', 'x y&z');
  eq(u.search, '?a=1&b=x+y%26z', 'append updates the URL');
  p.delete('a');
  eq(u.href, 'http://a.com/?b=x+y%26z', 'delete updates the URL');
  p.delete('b');
  eq(u.href, 'http://a.com/', 'emptied');
  u.search = '?c=3';
  eq(p.get('c'), '3', 'URL updates params');
  ok(u.searchParams === p, 'same object');
});

test('usp/construct', function () {
  eq(new URLSearchParams('?a=1&b=2&a=3').getAll('a'), ['1', '3'], 'from string');
  eq(new URLSearchParams([['x', '1'], ['y', '2']]).toString(), 'x=1&y=2', 'from pairs');
  eq(new URLSearchParams({ k: 'v' }).toString(), 'k=v', 'from record');
  eq(new URLSearchParams(new URLSearchParams('a=b')).toString(), 'a=b', 'from params');
  throws(function () { new URLSearchParams([['a']] as any); }, 'TypeError', 'bad pair');
  const p = new URLSearchParams('x=1');
  ok(p instanceof URLSearchParams && p.constructor === URLSearchParams, 'instanceof and constructor');
  ok(new URL('http://a/?b=2').searchParams instanceof URLSearchParams, "a URL's searchParams too");
  throws(function () { (URLSearchParams as any)('a=1'); }, 'TypeError', 'without new');
});

test('usp/decoding', function () {
  const p = new URLSearchParams('a=1+2&b=%F0%9F%98%80&c=%zz&d&=e&&f=%C3');
  eq(p.get('a'), '1 2', 'plus');
  eq(p.get('b'), '\ud83d\ude00', 'UTF-8 escape → surrogate pair');
  eq(p.get('c'), '%zz', 'bad escape kept');
  eq(p.get('d'), '', 'no value');
  eq(p.get(''), 'e', 'empty name');
  eq(p.get('f'), '\ufffd', 'truncated UTF-8');
  eq(p.get('nope'), null, 'missing');
});

test('usp/methods', function () {
  const p = new URLSearchParams('b=2&a=1&b=3');
  eq(p.size, 3, 'size');
  eq(p.has('a'), true, 'has');
  eq(p.has('b', '3'), true, 'has(name, value)');
  eq(p.has('b', '4'), false, 'has(name, other value)');
  p.set('b', '9');
  eq(p.toString(), 'b=9&a=1', 'set replaces all');
  p.append('c', 'x');
  p.delete('c', 'y');
  eq(p.get('c'), 'x', 'delete(name, other value) keeps');
  p.sort();
  eq(p.toString(), 'a=1&b=9&c=x', 'sort');
  const seen: string[] = [];
  p.forEach(function (v, k) { seen.push(k + '=' + v); });
  eq(seen, ['a=1', 'b=9', 'c=x'], 'forEach');
  eq(Array.from(p.keys()), ['a', 'b', 'c'], 'keys');
  eq(Array.from(p.values()), ['1', '9', 'x'], 'values');
  eq(Array.from(p.entries()), [['a', '1'], ['b', '9'], ['c', 'x']], 'entries');
  eq(Array.from(p), [['a', '1'], ['b', '9'], ['c', 'x']], 'iterable');
});

test('usp/encoding', function () {
  const p = new URLSearchParams();
  p.append('sp ace', "a+b=c&d/é*-._~!'()😀");
  p.append('esc', '\ud83d\ude00');
  eq(p.toString(), 'sp+ace=a%2Bb%3Dc%26d%2F%C3%A9*-._%7E%21%27%28%29%F0%9F%98%80&esc=%F0%9F%98%80');
  const q = new URLSearchParams();
  q.append('lone', '\ud800x');
  eq(q.toString(), 'lone=%EF%BF%BDx', 'lone surrogate → U+FFFD');
});

// Simple absolute URLs take url.ts's fast parser (parseSimpleURL); the ones
// beside them fall back to core-js's. Every field must be the platform's.
const FIELDS = ['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', 'origin'];
function fields(s: string): string {
  try {
    const u: any = new URL(s);
    return FIELDS.map(function (f) { return u[f]; }).join('|') + '|' + String(u.searchParams);
  } catch (e) {
    return 'throws ' + (e as Error).name;
  }
}

test('url/simple-absolute-fields', function () {
  eq(fields('http://127.0.0.1/bench/api'), 'http://127.0.0.1/bench/api|http:|||127.0.0.1|127.0.0.1||/bench/api|||http://127.0.0.1|');
  eq(fields('http://127.0.0.1/api/echo?q=1&r=a+b%20c'),
    'http://127.0.0.1/api/echo?q=1&r=a+b%20c|http:|||127.0.0.1|127.0.0.1||/api/echo|?q=1&r=a+b%20c||http://127.0.0.1|q=1&r=a+b+c');
  eq(fields('https://localhost:3000/api/items/123?sort=name&page=2'),
    'https://localhost:3000/api/items/123?sort=name&page=2|https:|||localhost:3000|localhost|3000|/api/items/123|?sort=name&page=2||https://localhost:3000|sort=name&page=2');
  eq(fields('http://a/'), 'http://a/|http:|||a|a||/|||http://a|');
  eq(fields('https://x.example.com:8443/p?'), 'https://x.example.com:8443/p?|https:|||x.example.com:8443|x.example.com|8443|/p|||https://x.example.com:8443|');
  eq(fields('http://a//b/'), 'http://a//b/|http:|||a|a||//b/|||http://a|');
  eq(fields('http://a/b;c=d/e!$&()*+,:@~_-'), 'http://a/b;c=d/e!$&()*+,:@~_-|http:|||a|a||/b;c=d/e!$&()*+,:@~_-|||http://a|');
  eq(fields('http://a/b?!$&()*+,;=:@/?~_-.'), 'http://a/b?!$&()*+,;=:@/?~_-.|http:|||a|a||/b|?!$&()*+,;=:@/?~_-.||http://a|%21%24=&%28%29*+%2C%3B=%3A%40%2F%3F%7E_-.');
  eq(fields('http://a/x%2ey/.x/..x/%zz'), 'http://a/x%2ey/.x/..x/%zz|http:|||a|a||/x%2ey/.x/..x/%zz|||http://a|');
  eq(fields('http://a.b1/'), 'http://a.b1/|http:|||a.b1|a.b1||/|||http://a.b1|');
  eq(fields('http://1a.com/'), 'http://1a.com/|http:|||1a.com|1a.com||/|||http://1a.com|');
  eq(fields('http://255.255.255.255/'), 'http://255.255.255.255/|http:|||255.255.255.255|255.255.255.255||/|||http://255.255.255.255|');
  eq(fields('ws://a:81/'), 'ws://a:81/|ws:|||a:81|a|81|/|||ws://a:81|');
  eq(fields('ftp://h:22/f'), 'ftp://h:22/f|ftp:|||h:22|h|22|/f|||ftp://h:22|');
});

test('url/simple-absolute-ports', function () {
  eq(new URL('http://a:80/x').href, 'http://a/x');
  eq(new URL('http://a:080/x').href, 'http://a/x');
  eq(new URL('https://a:443/x').href, 'https://a/x');
  eq(new URL('wss://a:443/x').href, 'wss://a/x');
  eq(new URL('ftp://a:21/x').href, 'ftp://a/x');
  eq(new URL('http://a:0/x').port, '0');
  eq(new URL('http://a:65535/').port, '65535');
  eq(new URL('http://a:/x').href, 'http://a/x');
  throws(function () { new URL('http://a:65536/'); }, 'TypeError', 'port out of range');
  throws(function () { new URL('http://a:1:2/'); }, 'TypeError', 'two colons');
});

test('url/simple-absolute-fallbacks', function () {
  // what the fast parser leaves to core-js: each is normalized
  eq(new URL('http://a').href, 'http://a/');
  eq(new URL('http://a?x').href, 'http://a/?x');
  eq(new URL('http://A/x').href, 'http://a/x');
  eq(new URL('HTTP://a/x').href, 'http://a/x');
  eq(new URL('http://a/./x/../y/.').href, 'http://a/y/');
  eq(new URL('http://a/%2e/x/%2E%2e/z').href, 'http://a/z');
  eq(new URL('http://a/x/..').href, 'http://a/');
  eq(new URL('http://a/ b?c d').href, 'http://a/%20b?c%20d');
  eq(new URL("http://a/b'c?d'e").href, "http://a/b'c?d%27e");
  eq(new URL('http://a/b"c?<>').href, 'http://a/b%22c?%3C%3E');
  eq(new URL('http://a/b{c}`?`{}|').href, 'http://a/b%7Bc%7D%60?`{}|');
  eq(new URL('http://a/b\\c').href, 'http://a/b/c');
  eq(new URL('http://a/b?c\\d').href, 'http://a/b?c\\d');
  eq(new URL('http://a/\u00e9?\u00e9').href, 'http://a/%C3%A9?%C3%A9');
  eq(new URL('http://a/b?x#f').hash, '#f');
  eq(new URL('http://01.2.3.4/').host, '1.2.3.4');
  eq(new URL('http://1.2.3/').host, '1.2.0.3');
  eq(new URL('http://0x7f.0.0.1/').host, '127.0.0.1');
  eq(new URL('http://u:p@a/').username + ':' + new URL('http://u:p@a/').password, 'u:p');
  eq(new URL(' http://a/x\t ').href, 'http://a/x');
  eq(new URL('http://[::1]:8080/').host, '[::1]:8080');
  eq(new URL('http:/a/b').href, 'http://a/b');
  eq(new URL('foo://a/b').origin, 'null');
  eq(new URL('http://a..b/').host, 'a..b');
  eq(new URL('http://a.b./').host, 'a.b.');
  throws(function () { new URL('http://256.1.1.1/'); }, 'TypeError', 'IPv4 part above 255');
  throws(function () { new URL('http://1.2.3.4.5/'); }, 'TypeError', 'five IPv4 parts');
  throws(function () { new URL('http://a.1/'); }, 'TypeError', 'ends in a number');
});

test('url/simple-absolute-mutation', function () {
  const u = new URL('http://127.0.0.1/api/echo?q=1');
  u.searchParams.append('r', 'a b');
  eq(u.href, 'http://127.0.0.1/api/echo?q=1&r=a+b');
  u.pathname = '/x/../y z';
  u.port = '8080';
  u.hash = 'h';
  eq(u.href, 'http://127.0.0.1:8080/y%20z?q=1&r=a+b#h');
  u.href = 'https://b.example/p?s=2';
  eq(u.searchParams.get('s'), '2');
  eq(u.origin, 'https://b.example');
  u.search = '';
  eq(u.href, 'https://b.example/p');
  eq(new URL('/rel?x=1', 'http://a/b/').href, 'http://a/rel?x=1');
  eq(URL.canParse('http://a/b'), true);
});
