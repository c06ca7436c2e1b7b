/* polyfills.entry.js — the curated core-js subset that loads in mujs 1.3.2.
 * Bundled by toolchain/local.mk (esbuild --bundle --format=iife --target=es5
 * --minify-whitespace) into runtime/polyfills.js; never lowered by SWC or Babel.
 * Left out on purpose: es.promise (prelude.js has a faster Promise) and
 * es.symbol.description (mujs's 'in' runs getters; see shared/notes/mujs.md). */
require('core-js/modules/es.symbol');
require('core-js/modules/es.symbol.iterator');
require('core-js/modules/es.symbol.async-iterator');
require('core-js/modules/es.array.iterator');
require('core-js/modules/es.string.iterator');
require('core-js/modules/es.map');
require('core-js/modules/es.set');
require('core-js/modules/es.weak-map');
require('core-js/modules/es.object.assign');
require('core-js/modules/es.object.entries');
require('core-js/modules/es.object.values');
require('core-js/modules/es.object.set-prototype-of');
require('core-js/modules/es.array.from');
require('core-js/modules/es.array.find');
require('core-js/modules/es.array.find-index');
require('core-js/modules/es.array.includes');
require('core-js/modules/es.string.includes');
require('core-js/modules/es.string.starts-with');
require('core-js/modules/es.string.ends-with');
require('core-js/modules/es.string.pad-start');
require('core-js/modules/es.number.is-integer');
require('core-js/modules/es.global-this');
