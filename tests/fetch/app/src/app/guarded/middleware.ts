import { responseHeaders } from '@kit/core/request';
import { BACKEND } from '../../backend';

// Middleware may fetch too (the engine awaits it through the same loop).
export default async function guard() {
  const data = await (await fetch(BACKEND + '/json')).json();
  responseHeaders().set('x-guard-fetch', String(data.hello));
}
