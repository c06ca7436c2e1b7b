// A strict reader of the Flight row grammar (docs/wire-formats.md §1.1–1.2), for checking
// what kit sends a production client: ids and lengths are lowercase hex, no
// development rows (D N J W), every JSON row parses, elements are 4-slot tuples,
// T rows hold exactly their UTF-8 byte length of valid UTF-8, the payload ends
// with a complete row. Returns a list of problems (empty when the payload is fine).

const LENGTH_TAGS = 'TAOobUSsLlGgMmV';
const DEV_TAGS = 'DNJW';
const HINT_CODES = 'DCLmSXM';
const utf8 = new TextDecoder('utf-8', { fatal: true });

function checkElements(value, where, problems) {
  if (Array.isArray(value)) {
    if (value[0] === '$' && value.length !== 4)
      problems.push(`${where}: element tuple with ${value.length} slots (production elements have exactly 4: ["$",type,key,props])`);
    for (const v of value) checkElements(v, where, problems);
  } else if (value && typeof value === 'object') {
    for (const k of Object.keys(value)) checkElements(value[k], where, problems);
  }
}

export function checkRows(buf) {
  const problems = [];
  const ids = new Set();
  let i = 0;
  const at = (p) => `row at byte ${p}`;
  const parseJson = (text, where) => {
    try { return { ok: true, value: JSON.parse(text) }; } catch (e) {
      problems.push(`${where}: does not parse as JSON (${e.message}): ${JSON.stringify(text.slice(0, 120))}`);
      return { ok: false };
    }
  };
  while (i < buf.length && problems.length < 20) {
    const start = i;
    const colon = buf.indexOf(0x3a, i);
    const nl = buf.indexOf(0x0a, i);
    if (colon < 0 || (nl >= 0 && nl < colon)) {
      problems.push(`${at(start)}: no "<id>:" prefix: ${JSON.stringify(buf.subarray(start, start + 80).toString())}`);
      break;
    }
    const id = buf.subarray(i, colon).toString('latin1');
    if (!/^[0-9a-f]*$/.test(id)) problems.push(`${at(start)}: id ${JSON.stringify(id)} is not lowercase hex`);
    const tag = String.fromCharCode(buf[colon + 1]);
    i = colon + 1;
    if (LENGTH_TAGS.includes(tag)) {
      const comma = buf.indexOf(0x2c, i + 1);
      const hex = comma < 0 ? '' : buf.subarray(i + 1, comma).toString('latin1');
      if (!/^[0-9a-f]+$/.test(hex)) { problems.push(`${at(start)}: ${tag} row length ${JSON.stringify(hex)} is not lowercase hex`); break; }
      const len = parseInt(hex, 16);
      const body = buf.subarray(comma + 1, comma + 1 + len);
      if (body.length < len) { problems.push(`${at(start)}: ${tag} row announces ${len} bytes, only ${body.length} follow`); break; }
      if (tag === 'T') {
        try { utf8.decode(body); } catch { problems.push(`${at(start)}: T row body is not valid UTF-8 (length counted wrongly?)`); }
      }
      i = comma + 1 + len;
      ids.add(id);
      continue;
    }
    if (nl < 0) { problems.push(`${at(start)}: the last row has no "\\n" (the client never processes it)`); break; }
    const text = buf.subarray(i, nl).toString('utf8');
    i = nl + 1;
    if (/^[A-Z#rx]/.test(tag)) {
      const rest = text.slice(1);
      if (DEV_TAGS.includes(tag)) { problems.push(`${at(start)}: development row ${JSON.stringify(id + ':' + tag)} (production clients reject it)`); continue; }
      if (tag === 'H') {
        if (id !== '') problems.push(`${at(start)}: hint row with id ${JSON.stringify(id)} (hints have no id)`);
        if (!HINT_CODES.includes(rest[0])) problems.push(`${at(start)}: unknown hint code ${JSON.stringify(rest[0])}`);
        parseJson(rest.slice(1), at(start));
        continue;
      }
      if (id === '') problems.push(`${at(start)}: ${tag} row without an id`);
      if (tag === 'I' || tag === 'E') parseJson(rest, at(start));
      else if (tag === 'C') { if (rest) parseJson(rest, at(start)); }
      else if ('RrXx'.includes(tag)) { if (rest) problems.push(`${at(start)}: ${tag} row carries text ${JSON.stringify(rest.slice(0, 40))}`); }
      else problems.push(`${at(start)}: unknown row tag ${JSON.stringify(tag)}`);
      ids.add(id);
      continue;
    }
    if (id === '') problems.push(`${at(start)}: JSON row without an id`);
    const r = parseJson(text, `${at(start)} (id ${id})`);
    if (r.ok) checkElements(r.value, `row ${id}`, problems);
    ids.add(id);
  }
  if (!ids.has('0') && problems.length === 0) problems.push('no row 0 (the root)');
  return problems;
}
