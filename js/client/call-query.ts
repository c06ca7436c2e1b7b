// callQuery: how the browser reads a query of the action client
// (docs/action-client.md "GET /_rsc/query"). callServer hands it every id
// the document listed as a query (self.__kit_q, written by the engine from
// the server's registry), so a query imported into a client component is a
// GET — cacheable when built with { cache: 'public' } — never a POST:
//
//   GET /_rsc/query?id=<id>&args=<encodeReply(args), a string>
//   X-RSC-Query: 1                 (required: a cross-site page cannot send it without CORS)
//   X-RSC-Referer                  the page shown
//   X-RSC-Version                  the build version (409 when it changed: full load)
//
// Answers: 200 text/x-component → the root {a}: `a` resolves the call;
// 204 + X-RSC-Redirect → a client navigation, then undefined; anything else
// rejects with an ActionError carrying the JSON answer's status, message and
// errors (as a refused action does).
// FIRST, as in call-server.ts: this module may run before the entry's body
import './webpack-shim';
import { encodeReply } from 'react-server-dom-webpack/client.browser';
import { currentVersion, decodePayload, visit } from './core';
import { ActionError } from './call-server';

declare global {
  interface Window { __kit_q?: string }
}

let listed: Set<string> | null = null;

// Is this server reference a query? (the ids the document carried)
export function isQuery(id: string): boolean {
  if (!listed) {
    const s = typeof self !== 'undefined' && typeof self.__kit_q === 'string' ? self.__kit_q : '';
    listed = new Set(s ? s.split(',') : []);
  }
  return listed.has(id);
}

export async function callQuery(id: string, args: unknown[]): Promise<unknown> {
  const reply = await encodeReply(args);
  if (typeof reply !== 'string')
    throw new ActionError('A query is read with GET: its arguments cannot hold FormData, files or blobs.', 0);
  const url = '/_rsc/query?id=' + encodeURIComponent(id) + '&args=' + encodeURIComponent(reply);
  const headers: Record<string, string> = { 'X-RSC-Query': '1', 'X-RSC-Referer': location.pathname + location.search };
  const v = currentVersion();
  if (v) headers['X-RSC-Version'] = v;
  let res: Response;
  try {
    res = await fetch(url, { headers, credentials: 'same-origin' });
  } catch (e) {
    throw new ActionError('The server could not be reached.', 0);
  }
  if (res.status === 409) {
    // the app was updated: a full load of the page (as callServer does)
    location.href = res.headers.get('X-RSC-Location') || location.href;
    return new Promise(() => {});
  }
  const redirect = res.headers.get('X-RSC-Redirect');
  if (redirect && res.status >= 200 && res.status < 300) {
    await visit(redirect);
    return undefined;
  }
  if (res.status === 200 && (res.headers.get('Content-Type') || '').indexOf('text/x-component') >= 0 && res.body) {
    const root = (await decodePayload(res.body)) as { a?: unknown } | null;
    return root ? root.a : undefined;
  }
  let answer: { message?: unknown; errors?: unknown; digest?: unknown } | null = null;
  try {
    answer = await res.json();
  } catch {
    answer = null;
  }
  const message = answer && typeof answer.message === 'string' && answer.message ? answer.message : 'The query failed (' + res.status + ').';
  const errors = answer && answer.errors && typeof answer.errors === 'object' ? answer.errors as Record<string, string[]> : undefined;
  const digest = answer && typeof answer.digest === 'string' ? answer.digest : undefined;
  throw new ActionError(message, res.status, errors, digest);
}
