/* polyfills-url.entry.js — core-js's WHATWG URL for js/server/web/url.ts,
 * apart from runtime/polyfills.js: toolchain/polyfills.mjs bundles it into
 * runtime/polyfills-url.js, whose internals shared with polyfills.js come
 * from that file's copy (globalThis.__kit_core_js_internals) and whose
 * es.* modules polyfills.js has run already. kit-build makes it a chunk that
 * the web classes' chunk loads first (docs/build-output.md), so that an app
 * parses the URL code (~50 kB) only in the routes that use the web classes.
 * Nothing of it runs until url.ts calls installURL(), after its fixes:
 * encodeURIComponent (uri.ts) and the patches of core-js-patches.ts, which
 * must reach the URL modules' internals before those load and capture them.
 * polyfills-web.entry.js is the same on top of the polyfills, in one file,
 * for the tests that run js/server/web without kit-build (web-apis.sh). */
globalThis.__kit_core_js = {
  percentCoding: function () { return require('core-js/internals/url-percent-coding'); },
  defineProperty: function () { return require('core-js/internals/object-define-property'); },
  // where core-js keeps a URL's parsed state (url.ts's fast parser reaches it)
  internalState: function () { return require('core-js/internals/internal-state'); },
  installURL: function () {
    require('core-js/modules/web.url');
    require('core-js/modules/web.url.to-json');
    require('core-js/modules/web.url.can-parse');
    require('core-js/modules/web.url.parse');
    require('core-js/modules/web.url-search-params');
    require('core-js/modules/web.url-search-params.delete');
    require('core-js/modules/web.url-search-params.has');
  },
};
