// es5-node.mjs — runs one lowered bundle of tests/jsdiff (what mujs runs) in
// Node instead, with the prelude's toolchain targets (__kit_in, __kit_regexp,
// __kit_RegExp) done natively. A snippet whose line here differs from Node's
// own run of the source changed meaning in kit's toolchain (esbuild, SWC's ES5
// lowering, toolchain/mujs-lower.mjs, sloppy mode), whatever mujs does.
//   TZ=UTC node tests/jsdiff/es5-node.mjs BUNDLE.js
import fs from 'node:fs';
import vm from 'node:vm';

const file = process.argv[2];
process.on('unhandledRejection', () => {});
globalThis.print = (...a) => process.stdout.write(a.join(' ') + '\n');
globalThis.__kit_in = function (key, o) {
	if (o === null || (typeof o !== 'object' && typeof o !== 'function'))
		throw new TypeError(`Cannot use 'in' operator to search for '${String(key)}' in ${String(o)}`);
	return key in o;
};
// plain functions: the lowered code calls them with new as well
globalThis.__kit_regexp = function (source, flags) { return new RegExp(source, flags); };
globalThis.__kit_RegExp = function __kit_RegExp(pattern, flags) {
	if (!(this instanceof __kit_RegExp) && flags === undefined && pattern instanceof RegExp)
		return pattern;
	return flags === undefined ? new RegExp(pattern) : new RegExp(pattern, flags);
};
vm.runInThisContext(fs.readFileSync(file, 'utf8'), { filename: file });
