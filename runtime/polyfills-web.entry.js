/* polyfills-web.entry.js — runtime/polyfills.js plus core-js's URL in one
 * file, for the runs of the web classes (js/server/web) without kit-build:
 * tests/suites/web-apis.sh. A kit-build has them apart
 * (runtime/polyfills-url.entry.js): the URL modules load with the routes
 * that use the web classes. Bundled like polyfills.entry.js
 * (toolchain/local.mk); never lowered. Here both come from the one copy of
 * core-js this bundle holds. */
require('./polyfills.entry.js');
require('./polyfills-url.entry.js');
