// Text and URI encoding the web classes depend on: encodeURIComponent and
// friends (mujs 1.3.2 gets surrogate pairs and errors wrong), UTF-8 in bodies.
import { test, eq, throws, bytesOf, u8, linear } from './harness';

test('encoding/encodeURIComponent', function () {
  eq(encodeURIComponent('\ud83d\ude00'), '%F0%9F%98%80', 'surrogate pair');
  eq(encodeURIComponent('a b&c=d/\u00e9\u20ac'), 'a%20b%26c%3Dd%2F%C3%A9%E2%82%AC', 'BMP');
  eq(encodeURIComponent("-_.!~*'()"), "-_.!~*'()", 'unreserved');
  eq(encodeURIComponent('\u0000'), '%00', 'NUL');
  throws(function () { encodeURIComponent('\ud800'); }, 'URIError', 'lone high surrogate');
  throws(function () { encodeURIComponent('x\udc00'); }, 'URIError', 'lone low surrogate');
});

test('encoding/encodeURI', function () {
  eq(encodeURI('http://a.com/\ud83d\ude00?q=a b#\u00e9'), 'http://a.com/%F0%9F%98%80?q=a%20b#%C3%A9');
  eq(encodeURI(';/?:@&=+$,#[]'), ';/?:@&=+$,#%5B%5D', 'reserved kept');
  throws(function () { encodeURI('\udfff'); }, 'URIError', 'lone surrogate');
});

test('encoding/decodeURIComponent', function () {
  eq(decodeURIComponent('%F0%9F%98%80'), '\ud83d\ude00', 'to a surrogate pair');
  eq(decodeURIComponent('%F0%9F%98%80').length, 2, 'two units');
  eq(decodeURIComponent('a%20b%C3%A9%2F'), 'a b\u00e9/', 'plain');
  throws(function () { decodeURIComponent('%E9'); }, 'URIError', 'truncated');
  throws(function () { decodeURIComponent('%C0%80'); }, 'URIError', 'overlong');
  throws(function () { decodeURIComponent('%ED%A0%80'); }, 'URIError', 'encoded surrogate');
  throws(function () { decodeURIComponent('%zz'); }, 'URIError', 'bad hex');
  throws(function () { decodeURIComponent('%4'); }, 'URIError', 'short escape');
});

test('encoding/decodeURI', function () {
  eq(decodeURI('%2F%3F%23%41%C3%A9'), '%2F%3F%23A\u00e9', 'reserved escapes kept');
  throws(function () { decodeURI('%FF'); }, 'URIError', 'invalid byte');
});

test('encoding/utf8-decoding-errors', async function () {
  // BOM, an E1 80 prefix cut short by 'A', FF, ED A0 80 (a surrogate), a 4-byte prefix at the end
  const r = new Response(u8([0xef, 0xbb, 0xbf, 0x41, 0xe1, 0x80, 0x41, 0xff, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98]));
  eq(await r.text(), 'A\ufffdA\ufffd\ufffd\ufffd\ufffd\ufffd');
});

test('encoding/utf8-all-lengths', async function () {
  const r = new Response(u8([0x24, 0xc2, 0xa2, 0xe0, 0xa4, 0xb9, 0xe2, 0x82, 0xac, 0xed, 0x95, 0x9c, 0xf0, 0x90, 0x8d, 0x88, 0xf4, 0x8f, 0xbf, 0xbf]));
  eq(await r.text(), '$\u00a2\u0939\u20ac\ud55c\ud800\udf48\udbff\udfff');
});

test('encoding/utf8-encoding', async function () {
  const b = await new Response('$\u00a2\u0939\u20ac\ud55c\ud800\udf48\udbff\udfff\ud800').arrayBuffer();
  eq(bytesOf(b), [0x24, 0xc2, 0xa2, 0xe0, 0xa4, 0xb9, 0xe2, 0x82, 0xac, 0xed, 0x95, 0x9c, 0xf0, 0x90, 0x8d, 0x88,
    0xf4, 0x8f, 0xbf, 0xbf, 0xef, 0xbf, 0xbd], 'a lone surrogate encodes as U+FFFD');
});

