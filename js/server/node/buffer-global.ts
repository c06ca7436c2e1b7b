// Node's global Buffer for server code (buffer.ts): toolchain/bundle.mjs
// injects this module wherever server code names `Buffer` without
// importing it (esbuild's inject).
export { Buffer } from './buffer';
