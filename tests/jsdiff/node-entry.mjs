// node-entry.mjs — the reference run: imports the case files named on the
// command line, as they are (ES modules, strict), into Node, then runs them.
//   TZ=UTC node tests/jsdiff/node-entry.mjs FILE.mjs...
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { start } from './harness.mjs';

// a snippet's stray rejection must not end the run (mujs has no such check)
process.on('unhandledRejection', () => {});
for (const f of process.argv.slice(2)) await import(pathToFileURL(path.resolve(f)).href);
start();
