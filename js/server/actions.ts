// The server half of POST /_rsc/action and of a no-JS form post
// (docs/actions.md §3–5). The engine (render/engine.c kit_engine_action)
// calls runAction() with the request already begun (phase 'action': cookies()
// and responseHeaders() may write), waits for its promise, then — on success —
// renders the answer's Flight root with actionRoot().
//
// Arguments are decoded the way React's decodeReply decodes what encodeReply
// produced: a JSON text (text/plain) or a multipart body whose part "0" is the
// root; strings starting with "$" are references ($$ escapes a "$"). What an
// action can receive: JSON values, undefined, NaN/±Infinity/-0, Date, Map,
// Set, FormData (files included), Blob/File, promises, server references,
// BigInt ($n<digits>). Anything else (typed arrays, streams, iterators) is
// refused with a 400 naming it.
import { lookupServerReference, serverModuleFile } from './server-reference';
import { FormData, parseMultipart, headerParams } from './web/form-data';
import { utf8Decode } from './web/bytes';
import { revalidatedRegions } from './rpc';
import { setPhase, currentRequest } from './request-context';
import { leaveFormState } from './form-state';

export interface ActionOutcome {
  kind: 'ok' | 'redirect' | 'refused' | 'failed';
  status: number;
  message?: string;
  errors?: unknown;      // validation errors: {field: [message]}
  location?: string;     // redirect
  log?: string;          // what to write to the server's log (never sent)
  regions?: string[];    // revalidate() names (ok)
  error?: unknown;       // failed: what was thrown, for the log line (docs/errors.md §5)
  where?: string;        // failed: the action or query, for the log line
}

// A body that does not decode: 400. Marked, not subclassed (Error
// subclasses lose instanceof once lowered to ES5).
function bad(message: string): Error {
  const e = new Error(message) as Error & { kitBadReply: boolean };
  e.kitBadReply = true;
  return e;
}

// Past a count limit: 413 (docs/security.md §6), before the work it would cost.
function tooMany(message: string): Error {
  const e = bad(message) as Error & { kitStatus: number };
  e.kitStatus = 413;
  return e;
}

const MAX_DEPTH = 32;
// An action's arguments: far more than any form or call sends; 200,000 would
// overflow the engine's value stack when applied (65,536 slots).
export const MAX_ARGS = 1000;
// "$" references ($1, $Q1, $K1, $@1, $h1, $B1 ...) in one reply: each may copy
// or walk a part, so their count bounds the work a small body can ask for.
// Each reference to a part, a FormData or a Blob is resolved once (parts,
// forms): 9,999 "$K1" over 999 fields walked the body's fields for every one
// of them, 10 M steps, and held a responder for the whole render budget.
export const MAX_REFS = 10000;

interface Reply {
  form: FormData | null;
  parts: Record<string, unknown>;
  forms: Record<string, unknown>;   // "K<id>" and "B<id>": what each resolved to
  refs: number;
}

function part(r: Reply, hex: string): unknown {
  if (!/^[0-9a-f]+$/.test(hex)) throw bad('a reference "$' + hex + '" is malformed');
  if (Object.prototype.hasOwnProperty.call(r.parts, hex)) return r.parts[hex];
  const id = String(parseInt(hex, 16));
  const text = r.form ? r.form.get(id) : null;
  if (typeof text !== 'string') throw bad('the arguments refer to part ' + id + ', which the body does not hold');
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw bad('part ' + id + ' of the arguments is not JSON');
  }
  r.parts[hex] = null;   // a cycle stops here
  v = revive(r, v, 0);
  r.parts[hex] = v;
  return v;
}

