// es5-node.mjs — runs one lowered bundle of tests/jsdiff (what mujs runs) in
// Node instead, with the prelude's toolchain target (__kit_in) done
// natively. A snippet whose line here differs from Node's
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
vm.runInThisContext(fs.readFileSync(file, 'utf8'), { filename: file });
