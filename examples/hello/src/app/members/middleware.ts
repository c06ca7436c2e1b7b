// Backend guard: before anything under /members renders (stored pages and
// navigations included), kit asks the backend's __rsc.middleware with
// ['auth']; only a literal true lets it render. examples/backend/app.py
// answers 401 without a session cookie — sign in at /login (a URL this app
// does not own: kit forwards it to the backend, which sets the cookie).
export const middleware = ['auth'];
