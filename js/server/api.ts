// API routes (route.ts): the handler gets a web-standard Request and
// { params }, returns a Response (sync or async). Bundled only for apps that
// have API routes or use the web classes (build/webuse.c); the engine calls
// runRoute and writes the answer (render/engine.c kit_engine_api).
import { peekBody, readBodyBytes, Response } from './web/index';
import { request } from '../request';
import { takeResponseHeaders } from './request-context';

type Handler = (req: Request, ctx: { params: Record<string, string | string[]> }) => unknown;

export interface RouteAnswer {
  status: number;
  headers: Array<[string, string]>;
  kind: 'none' | 'text' | 'bytes';
  body: string;
}

export function runRoute(ns: Record<string, unknown>, method: string, params: Record<string, string | string[]>): Promise<RouteAnswer> {
  let handler = ns[method] as Handler | undefined;
  if (typeof handler !== 'function' && method === 'HEAD') handler = ns['GET'] as Handler | undefined;
  if (typeof handler !== 'function') return Promise.reject(new Error('no handler for ' + method));
  const h = handler;
  return Promise.resolve()
    .then(() => h(request() as unknown as Request, { params }))
    .then((res) => {
      if (!(res instanceof Response))
        throw new TypeError('an API route handler must return a Response (got ' + (res === null ? 'null' : typeof res) + ')');
      const headers: Array<[string, string]> = [];
      res.headers.forEach((value: string, name: string) => {
        if (name !== 'set-cookie') headers.push([name, value]);
      });
      const cookies = res.headers.getSetCookie();
      for (let i = 0; i < cookies.length; i++) headers.push(['set-cookie', cookies[i]]);
      const extra = takeResponseHeaders();
      for (let i = 0; i < extra.length; i++) headers.push(extra[i]);
      const peek = peekBody(res as never);
      if (peek.used) throw new TypeError('the Response body was already read');
      if (peek.kind === 'none') return { status: res.status, headers, kind: 'none' as const, body: '' };
      if (peek.kind === 'text') return { status: res.status, headers, kind: 'text' as const, body: peek.value };
      return readBodyBytes(res as never).then((bytes) => ({ status: res.status, headers, kind: 'bytes' as const, body: bytes }));
    });
}
