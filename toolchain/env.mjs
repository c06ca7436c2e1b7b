// env.mjs — the app's .env files, as Next.js loads them (docs/env.md).
//
// For a production build: .env.production.local, .env.local,
// .env.production, .env — a key from an earlier file wins, and the process's
// own environment wins over every file. Values expand $NAME and ${NAME}
// (${NAME:-default} too; \$ is a dollar) from the environment and the
// files. NEXT_PUBLIC_* values are written into both bundles at build time;
// the rest reach server code only, through process.env (kit-build writes
// them to .kit/env.json, which the engine reads under the process's
// environment: render/env.c).
import fs from 'node:fs';
import path from 'node:path';

export function envFiles(mode) {
  return [`.env.${mode}.local`, mode === 'test' ? null : '.env.local', `.env.${mode}`, '.env'].filter(Boolean);
}

// dotenv's syntax: KEY=value lines, `export ` allowed, # comments; values
// '…', "…" (\n \r \t \" \\ escapes, may span lines) or `…`; an unquoted
// value ends at " #" and is trimmed. Every value is expanded, single-quoted
// ones too, as @next/env does.
export function parseEnv(text) {
  const out = {};
  const re = /^\s*(?:export\s+)?([\w.-]+)(?:\s*=\s*?|:\s+?)(\s*'(?:\\'|[^'])*'|\s*"(?:\\"|[^"])*"|\s*`(?:\\`|[^`])*`|[^#\r\n]+)?\s*(?:#.*)?(?:$|\r?\n)/gm;
  const src = text.replace(/\r\n?/g, '\n');
  let m;
  while ((m = re.exec(src)) !== null) {
    let value = (m[2] || '').trim();
    const q = value[0];
    value = value.replace(/^(['"`])([\s\S]*)\1$/m, '$2');
    if (q === '"') value = value.replace(/\\n/g, '\n').replace(/\\r/g, '\r').replace(/\\t/g, '\t').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    out[m[1]] = value;
  }
  return out;
}

function expand(value, lookup) {
  return value.replace(/(\\)?\$(?:\{([\w.]+)(?::?-([^}]*))?\}|([A-Za-z_]\w*))/g, (all, escaped, braced, fallback, bare) => {
    if (escaped) return all.slice(1);
    const name = braced || bare;
    const v = lookup(name);
    return v !== undefined && v !== '' ? v : fallback !== undefined ? fallback : '';
  });
}

// { values: {KEY: value} from the files, expanded; files: the ones read }
export function loadEnv(root, mode, environ = process.env) {
  const raw = {};
  const files = [];
  for (const name of envFiles(mode)) {
    const file = path.join(root, name);
    let text;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    files.push(name);
    for (const [k, v] of Object.entries(parseEnv(text))) if (!(k in raw)) raw[k] = v;
  }
  const values = {};
  const lookup = (name) => (environ[name] !== undefined ? environ[name] : values[name] !== undefined ? values[name]
    : raw[name] !== undefined ? expand(raw[name], () => undefined) : undefined);
  for (const [k, v] of Object.entries(raw)) values[k] = expand(v, lookup);
  return { values, files };
}

// esbuild defines for NEXT_PUBLIC_* (the environment over the files)
export function publicDefines(values, environ = process.env) {
  const defines = {};
  const all = { ...values };
  for (const [k, v] of Object.entries(environ)) if (v !== undefined) all[k] = v;
  for (const [k, v] of Object.entries(all))
    if (k.startsWith('NEXT_PUBLIC_')) defines[`process.env.${k}`] = JSON.stringify(v);
  return defines;
}
