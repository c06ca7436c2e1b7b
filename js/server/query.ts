// GET /_rsc/query: a query of the action client (@kit/core/action) called
// by the browser (docs/action-client.md "GET /_rsc/query"). The engine
// (render/engine.c kit_engine_query) calls runQuery with the request begun;
// on success the answer is rendered like an action's ({a: value}, no page),
// from the value kept with keepResult. queryIds() tells the engine, once at
// load, which server references are queries: the documents it writes carry
// them (self.__kit_q) so the browser's callServer sends those as GETs.
import { lookupServerReference, serverModuleFile } from './server-reference';
import { decodeReply, failure, keepResult, type ActionOutcome } from './actions';
import { actionKind, queryCache } from '../action';
import { setPhase, requestWasRead } from './request-context';

export interface QueryOutcome extends ActionOutcome {
  cache: 'public' | 'private';
  json: string;
}

function refused(status: number, message: string, log: string): QueryOutcome {
  return { kind: 'refused', status, message, log, cache: 'private', json: JSON.stringify({ message, errors: {} }) };
}

export { queryIds } from './query-ids';

// id: the `id` parameter; args: the `args` parameter (React's encodeReply of
// the argument list as a string, i.e. JSON with $-escapes), as bytes.
export function runQuery(id: string, args: string): Promise<QueryOutcome> {
  const fn = lookupServerReference(id);
  // an action is never run by a GET: only what client.query() built answers here
  if (!fn || actionKind(fn) !== 'query')
    return Promise.resolve(refused(404, 'Unknown query.', fn ? id + ' is a server action, not a query' : 'no query ' + id));
  const hash = id.slice(0, id.indexOf('#'));
  const where = 'query ' + id + ' (' + serverModuleFile(hash) + ')';
  let list: unknown[];
  try {
    list = decodeReply('text/plain', args);
  } catch (e) {
    const o = failure(e, where);
    return Promise.resolve(refused(400, o.message || 'The query arguments could not be read.', o.log || where));
  }
  setPhase('action');
  keepResult(undefined);
  return Promise.resolve()
    .then(() => fn.apply(null, list))
    .then((value): QueryOutcome => {
      keepResult(value);
      let cache = queryCache(fn);
      // an answer that read the visitor (cookies(), headers(), request(), in
      // the chain or the query) is never stored by a shared cache
      if (cache === 'public' && requestWasRead()) {
        cache = 'private';
        return { kind: 'ok', status: 200, cache, json: '',
          log: where + " is cache: 'public' but read the request (cookies(), headers() or request()): answered private, no-store" };
      }
      return { kind: 'ok', status: 200, cache, json: '' };
    }, (e): QueryOutcome => {
      const o = failure(e, where);
      const answer = { message: o.kind === 'failed' ? 'The query failed.' : o.message || '', errors: (o.errors as object | undefined) || {} };
      return { ...o, cache: 'private', json: o.kind === 'redirect' ? '' : JSON.stringify(answer) };
    });
}
