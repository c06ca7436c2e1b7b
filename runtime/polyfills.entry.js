/* polyfills.entry.js — the curated core-js subset that loads in mujs 1.3.2.
 * Bundled by toolchain/local.mk (esbuild --bundle --format=iife --target=es5
 * --minify-whitespace) into runtime/polyfills.js; never lowered by SWC or Babel.
 * Left out on purpose: es.promise (prelude.js has a faster Promise) and
 * every es.symbol module: kit's mujs has Symbol natively (patches 0500,
 * 0501), so core-js's internals use it for their well-known symbols. */

// core-js keeps its internal state under hidden string keys ("Symbol(state)_…",
// "Symbol(meta)_…": mujs has no native WeakMap), non-enumerable; its Symbol
// polyfill left them out of Object.getOwnPropertyNames, and so do these
// wrappers of getOwnPropertyNames and Reflect.ownKeys, installed first so
// that core-js's getOwnPropertyDescriptors builds on them (V8 has no such
// keys). A primitive is converted to an object, as ES2015 does.
(function (hiddenKeys) {
  var names = Object.getOwnPropertyNames, keys = Reflect.ownKeys, hasOwn = Object.prototype.hasOwnProperty;
  function visible(all) {
    var out = [];
    for (var i = 0; i < all.length; i++)
      if (typeof all[i] !== 'string' || !hasOwn.call(hiddenKeys, all[i]))
        out.push(all[i]);
    return out;
  }
  Object.getOwnPropertyNames = function getOwnPropertyNames(o) {
    return visible(names(o === null || o === undefined ? o : Object(o)));
  };
  Reflect.ownKeys = function ownKeys(o) {
    return visible(keys(o));
  };
})(require('core-js/internals/hidden-keys'));
require('core-js/modules/es.array.iterator');
// mujs defines Array.prototype[@@unscopables] at start (patch 0501); moved
// after [@@iterator], so Object.getOwnPropertySymbols lists them in V8's order
(function (AP, key) {
  var unscopables = AP[key];
  delete AP[key];
  Object.defineProperty(AP, key, { value: unscopables, configurable: true });
})(Array.prototype, Symbol.unscopables);
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
// ES2015+ library functions apps reach for (each checked to load in mujs 1.3.2).
require('core-js/modules/es.math.imul');
require('core-js/modules/es.math.clz32');
require('core-js/modules/es.math.sign');
require('core-js/modules/es.math.trunc');
require('core-js/modules/es.math.log2');
require('core-js/modules/es.math.log10');
require('core-js/modules/es.math.hypot');
require('core-js/modules/es.math.cbrt');
require('core-js/modules/es.math.fround');
require('core-js/modules/es.number.is-nan');
require('core-js/modules/es.number.is-finite');
require('core-js/modules/es.number.is-safe-integer');
// Number.parseFloat and Number.parseInt are the global functions, as in
// ES2015: mujs's are right since patch 0402, core-js's modules would only
// check them
Object.defineProperty(Number, 'parseFloat', { value: parseFloat, writable: true, configurable: true });
Object.defineProperty(Number, 'parseInt', { value: parseInt, writable: true, configurable: true });
require('core-js/modules/es.number.epsilon');
require('core-js/modules/es.number.max-safe-integer');
require('core-js/modules/es.number.min-safe-integer');
require('core-js/modules/es.array.of');
require('core-js/modules/es.array.fill');
require('core-js/modules/es.array.find-last');
require('core-js/modules/es.array.at');
require('core-js/modules/es.string.repeat');
require('core-js/modules/es.string.pad-end');
require('core-js/modules/es.string.trim-start');
require('core-js/modules/es.string.trim-end');
require('core-js/modules/es.string.at-alternative');
require('core-js/modules/es.object.from-entries');
require('core-js/modules/es.object.get-own-property-descriptors');
require('core-js/modules/es.weak-set');
require('core-js/modules/es.object.is');
require('core-js/modules/es.object.has-own');
require('core-js/modules/es.array.find-last-index');
require('core-js/modules/es.string.replace-all');
require('core-js/modules/es.string.match-all');
require('core-js/modules/es.string.code-point-at');
require('core-js/modules/es.string.from-code-point');
// Built-ins missing from mujs 1.3.2 or wrong in it, found by the differential
// corpus (tests/jsdiff): Math's hyperbolic functions, copyWithin, String.raw,
// Annex B's escape/unescape and HTML methods (toFixed, toPrecision and
// toExponential are exact in mujs itself since patch 0403). Each loads in mujs.
require('core-js/modules/es.math.acosh');
require('core-js/modules/es.math.asinh');
require('core-js/modules/es.math.atanh');
require('core-js/modules/es.math.cosh');
require('core-js/modules/es.math.expm1');
require('core-js/modules/es.math.log1p');
require('core-js/modules/es.math.sinh');
require('core-js/modules/es.math.tanh');
require('core-js/modules/es.array.copy-within');
require('core-js/modules/es.string.raw');
require('core-js/modules/es.escape');
require('core-js/modules/es.unescape');
require('core-js/modules/es.string.anchor');
require('core-js/modules/es.string.big');
require('core-js/modules/es.string.blink');
require('core-js/modules/es.string.bold');
require('core-js/modules/es.string.fixed');
require('core-js/modules/es.string.fontcolor');
require('core-js/modules/es.string.fontsize');
require('core-js/modules/es.string.italics');
require('core-js/modules/es.string.link');
require('core-js/modules/es.string.small');
require('core-js/modules/es.string.strike');
require('core-js/modules/es.string.sub');
require('core-js/modules/es.string.sup');

