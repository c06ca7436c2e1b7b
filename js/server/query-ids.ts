// The ids of every query of the action client (docs/action-client.md), for
// the engine once at load: the documents carry them (self.__kit_q). Kept
// apart from query.ts, which decodes FormData arguments: the generated
// entry exports this from kit's core, while the action and query runners
// (and the web classes they need) load on the first action (build/emit.c).
import { lookupServerReference, serverReferenceIds } from './server-reference';
import { actionKind } from '../action';

// comma-separated ("" when the app has none)
export function queryIds(): string {
  return serverReferenceIds().filter((id) => actionKind(lookupServerReference(id)) === 'query').join(',');
}
