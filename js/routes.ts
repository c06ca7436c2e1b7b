// Typed routes. Every build writes .kit/rsc-routes.d.ts, which augments
// Register with the app's routes; Href then accepts exactly those paths
// (with a query or a fragment), a dynamic segment widened to `${string}`.
// Before the first build (or outside an app) Register is empty and every
// href is a plain string. Destinations computed at run time are cast:
// `visit(url as Href)`.
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface Register {}

/** A URL path the app serves: a page or an API route. */
export type RoutePath = Register extends { routes: infer R } ? R & string : string;

/** What Link's href, redirect(), visit(), prefetch() and Form's action accept. */
export type Href = Register extends { routes: infer R }
  ? (R & string) | `${R & string}?${string}` | `${R & string}#${string}`
  : string;