function reviveString(r: Reply, s: string, depth: number): unknown {
  if (s.charAt(0) !== '$') return s;
  const tag = s.charAt(1);
  if (tag !== '$' && ++r.refs > MAX_REFS) throw tooMany('the arguments hold more than ' + MAX_REFS + ' references');
  const rest = s.slice(2);
  switch (tag) {
    case '$': return s.slice(1);
    case 'u': if (s === '$undefined') return undefined; break;
    case 'N': if (s === '$NaN') return NaN; break;
    case 'I': if (s === '$Infinity') return Infinity; break;
    case '-':
      if (s === '$-Infinity') return -Infinity;
      if (s === '$-0') return -0;
      break;
    case 'D': {
      const d = new Date(rest);
      if (isNaN(d.getTime())) throw bad('a Date argument is not a valid date: ' + rest.slice(0, 40));
      return d;
    }
    case 'T': return undefined;   // a temporary reference: opaque to the server
    case 'K': {
      if (Object.prototype.hasOwnProperty.call(r.forms, 'K' + rest)) return r.forms['K' + rest];
      // React's encodeReply names the fields "_<n>_" with n in decimal but
      // refers to them as "$K<n in hex>" (its decodeReply reads hex): both
      // agree below 10 parts; take the decimal names when the hex ones are absent
      const fd = new FormData();
      const collect = (prefix: string) => {
        if (r.form) r.form.forEach((value, key) => {
          if (key.indexOf(prefix) === 0) fd.append(key.slice(prefix.length), value as string);
        });
      };
      collect('_' + rest + '_');
      r.forms['K' + rest] = fd;
      const dec = String(parseInt(rest, 16));
      if (dec === rest) return fd;
      let empty = true;
      fd.forEach(() => { empty = false; });
      if (empty) collect('_' + dec + '_');
      return fd;
    }
    case 'B': {
      if (Object.prototype.hasOwnProperty.call(r.forms, 'B' + rest)) return r.forms['B' + rest];
      const id = String(parseInt(rest, 16));
      const v = r.form ? r.form.get(id) : null;
      if (v === null || typeof v === 'string') throw bad('a Blob argument (part ' + id + ') is missing from the body');
      r.forms['B' + rest] = v;
      return v;
    }
    case 'Q': {
      const entries = part(r, rest);
      if (!Array.isArray(entries)) throw bad('a Map argument is not a list of entries');
      const m = new Map();
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i];
        if (!Array.isArray(e)) throw bad('a Map argument has an entry that is not a pair');
        m.set(e[0], e[1]);
      }
      return m;
    }
    case 'W': {
      const items = part(r, rest);
      if (!Array.isArray(items)) throw bad('a Set argument is not a list');
      const set = new Set();
      for (let i = 0; i < items.length; i++) set.add(items[i]);
      return set;
    }
    case '@': return Promise.resolve(part(r, rest));
    case 'h': {
      const meta = part(r, rest) as { id?: unknown; bound?: unknown } | null;
      const fn = meta && typeof meta.id === 'string' ? lookupServerReference(meta.id) : null;
      if (!fn) throw bad('an argument names a server action that does not exist');
      const bound = meta!.bound;
      if (Array.isArray(bound) && bound.length > MAX_ARGS) throw tooMany('more than ' + MAX_ARGS + ' bound arguments');
      if (Array.isArray(bound) && bound.length) return (fn as Function).bind.apply(fn, [null].concat(bound));
      return fn;
    }
    case 'n':
      if (!/^-?[0-9]+$/.test(rest)) throw bad('a BigInt argument is not an integer');
      return BigInt(rest);
    default:
      if (/^[0-9a-f]/.test(tag)) {
        // "$<part>[:path]": an object sent once and referred to again
        const path = s.slice(1).split(':');
        let v = part(r, path[0]);
        for (let i = 1; i < path.length; i++) {
          if (v === null || typeof v !== 'object') throw bad('a reference "' + s.slice(0, 40) + '" leads nowhere');
          v = (v as Record<string, unknown>)[path[i]];
        }
        return v;
      }
  }
  throw bad('an argument of a kind this server cannot receive: "' + s.slice(0, 20) + '"');
}

// Walks the parsed JSON with a work list, not recursion: mujs has a small
// stack (docs/mujs.md §1), and a deep argument must be a 400, not a stack overflow.
function revive(r: Reply, v: unknown, depth: number): unknown {
  if (typeof v === 'string') return reviveString(r, v, depth);
  if (v === null || typeof v !== 'object') return v;
  const work: Array<[Record<string, unknown> | unknown[], number]> = [[v as Record<string, unknown>, depth]];
  while (work.length) {
    const item = work.pop()!;
    const c = item[0] as Record<string, unknown>, d = item[1];
    if (d > MAX_DEPTH) throw bad('the arguments are nested deeper than ' + MAX_DEPTH + ' levels');
    const keys = Array.isArray(c) ? null : Object.keys(c);
    const n = keys ? keys.length : (c as unknown as unknown[]).length;
    for (let i = 0; i < n; i++) {
      const k = keys ? keys[i] : String(i);
      const x = c[k];
      if (typeof x === 'string') c[k] = reviveString(r, x, d + 1);
      else if (x !== null && typeof x === 'object') work.push([x as Record<string, unknown>, d + 1]);
    }
  }
  return v;
}

function mediaType(contentType: string): string {
  const semi = contentType.indexOf(';');
  return (semi < 0 ? contentType : contentType.slice(0, semi)).replace(/^\s+|\s+$/g, '').toLowerCase();
}

function multipart(contentType: string, body: string): FormData {
  const params = headerParams(contentType.slice(contentType.indexOf(';')), true);
  try {
    return parseMultipart(body, params.boundary || '');
  } catch (e) {
    if ((e as { kitStatus?: number }).kitStatus === 413) throw tooMany(String((e as Error).message));
    throw bad(String((e as Error).message));
  }
}

