// callServer: how the browser runs a server action (docs/actions.md §4).
// React calls it for every server reference — the stubs kit-build puts in
// place of a "use server" module (createServerReference(id, callServer)) and
// the "$h" references of a Flight payload — with the action's id and its
// arguments. One POST to /_rsc/action:
//
//   body          React's encodeReply(args): a string, or FormData (files,
//                 forms) sent as its multipart bytes; always as
//                 Content-Type: application/octet-stream
//   X-RSC-Action          the id ("<hash>#<export>")
//   X-RSC-Content-Type    the body's real type (text/plain;charset=UTF-8, or
//                         multipart/form-data; boundary=…)
//   X-RSC-Referer         the page shown (its path and query)
//   X-RSC-Segments        the layout chain held (a revalidated page comes
//                         back below the deepest of them)
//   X-RSC-Version         the build version (409 when it changed: full load)
//
// Answers: 200 text/x-component → the root {a, p?}: `a` resolves the call,
// `p` (the action revalidated a region) replaces the page in place at
// X-RSC-Segment-Depth, like a navigation payload — unless the visitor has
// left that page meanwhile; 204 + X-RSC-Redirect → a
// client navigation (the call resolves with undefined once it committed);
// anything else → the call rejects with an ActionError carrying the JSON
// answer's status, message, errors and (a thrown action) digest.
// FIRST: the webpack globals must exist before the Flight client module is
// evaluated, and this module may be evaluated before the entry's body (a
// shared chunk of the entry and of the "use server" stubs)
import './webpack-shim';
import { encodeReply } from 'react-server-dom-webpack/client.browser';
import { applyRegion, currentLayouts, currentVersion, decodePayload, visit } from './core';
import { callQuery, isQuery } from './call-query';

export class ActionError extends Error {
  status: number;
  errors?: Record<string, string[]>;
  digest?: string;
  constructor(message: string, status: number, errors?: Record<string, string[]>, digest?: string) {
    super(message);
    this.name = 'ActionError';
    this.status = status;
    if (errors) this.errors = errors;
    // a thrown action's digest: the one of the server's log line
    if (digest) this.digest = digest;
  }
}

function splitList(s: string | null): string[] {
  return s ? s.split(',').map((x) => x.trim()).filter(Boolean) : [];
}

// The browser runs React's production build, whose encodeReply refuses an
// argument it cannot send with a bare number (react.dev/errors/N): say which
// kind of value it was and what an action can take.
const UNSENDABLE: Record<string, string> = {
  '469': 'a function that is not a server action (a client function)',
  '499': 'a class instance or an object with a null prototype',
  '517': 'a Symbol',
  '472': 'a value of an unsupported type',
};

export function unsendableArgument(id: string, e: unknown): Error {
  const message = String(e && (e as Error).message !== undefined ? (e as Error).message : e);
  const code = /React error #(\d+)/.exec(message);
  const what = code ? UNSENDABLE[code[1]] : undefined;
  return new TypeError('kit: the arguments of server action ' + id + ' cannot be sent' +
    (what ? ': one is ' + what : '') + '. An action takes JSON values, undefined, Date, Map, Set, FormData, ' +
    'File/Blob, promises and other server actions (docs/actions.md). (' + message + ')');
}

export async function callServer(id: string, args: unknown[]): Promise<unknown> {
  // a query of the action client is read with GET (js/client/call-query.ts)
  if (isQuery(id)) return callQuery(id, args);
  let reply: Awaited<ReturnType<typeof encodeReply>>;
  try {
    reply = await encodeReply(args);
  } catch (e) {
    throw unsendableArgument(id, e);
  }
  let body: BodyInit;
  let type: string;
  if (typeof reply === 'string') {
    body = reply;
    type = 'text/plain;charset=UTF-8';
  } else {
    // the multipart bytes and their boundary, as fetch would send the FormData
    const r = new Response(reply as FormData);
    type = r.headers.get('Content-Type') || 'multipart/form-data';
    body = await r.arrayBuffer();
  }
  const headers: Record<string, string> = {
    'Content-Type': 'application/octet-stream',
    'X-RSC-Action': id,
    'X-RSC-Content-Type': type,
    'X-RSC-Referer': location.pathname + location.search,
  };
  const from = headers['X-RSC-Referer'];
  const held = currentLayouts();
  if (held.length) headers['X-RSC-Segments'] = held.join(',');
  const v = currentVersion();
  if (v) headers['X-RSC-Version'] = v;
  let res: Response;
  try {
    res = await fetch('/_rsc/action', { method: 'POST', headers, body, credentials: 'same-origin' });
  } catch (e) {
    throw new ActionError('The server could not be reached.', 0);
  }
  const h = res.headers;
  if (res.status === 409) {
    location.href = h.get('X-RSC-Location') || location.href;
    return new Promise(() => {});
  }
  const redirect = h.get('X-RSC-Redirect');
  if (redirect && res.status >= 200 && res.status < 300) {
    await visit(redirect);
    return undefined;
  }
  if (res.status === 200 && (h.get('Content-Type') || '').indexOf('text/x-component') >= 0 && res.body) {
    const root = (await decodePayload(res.body)) as { a?: unknown; p?: unknown } | null;
    // the page it came from, unless the visitor has navigated away meanwhile
    if (root && Object.prototype.hasOwnProperty.call(root, 'p') && location.pathname + location.search === from) {
      const depth = parseInt(h.get('X-RSC-Segment-Depth') || '0', 10);
      applyRegion(depth >= 0 ? depth : 0, root.p, splitList(h.get('X-RSC-Layouts')), h.get('X-RSC-Version'));
    }
    return root ? root.a : undefined;
  }
  let answer: { message?: unknown; errors?: unknown; digest?: unknown } | null = null;
  try {
    answer = await res.json();
  } catch {
    answer = null;
  }
  const message = answer && typeof answer.message === 'string' && answer.message ? answer.message : 'The action failed (' + res.status + ').';
  const errors = answer && answer.errors && typeof answer.errors === 'object' ? answer.errors as Record<string, string[]> : undefined;
  const digest = answer && typeof answer.digest === 'string' ? answer.digest : undefined;
  throw new ActionError(message, res.status, errors, digest);
}
