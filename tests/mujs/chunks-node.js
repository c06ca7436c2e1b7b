// chunks-node.js — the chunk registry of runtime/prelude.js for a bundle
// run in Node (tests/suites/web-apis.sh's Node side): toolchain/bundle.mjs
// writes every bundle as __kit_define(name, factory) calls (per-route server
// bundles, docs/build-output.md); here they run as CommonJS-style factories.
var __kit_chunks = {};
function __kit_define(name, factory) {
	if (!__kit_chunks[name]) __kit_chunks[name] = { factory: factory, module: null };
}
function __kit_require(name) {
	if (name.slice(0, 2) === './') name = name.slice(2);
	var c = __kit_chunks[name];
	if (!c) throw new Error('chunks-node.js: no chunk ' + name + ' in the bundle');
	if (c.module) return c.module.exports;
	c.module = { exports: {} };
	c.factory.call(undefined, c.module.exports, __kit_require, c.module);
	return c.module.exports;
}
function __kit_settle() {}
function __kit_lazy_modules(files, values) { return values; }
