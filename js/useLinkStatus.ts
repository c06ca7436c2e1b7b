// useLinkStatus(): `@kit/core/useLinkStatus` — {pending} of the nearest <Link>
// above the caller: true while that Link's navigation is in flight. Outside
// a Link, and on the server, {pending: false}.
import { useContext } from 'react';
import { LinkStatusContext, type LinkStatus } from './client/context';

export function useLinkStatus(): LinkStatus {
  return useContext(LinkStatusContext);
}

export default useLinkStatus;
