# js/ — @kit/core, installed under $(pkgdatadir)/js; kit-build aliases
# `@kit/core` and the server-side `react` to it.
kitjsdir = $(pkgdatadir)/js
dist_kitjs_DATA = js/package.json js/README.md js/redirect.ts js/routes.ts
kitjsserverdir = $(pkgdatadir)/js/server
dist_kitjsserver_DATA = \
	js/server/jsx-runtime.ts \
	js/server/jsx-dev-runtime.ts \
	js/server/react.ts \
	js/server/hooks.ts \
	js/server/runtime.ts \
	js/server/symbols.ts