// decodeReply: the argument list of an action call.
export function decodeReply(contentType: string, body: string): unknown[] {
  const type = mediaType(contentType);
  const r: Reply = { form: null, parts: {}, forms: {}, refs: 0 };
  let root: string;
  if (type === 'text/plain') {
    root = utf8Decode(body);
  } else if (type === 'multipart/form-data') {
    r.form = multipart(contentType, body);
    const t = r.form.get('0');
    if (typeof t !== 'string') throw bad('the multipart arguments have no root part "0"');
    root = t;
  } else {
    throw bad('X-RSC-Content-Type must be text/plain or multipart/form-data (React\'s encodeReply), not "' +
      type.slice(0, 60) + '"');
  }
  let v: unknown;
  try {
    v = JSON.parse(root);
  } catch (e) {
    throw bad('the arguments are not valid JSON');
  }
  // counted before anything is revived
  if (Array.isArray(v) && v.length > MAX_ARGS) throw tooMany('more than ' + MAX_ARGS + ' arguments (' + v.length + ')');
  v = revive(r, v, 0);
  if (!Array.isArray(v)) throw bad('the arguments must be a list');
  if (v.length > MAX_ARGS) throw tooMany('more than ' + MAX_ARGS + ' arguments (' + v.length + ')');
  return v;
}

export interface FormAction {
  id: string;
  args: unknown[];        // the bound arguments, then the form's FormData
  key: string | null;     // $ACTION_KEY: the useActionState hook that posted
}

// decodeAction (React's): a no-JS form post (multipart) naming its action in
// $ACTION_ID_<id>, or a bound action in $ACTION_REF_<n> whose metadata
// ({"id","bound":"$@1"}) and bound arguments travel in $ACTION_<n>:0 and
// $ACTION_<n>:1 (React's encodeReply, prefixed). The FormData argument holds
// every other field. null when the body names no action.
export function decodeAction(contentType: string, body: string): FormAction | null {
  if (mediaType(contentType) !== 'multipart/form-data') return null;
  const fd = multipart(contentType, body);
  const form = new FormData();
  let id: string | null = null, ref: string | null = null, key: string | null = null;
  fd.forEach((value, name) => {
    if (name.indexOf('$ACTION_ID_') === 0) id = name.slice(11);
    else if (name.indexOf('$ACTION_REF_') === 0) ref = name.slice(12);
    else if (name === '$ACTION_KEY') key = typeof value === 'string' ? value : null;
    else if (name.indexOf('$ACTION_') !== 0) form.append(name, value as string);
  });
  if (ref !== null) {
    const prefix = '$ACTION_' + ref + ':';
    const meta = new FormData();
    fd.forEach((value, name) => {
      if (name.indexOf(prefix) === 0) meta.append(name.slice(prefix.length), value as string);
    });
    const r: Reply = { form: meta, parts: {}, forms: {}, refs: 0 };
    const text = meta.get('0');
    let root: { id?: unknown; bound?: unknown } | null = null;
    try {
      root = typeof text === 'string' ? JSON.parse(text) : null;
    } catch (e) {
      root = null;
    }
    if (!root || typeof root !== 'object' || typeof root.id !== 'string')
      throw bad('the form\'s bound action ($ACTION_REF_' + ref + ') has no action id');
    let bound: unknown[] = [];
    if (typeof root.bound === 'string' && root.bound.indexOf('$@') === 0) {
      const list = part(r, root.bound.slice(2));
      if (!Array.isArray(list)) throw bad('the bound arguments of the form\'s action are not a list');
      if (list.length > MAX_ARGS) throw tooMany('more than ' + MAX_ARGS + ' bound arguments (' + list.length + ')');
      bound = list;
    } else if (root.bound !== null && root.bound !== undefined) {
      throw bad('the bound arguments of the form\'s action are malformed');
    }
    return { id: root.id, args: bound.concat([form]), key };
  }
  return id === null ? null : { id, args: [form], key };
}

let result: unknown = undefined;

function digestOf(e: unknown): string {
  const d = e && (e as { digest?: unknown }).digest;
  return typeof d === 'string' ? d : '';
}

function describe(e: unknown): string {
  if (e && typeof e === 'object' && typeof (e as Error).message === 'string') {
    const stack = (e as Error).stack;
    return stack && stack.indexOf((e as Error).message) >= 0 ? stack : String((e as Error).message);
  }
  return String(e);
}