test('encoding/large-bodies-are-linear', async function () {
  // mujs indexes strings from their start: a per-character loop over 200 KB
  // would take minutes. These must stay fast.
  const textOf = (n: number) => {
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push('\u00e9t\u00e9 \ud83d\ude00 ');
    return parts.join('');
  };
  await linear('Response bodies', async (n) => {
    const text = textOf(n);
    const buf = await new Response(text).arrayBuffer();
    eq(buf.byteLength, n * 11, 'byteLength');
    eq(await new Response(buf).text() === text, true, 'round trip');
    const form = 'big=' + encodeURIComponent(text) + '&x=1';
    const fd = await new Response(form, { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData();
    eq([(fd.get('big') as string).length, fd.get('x')], [text.length, '1'], 'urlencoded');
  }, 5000);
});

test('encoding/string-iteration-by-code-point', function () {
  eq(Array.from('a\ud83d\ude00b\ud800'), ['a', '\ud83d\ude00', 'b', '\ud800'], 'Array.from');
  const seen: string[] = [];
  for (const c of 'x\u00e9\ud83d\ude00') seen.push(c);
  eq(seen, ['x', '\u00e9', '\ud83d\ude00'], 'for-of');
});

// --- differential tests: random input through kit's converters (mujs) or
// the platform's (Node), against small reference implementations of the
// WHATWG algorithms written here, one code unit at a time.

function lcg(seed: number) {
  let s = seed;
  return function (n: number) {
    s = (s * 69069 + 1) % 4294967296;   // exact in doubles; mujs has no Math.imul
    return Math.floor(s / 65536) % n;
  };
}

// UTF-8 decode (WHATWG, replacement mode), bytes → UTF-16 string
function refDecode(b: number[]): string {
  let out = '', i = 0;
  while (i < b.length) {
    const b0 = b[i];
    if (b0 < 0x80) { out += String.fromCharCode(b0); i++; continue; }
    const need = b0 >= 0xc2 && b0 <= 0xdf ? 1 : b0 >= 0xe0 && b0 <= 0xef ? 2 : b0 >= 0xf0 && b0 <= 0xf4 ? 3 : -1;
    if (need < 0) { out += '\ufffd'; i++; continue; }
    let lo = b0 === 0xe0 ? 0xa0 : b0 === 0xf0 ? 0x90 : 0x80;
    let hi = b0 === 0xed ? 0x9f : b0 === 0xf4 ? 0x8f : 0xbf;
    let cp = b0 & (need === 1 ? 0x1f : need === 2 ? 0x0f : 0x07), k = 0, j = i + 1;
    while (k < need && j < b.length && b[j] >= lo && b[j] <= hi) {
      cp = (cp << 6) | (b[j] & 0x3f);
      lo = 0x80; hi = 0xbf; j++; k++;
    }
    if (k < need) { out += '\ufffd'; i = j; continue; }
    out += cp < 0x10000 ? String.fromCharCode(cp) : String.fromCharCode(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
    i = j;
  }
  return out;
}

// UTF-8 encode of a UTF-16 string, lone surrogates as U+FFFD
function refEncode(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff) {
      c = 0x10000 + ((c - 0xd800) << 10) + (s.charCodeAt(i + 1) - 0xdc00);
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      c = 0xfffd;
    }
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}

function hex(a: number[]): string {
  const o: string[] = [];
  for (let i = 0; i < a.length; i++) o.push((a[i] < 16 ? '0' : '') + a[i].toString(16));
  return o.join(' ');
}

// random bytes, mostly UTF-8-shaped, with errors and NULs
function randomBytes(r: (n: number) => number): number[] {
  const out: number[] = [], n = r(12);
  const leads = [0x41, 0x00, 0x25, 0xc3, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xef, 0xf0, 0xf1, 0xf4, 0xf5, 0xc0, 0xff, 0x80, 0xbf];
  for (let i = 0; i < n; i++) {
    out.push(leads[r(leads.length)]);
    const k = r(4);
    for (let j = 0; j < k; j++) out.push(r(5) === 0 ? r(256) : 0x80 + r(64));
  }
  return out;
}

function randomText(r: (n: number) => number): string {
  const units = [0x41, 0x20, 0x00, 0x25, 0x2b, 0xe9, 0x7ff, 0x800, 0x20ac, 0xfeff, 0xfffd, 0xffff, 0xd83d, 0xde00, 0xd800, 0xdbff, 0xdc00, 0xdfff];
  const out: string[] = [], n = r(10);
  for (let i = 0; i < n; i++) out.push(String.fromCharCode(units[r(units.length)]));
  return out.join('');
}

test('encoding/utf8-decode-differential', async function () {
  const r = lcg(1);
  for (let t = 0; t < 300; t++) {
    const b = randomBytes(r);
    const got = await new Response(u8(b)).text();
    // text() drops one leading BOM
    const want = refDecode(b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? b.slice(3) : b);
    if (got !== want)
      throw new Error('bytes ' + hex(b) + ': got ' + JSON.stringify(got) + ', expected ' + JSON.stringify(want));
  }
});

test('encoding/utf8-encode-differential', async function () {
  const r = lcg(2);
  for (let t = 0; t < 300; t++) {
    const s = randomText(r);
    const got = bytesOf(await new Response(s).arrayBuffer());
    const want = refEncode(s);
    if (hex(got) !== hex(want))
      throw new Error('text ' + JSON.stringify(s) + ': got ' + hex(got) + ', expected ' + hex(want));
  }
});

test('encoding/form-decode-differential', async function () {
  const r = lcg(3);
  // (no raw non-ASCII: Node 20's decoder turns "%2é" into "%2\ufffd" after an
  // earlier multi-byte escape, which is not the URL standard; kit.test.ts
  // checks that case against the standard)
  const pieces = ['a', '+', '%', '%2', '%41', '%C3%A9', '%c3%a9', '%E2%82', '%F0%9F%98%80', '%FF', '%00', '%25', '%zz'];
  for (let t = 0; t < 200; t++) {
    const parts: string[] = [];
    const n = r(6);
    for (let i = 0; i < n; i++) parts.push(pieces[r(pieces.length)]);
    const value = parts.join('');
    const fd = await new Response('k=' + value, { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData();
    // reference: the URL standard's percent-decode of the UTF-8 bytes, then UTF-8 decode
    const bytes = refEncode(value.split('+').join(' '));
    const dec: number[] = [];
    const isHex = function (c: number) { return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102); };
    for (let i = 0; i < bytes.length; i++) {
      if (bytes[i] === 0x25 && i + 2 < bytes.length && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
        dec.push(parseInt(String.fromCharCode(bytes[i + 1], bytes[i + 2]), 16));
        i += 2;
      } else {
        dec.push(bytes[i]);
      }
    }
    const want = refDecode(dec);
    const got = fd.get('k');
    if (got !== want)
      throw new Error('value ' + JSON.stringify(value) + ': got ' + JSON.stringify(got) + ', expected ' + JSON.stringify(want));
  }
});
