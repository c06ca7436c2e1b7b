/* polyfills-web.entry.js — runtime/polyfills.js plus core-js's URL in one
 * file, for the runs of the web classes (js/server/web) without kit-build:
 * tests/suites/web-apis.sh. A kit-build has them apart
 * (runtime/polyfills-url.entry.js): the URL modules load with the routes
 * that use the web classes. Bundled like polyfills.entry.js
 * (toolchain/local.mk); never lowered. */
require('./polyfills.entry.js');
// core-js's WHATWG URL, for js/server/web/url.ts, from the same copy of
// core-js as the polyfills (an app bundling its own copy of core-js's
// internals for URL parsed and ran ~200 kB more at every start). Nothing of it runs until
// url.ts calls installURL(), after its fixes: encodeURIComponent (uri.ts),
// the string iterator, and the patches of core-js-patches.ts, which must
// reach the URL modules' internals before those load and capture them.
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
