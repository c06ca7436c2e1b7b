// generate.mjs — React's own output for kit's conformance corpus.
//
//   npm ci && node generate.mjs            rewrite golden/
//   node generate.mjs --check              regenerate into a scratch directory and
//                                          compare with golden/ byte for byte (exit 1
//                                          naming each file that differs)
//
// Two passes, each in its own node process, because React's Flight server only
// loads under the `react-server` export condition and Fizz only without it:
//   flight  cases-flight.jsx → react-server-dom-webpack/server renderToPipeableStream
//           → golden/flight/<name>.flight (the bytes) and <name>.chunks.json
//   html    cases-html.jsx → react-dom/server renderToPipeableStream
//           → golden/html/<name>.html (the bytes) and <name>.writes.json
// The .json files keep each write separately (where React flushed) and what
// onError was called with. Production builds only: development builds add debug
// rows that a production client refuses. The case files are compiled by
// esbuild (automatic JSX) into .cache/ beside this file, so that their imports
// resolve from this directory's node_modules.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const [mode, outArg] = process.argv.slice(2);

async function compile(name) {
  const { build } = await import('esbuild');
  const outfile = path.join(here, '.cache', name.replace(/\.jsx$/, '.mjs'));
  await build({ entryPoints: [path.join(here, name)], outfile, format: 'esm', jsx: 'automatic',
    bundle: false, logLevel: 'error' });
  return import(pathToFileURL(outfile).href);
}

// The .json beside each output: one space of indentation, a final newline.
const record = (about, onError, writes) => JSON.stringify({ notes: about, onError, writes }, null, 1) + '\n';

function isUtf8(buf) {
  try { new TextDecoder('utf-8', { fatal: true }).decode(buf); return true; } catch { return false; }
}

async function flightPass(out) {
  const { cases, clientManifest } = await compile('cases-flight.jsx');
  const { renderToPipeableStream } = await import('react-server-dom-webpack/server');
  fs.mkdirSync(out, { recursive: true });
  for (const c of cases) {
    const errors = [];
    const writes = await new Promise((resolve) => {
      const got = [];
      const sink = new Writable({
        write(chunk, _enc, done) { got.push(Buffer.from(chunk)); done(); },
        final(done) { resolve(got); done(); },
      });
      renderToPipeableStream(c.model, clientManifest, {
        onError(e) { errors.push(String(e && e.message)); return 'digest-' + errors.length; },
      }).pipe(sink);
    });
    fs.writeFileSync(path.join(out, c.name + '.flight'), Buffer.concat(writes));
    // a binary row (typed arrays) is not UTF-8: kept as base64
    const shown = writes.map((b) => (isUtf8(b) ? b.toString('utf8') : { base64: b.toString('base64') }));
    fs.writeFileSync(path.join(out, c.name + '.chunks.json'), record(c.about, errors, shown));
    console.log(`flight ${c.name}: ${writes.length} writes`);
  }
}

async function htmlPass(out) {
  const { cases } = await compile('cases-html.jsx');
  const { renderToPipeableStream } = await import('react-dom/server');
  fs.mkdirSync(out, { recursive: true });
  for (const c of cases) {
    const { digest, ...options } = c.options || {};
    const errors = [];
    const writes = await new Promise((resolve, reject) => {
      const got = [];
      const sink = new Writable({
        write(chunk, _enc, done) { got.push(Buffer.from(chunk).toString('utf8')); done(); },
        final(done) { resolve(got); done(); },
      });
      const stream = renderToPipeableStream(c.element, {
        ...options,
        onError(e) {
          errors.push(String(e && e.message));
          if (digest === null) return undefined;
          return digest !== undefined ? digest : 'dgst-' + errors.length;
        },
        onShellReady() { stream.pipe(sink); },
        onShellError: reject,
      });
    });
    fs.writeFileSync(path.join(out, c.name + '.html'), writes.join(''));
    fs.writeFileSync(path.join(out, c.name + '.writes.json'), record(c.about, errors, writes));
    console.log(`html ${c.name}: ${writes.length} writes`);
  }
}

// Runs both passes into dir, each in a child process with its conditions.
function generate(dir) {
  const env = { ...process.env, NODE_ENV: 'production' };
  const passes = [
    ['--conditions', 'react-server', fileURLToPath(import.meta.url), 'flight', path.join(dir, 'flight')],
    [fileURLToPath(import.meta.url), 'html', path.join(dir, 'html')],
  ];
  for (const args of passes) {
    const r = spawnSync(process.execPath, args, { env, stdio: 'inherit' });
    if (r.status !== 0) {
      console.error(`generate.mjs: the ${args.includes('flight') ? 'flight' : 'html'} pass failed`);
      process.exit(1);
    }
  }
}

function listFiles(dir) {
  const found = [];
  for (const sub of ['flight', 'html']) {
    const d = path.join(dir, sub);
    if (fs.existsSync(d))
      for (const f of fs.readdirSync(d).sort()) found.push(path.join(sub, f));
  }
  return found;
}

if (mode === 'flight' || mode === 'html') {
  if (process.env.NODE_ENV !== 'production') {
    console.error('generate.mjs: NODE_ENV must be production (development builds write debug rows)');
    process.exit(1);
  }
  await (mode === 'flight' ? flightPass(outArg) : htmlPass(outArg));
} else if (mode === '--check') {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-react-golden-'));
  generate(scratch);
  const golden = path.join(here, 'golden');
  const names = [...new Set([...listFiles(golden), ...listFiles(scratch)])].sort();
  const differ = names.filter((n) => {
    const a = path.join(golden, n), b = path.join(scratch, n);
    return !fs.existsSync(a) || !fs.existsSync(b) || !fs.readFileSync(a).equals(fs.readFileSync(b));
  });
  for (const n of differ) console.log(`differs: golden/${n} (fresh output in ${scratch}/${n})`);
  console.log(`${names.length - differ.length} of ${names.length} files identical`);
  if (!differ.length) fs.rmSync(scratch, { recursive: true, force: true });
  process.exit(differ.length ? 1 : 0);
} else if (mode === undefined) {
  const golden = path.join(here, 'golden');
  fs.rmSync(path.join(golden, 'flight'), { recursive: true, force: true });
  fs.rmSync(path.join(golden, 'html'), { recursive: true, force: true });
  generate(golden);
} else {
  console.error('usage: node generate.mjs [--check]');
  process.exit(2);
}
