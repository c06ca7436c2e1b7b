// `path` / `node:path` for server code (docs/files.md): POSIX paths with the
// results Node's functions give (tests/suites/files.sh compares them on a
// table of edge cases). `win32` is the POSIX one too: server code runs on
// the responder's Linux.

interface ArgTypeError extends TypeError { code: string }

function describe(v: unknown): string {
  if (v === null || v === undefined) return String(v);
  if (typeof v === 'function') return `function ${(v as { name?: string }).name || ''}`.trim();
  if (typeof v === 'object') {
    const c = (v as { constructor?: { name?: string } }).constructor;
    return 'an instance of ' + (c && c.name ? c.name : 'Object');
  }
  return `type ${typeof v} (${typeof v === 'string' ? `'${v}'` : String(v)})`;
}

function mustBeString(v: unknown, name = 'path'): asserts v is string {
  if (typeof v === 'string') return;
  const e = new TypeError(`The "${name}" argument must be of type string. Received ${describe(v)}`) as ArgTypeError;
  e.code = 'ERR_INVALID_ARG_TYPE';
  throw e;
}

// The segments of p with "", "." and ".." resolved; ".." that climbs above
// the start is kept only for a relative path.
function segments(p: string, absolute: boolean): string[] {
  const out: string[] = [];
  for (const s of p.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') {
      if (out.length && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
      continue;
    }
    out.push(s);
  }
  return out;
}

// p without the slashes that end it (the root stays "/").
function trimEnd(p: string): string {
  let end = p.length;
  while (end > 1 && p.charCodeAt(end - 1) === 47) end--;
  return p.slice(0, end);
}

function cwd(): string {
  const proc = (globalThis as { process?: { cwd?: () => string } }).process;
  return proc && proc.cwd ? proc.cwd() : '/';
}

export const sep = '/';
export const delimiter = ':';

export function normalize(p: string): string {
  mustBeString(p);
  if (p === '') return '.';
  const absolute = p[0] === '/';
  const slashEnd = p[p.length - 1] === '/';
  const body = segments(p, absolute).join('/');
  if (body === '') return absolute ? '/' : slashEnd ? './' : '.';
  return (absolute ? '/' : '') + body + (slashEnd ? '/' : '');
}

export function join(...parts: string[]): string {
  const kept: string[] = [];
  for (const p of parts) {
    mustBeString(p);
    if (p !== '') kept.push(p);
  }
  return kept.length ? normalize(kept.join('/')) : '.';
}

export function resolve(...parts: string[]): string {
  let joined = '';
  let absolute = false;
  for (let i = parts.length - 1; i >= 0 && !absolute; i--) {
    mustBeString(parts[i], `paths[${i}]`);
    if (parts[i] === '') continue;
    joined = joined ? parts[i] + '/' + joined : parts[i];
    absolute = parts[i][0] === '/';
  }
  if (!absolute) joined = joined ? cwd() + '/' + joined : cwd();
  return '/' + segments(joined, true).join('/');
}

export function isAbsolute(p: string): boolean {
  mustBeString(p);
  return p[0] === '/';
}

export function relative(from: string, to: string): string {
  mustBeString(from, 'from');
  mustBeString(to, 'to');
  if (from === to) return '';
  const a = segments(resolve(from), true), b = segments(resolve(to), true);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  const up: string[] = [];
  for (let i = common; i < a.length; i++) up.push('..');
  return up.concat(b.slice(common)).join('/');
}

export function toNamespacedPath(p: string): string {
  return p;
}

export function dirname(p: string): string {
  mustBeString(p);
  if (p === '') return '.';
  const t = trimEnd(p);
  const slash = t.lastIndexOf('/');
  if (slash < 0) return '.';
  if (slash === 0) return '/';
  if (slash === 1 && t[0] === '/') return '//';
  return t.slice(0, slash);
}

export function basename(p: string, suffix?: string): string {
  if (suffix !== undefined) mustBeString(suffix, 'suffix');
  mustBeString(p);
  if (suffix !== undefined && suffix !== '' && suffix === p) return '';
  // Node's quirk: only slashes, and a suffix no longer than them: as given
  if (suffix && suffix.length <= p.length && /^\/+$/.test(p)) return p;
  const t = trimEnd(p);
  const base = t === '/' ? '' : t.slice(t.lastIndexOf('/') + 1);
  if (suffix && base !== suffix && base.endsWith(suffix)) return base.slice(0, base.length - suffix.length);
  return base;
}

// The extension of a file name: from its last dot, unless the dot starts
// the name (".bashrc") or the name is "..".
function extOf(base: string): string {
  const dot = base.lastIndexOf('.');
  return dot <= 0 || base === '..' ? '' : base.slice(dot);
}

export function extname(p: string): string {
  mustBeString(p);
  return extOf(basename(p));
}

export interface ParsedPath { root: string; dir: string; base: string; ext: string; name: string }

export function parse(p: string): ParsedPath {
  mustBeString(p);
  const root = p[0] === '/' ? '/' : '';
  if (p === '') return { root, dir: '', base: '', ext: '', name: '' };
  const t = trimEnd(p);
  const slash = t.lastIndexOf('/');
  const base = basename(p);
  // Node's quirk: "/.." parses with the extension "."
  const ext = t === '/..' ? '.' : extOf(base);
  const dir = slash > 0 ? t.slice(0, slash) : root;
  return { root, dir, base, ext, name: base.slice(0, base.length - ext.length) };
}

export function format(o: Partial<ParsedPath>): string {
  if (o === null || typeof o !== 'object') {
    const e = new TypeError(`The "pathObject" argument must be of type object. Received ${describe(o)}`) as ArgTypeError;
    e.code = 'ERR_INVALID_ARG_TYPE';
    throw e;
  }
  const dir = o.dir || o.root;
  const ext = o.ext ? (o.ext[0] === '.' ? o.ext : '.' + o.ext) : '';
  const base = o.base || (o.name || '') + ext;
  if (!dir) return base;
  return dir === o.root ? dir + base : dir + '/' + base;
}

const path = {
  sep, delimiter, resolve, normalize, isAbsolute, join, relative, toNamespacedPath, dirname, basename,
  extname, format, parse, posix: null as unknown, win32: null as unknown,
};
path.posix = path;
path.win32 = path;
export const posix = path;
export const win32 = path;
export default path;
