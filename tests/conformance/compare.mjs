// Compares two HTML strings the way the conformance tests need: token by token
// (doctype, start tags, end tags, comments, text), exactly. A start tag's
// attributes are compared as a list of (name, raw value) pairs in order, and
// the `style` attribute as a list of declarations in order: kit writes props
// in the order mujs enumerates them, which is V8's (mujs/patches/0101; these
// tests compared them as sets while mujs enumerated keys sorted). Everything
// must be byte-identical: attribute names, order and values (as escaped in
// the source), text (escaping, `<!-- -->` separators), void tags' `/>`, the
// document shell; only the whitespace between attributes is not compared.
// Hydration does not check attributes, so this comparison must.

const RAW_TEXT = new Set(['script', 'style']);

// Splits HTML into tokens. Each token: { type, raw, ... }.
export function tokenize(html) {
  const tokens = [];
  let i = 0;
  const n = html.length;
  let text = '';
  const flushText = () => { if (text) { tokens.push({ type: 'text', raw: text }); text = ''; } };
  while (i < n) {
    const c = html[i];
    if (c !== '<') { text += c; i++; continue; }
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      const stop = end < 0 ? n : end + 3;
      flushText();
      tokens.push({ type: 'comment', raw: html.slice(i, stop) });
      i = stop;
      continue;
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      const end = html.indexOf('>', i);
      const stop = end < 0 ? n : end + 1;
      flushText();
      tokens.push({ type: 'doctype', raw: html.slice(i, stop) });
      i = stop;
      continue;
    }
    if (html[i + 1] === '/' && /[A-Za-z]/.test(html[i + 2] || '')) {
      const end = html.indexOf('>', i);
      const stop = end < 0 ? n : end + 1;
      flushText();
      tokens.push({ type: 'end', raw: html.slice(i, stop), name: html.slice(i + 2, stop - 1).trim() });
      i = stop;
      continue;
    }
    if (!/[A-Za-z]/.test(html[i + 1] || '')) { text += c; i++; continue; }
    // start tag
    flushText();
    let j = i + 1;
    while (j < n && !/[\s/>]/.test(html[j])) j++;
    const name = html.slice(i + 1, j);
    const attrs = [];
    let selfClosing = false;
    for (;;) {
      while (j < n && /\s/.test(html[j])) j++;
      if (j >= n) break;
      if (html[j] === '>') { j++; break; }
      if (html[j] === '/' && html[j + 1] === '>') { selfClosing = true; j += 2; break; }
      if (html[j] === '/') { j++; continue; }
      let k = j;
      while (k < n && !/[\s=/>]/.test(html[k])) k++;
      if (k === j) k++; // a stray character: take it as a name so we always advance
      const aname = html.slice(j, k);
      j = k;
      let value = null;
      if (html[j] === '=') {
        j++;
        const q = html[j];
        if (q === '"' || q === "'") {
          const end = html.indexOf(q, j + 1);
          const stop = end < 0 ? n : end;
          value = html.slice(j + 1, stop);
          j = stop + 1;
        } else {
          let e = j;
          while (e < n && !/[\s>]/.test(html[e])) e++;
          value = html.slice(j, e);
          j = e;
        }
      }
      attrs.push({ name: aname, value });
    }
    tokens.push({ type: 'start', raw: html.slice(i, j), name, attrs, selfClosing });
    i = j;
    if (RAW_TEXT.has(name.toLowerCase()) && !selfClosing) {
      const re = new RegExp('</' + name + '[\\s/>]', 'i');
      const m = re.exec(html.slice(i));
      const stop = m ? i + m.index : n;
      if (stop > i) tokens.push({ type: 'text', raw: html.slice(i, stop) });
      i = stop;
    }
  }
  flushText();
  return tokens;
}

// Splits a style attribute's raw value into declarations, respecting parentheses
// and quotes (raw or as &quot;/&#x27; entities), so `url("a;b")` stays whole.
export function styleDeclarations(value) {
  const decls = [];
  let depth = 0, quote = null, cur = '';
  for (let i = 0; i < value.length; i++) {
    const rest = value.slice(i);
    const ent = rest.startsWith('&quot;') ? '&quot;' : rest.startsWith('&#x27;') ? '&#x27;' : null;
    const q = ent || (value[i] === '"' || value[i] === "'" ? value[i] : null);
    if (q) {
      if (quote === null) quote = q; else if (quote === q) quote = null;
      cur += q; i += q.length - 1; continue;
    }
    const c = value[i];
    if (quote === null) {
      if (c === '(') depth++;
      else if (c === ')') depth--;
      else if (c === ';' && depth === 0) { decls.push(cur); cur = ''; continue; }
    }
    cur += c;
  }
  decls.push(cur);
  return decls;
}

function attrKey(a) {
  if (a.name === 'style' && a.value !== null) return 'style={' + styleDeclarations(a.value).join(' ; ') + '}';
  return a.value === null ? a.name : a.name + '="' + a.value + '"';
}

// The comparable form of a token.
export function normalize(t) {
  if (t.type !== 'start') return t.type + ':' + t.raw;
  const attrs = t.attrs.map(attrKey);
  return 'start:<' + t.name + (attrs.length ? ' ' + attrs.join(' ') : '') + (t.selfClosing ? '/>' : '>');
}

function show(s, max = 300) {
  s = JSON.stringify(s);
  return s.length > max ? s.slice(0, max) + '…' : s;
}

function attrDiff(e, g) {
  const ek = e.attrs.map(attrKey), gk = g.attrs.map(attrKey);
  const missing = ek.filter((k) => !gk.includes(k));
  const extra = gk.filter((k) => !ek.includes(k));
  const parts = [];
  if (e.name !== g.name) parts.push(`tag <${e.name}> vs <${g.name}>`);
  if (e.selfClosing !== g.selfClosing) parts.push(`self-closing ${e.selfClosing} vs ${g.selfClosing}`);
  if (missing.length) parts.push('missing ' + missing.join(' '));
  if (extra.length) parts.push('unexpected ' + extra.join(' '));
  if (!parts.length) parts.push('attribute or style order ' + ek.join(' ') + ' vs ' + gk.join(' '));
  return parts.join('; ');
}

// Returns null when equal, else a one-line description of the first difference.
export function compareHtml(expected, got) {
  const E = tokenize(expected), G = tokenize(got);
  const n = Math.max(E.length, G.length);
  for (let i = 0; i < n; i++) {
    const e = E[i], g = G[i];
    const ne = e ? normalize(e) : null, ng = g ? normalize(g) : null;
    if (ne === ng) continue;
    const before = E.slice(Math.max(0, i - 3), i).map((t) => t.raw).join('');
    let what;
    if (!e) what = `unexpected extra content ${show(G.slice(i).map((t) => t.raw).join(''))}`;
    else if (!g) what = `output ends early, missing ${show(E.slice(i).map((t) => t.raw).join(''))}`;
    else if (e.type === 'start' && g.type === 'start') what = `${attrDiff(e, g)}: expected ${show(e.raw)}, got ${show(g.raw)}`;
    else what = `expected ${e.type} ${show(e.raw)}, got ${g.type} ${show(g.raw)}`;
    return `token ${i} (after ${show(before, 160)}): ${what}`;
  }
  return null;
}