// What a throw from an action answers (docs/actions.md §3).
export function failure(e: unknown, where: string): ActionOutcome {
  const d = digestOf(e);
  if (d.indexOf('KIT_REDIRECT;') === 0) {
    const rest = d.slice('KIT_REDIRECT;'.length);
    const semi = rest.indexOf(';');
    return { kind: 'redirect', status: 204, location: rest.slice(semi + 1) };
  }
  if (d === 'KIT_NOT_FOUND') return { kind: 'refused', status: 404, message: 'Not found.', log: where + ' called notFound()' };
  if (d === 'KIT_FORBIDDEN') return { kind: 'refused', status: 403, message: 'Forbidden.', log: where + ' called forbidden()' };
  if (d === 'KIT_UNAUTHORIZED')
    return { kind: 'refused', status: 401, message: 'Unauthorized.', log: where + ' called unauthorized()' };
  if (e && (e as { kitBadReply?: boolean }).kitBadReply)
    return { kind: 'refused', status: (e as { kitStatus?: number }).kitStatus || 400, message: String((e as Error).message), log: where + ': ' + String((e as Error).message) };
  const err = e as { status?: unknown; message?: unknown; errors?: unknown; validationErrors?: unknown } | null;
  const status = err && typeof err.status === 'number' ? err.status : 0;
  if (status >= 400 && status <= 499) {
    const o: ActionOutcome = { kind: 'refused', status, message: typeof err!.message === 'string' && err!.message ? err!.message as string : 'Refused.',
      log: where + ' refused (' + status + '): ' + String(err!.message) };
    const errors = err!.errors !== undefined ? err!.errors : err!.validationErrors;
    if (errors !== undefined && errors !== null && typeof errors === 'object') o.errors = errors;
    return o;
  }
  return { kind: 'failed', status: status >= 500 && status <= 599 ? status : 500, message: 'The action failed.',
    log: where + ' threw: ' + describe(e), error: e, where };
}

function call(id: string, args: unknown[], formKey: string | null = null): Promise<ActionOutcome> {
  const fn = lookupServerReference(id);
  const hash = id.slice(0, id.indexOf('#'));
  const where = 'action ' + id + ' (' + serverModuleFile(hash) + ')';
  if (!fn) return Promise.resolve({ kind: 'refused', status: 404, message: 'Unknown action.', log: 'no action ' + id } as ActionOutcome);
  setPhase('action');
  result = undefined;
  leaveFormState(null);
  return Promise.resolve()
    .then(() => fn.apply(null, args))
    .then((value) => {
      result = value;
      if (formKey !== null) leaveFormState(formKey, value);
      return { kind: 'ok', status: 200, regions: revalidatedRegions() } as ActionOutcome;
    }, (e) => failure(e, where));
}

// POST /_rsc/action: id from X-RSC-Action, the body and its real type.
export function runAction(id: string, contentType: string, body: string): Promise<ActionOutcome> {
  if (!lookupServerReference(id))
    return Promise.resolve({ kind: 'refused', status: 404, message: 'Unknown action.', log: 'no action ' + id } as ActionOutcome);
  let args: unknown[];
  try {
    args = decodeReply(contentType, body);
  } catch (e) {
    return Promise.resolve(failure(e, 'action ' + id));
  }
  return call(id, args);
}

// A no-JS form post to a page: the action named by $ACTION_ID_ with the
// form's fields as its one argument. kind 'none': the body names no action.
export function runFormAction(contentType: string, body: string): Promise<ActionOutcome & { id?: string }> {
  let decoded: FormAction | null;
  try {
    decoded = decodeAction(contentType, body);
  } catch (e) {
    return Promise.resolve(failure(e, 'form post'));
  }
  if (!decoded) return Promise.resolve({ kind: 'refused', status: 400, message: 'The form names no action.', log: 'a form post without $ACTION_ID_' } as ActionOutcome);
  return call(decoded.id, decoded.args, decoded.key);
}

// The value a query returned (js/server/query.ts: GET /_rsc/query answers like an action).
export function keepResult(value: unknown): void {
  result = value;
}
export { runQuery, queryIds } from './query';

// The value the last action returned, taken once (the answer's root holds it).
export function takeResult(): unknown {
  const v = result;
  result = undefined;
  return v;
}

// The engine's entry (render/engine.c kit_engine_action): id null = a no-JS
// form post. The body is the request's (a byte string). The outcome carries
// its JSON answer for failures, and the regions as a list.
export function run(id: string | null, contentType: string): Promise<ActionOutcome & { json: string }> {
  const req = currentRequest();
  const body = req && req.body !== null ? req.body : '';
  const p = id === null ? runFormAction(contentType, body) : runAction(id, contentType, body);
  return p.then((o) => {
    // a form post answers with the page, not the value: nothing keeps it
    if (id === null) result = undefined;
    const out = o as ActionOutcome & { json: string };
    const answer: Record<string, unknown> = { message: o.message || '' };
    if (o.errors !== undefined) answer.errors = o.errors;
    out.json = o.kind === 'ok' ? '' : JSON.stringify(answer);
    return out;
  });
}
