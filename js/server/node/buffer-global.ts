// Node's global Buffer for server code: toolchain/bundle.mjs injects this
// module wherever server code names `Buffer` without importing it (esbuild's
// inject; the `buffer` package is marked side-effect free, so a bundle that
// never names Buffer gets none of it). The class is the `buffer` package
// from npm (toolchain/package.json), the one browser bundlers use for
// Node's, over kit's typed arrays.
export { Buffer } from 'buffer';
