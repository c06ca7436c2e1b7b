// Typed routes. Every build writes .kit/rsc-routes.d.ts, which declares this
// module's Href as the union of the app's routes; before the first build (or
// outside an app) Href is plain string.
export type Href = string;
export type RoutePath = string;
