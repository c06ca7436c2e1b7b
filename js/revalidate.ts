// revalidate(...regions): marks regions of the page stale from inside a
// server action; the action's answer carries them re-rendered (no second
// request). Regions (docs/actions.md §3):
//   'page'  the page the action was called from (X-RSC-Referer), rendered
//           below the layouts the browser holds and applied in place.
// Outside an action it does nothing (a page render has no answer to carry it).
import { revalidated } from './server/rpc';

export function revalidate(...regions: string[]): void {
  for (let i = 0; i < regions.length; i++)
    if (typeof regions[i] !== 'string' || regions[i] === '' || /[,\r\n]/.test(regions[i]))
      throw new TypeError('revalidate(): a region is a non-empty name without commas or line breaks (e.g. \'page\')');
  revalidated(regions);
}
