// `fs` / `node:fs` for server code (docs/files.md): reading the app's own
// files — content, posts, data — at build time and per request, as a
// Next.js app does with `fs.readFileSync(path.join(process.cwd(), …))`.
// Reads, lists and stats; every path resolves against process.cwd() (the
// app's directory) and must stay inside it (render/fs.c checks, symbolic
// links included). Writing is refused: a deployed app's files are its build.
// Errors are Node's: code, errno, syscall, path and the same message.
import { resolve as resolvePath } from './path';

declare function __kit_fs_read(path: string, bytes: boolean): { ok?: string; code?: string };
declare function __kit_fs_list(path: string): { ok?: [string, string][]; code?: string };
declare function __kit_fs_stat(path: string, follow: boolean): { ok?: RawStat; code?: string };

interface RawStat { size: number; mode: number; type: string; atimeMs: number; mtimeMs: number; ctimeMs: number }
type Encoding = 'utf8' | 'utf-8' | 'latin1' | 'binary' | 'ascii' | 'base64' | 'base64url' | 'hex' | 'ucs2' | 'ucs-2' | 'utf16le' | 'utf-16le' | null | undefined;
type Options = Encoding | { encoding?: Encoding; flag?: string; withFileTypes?: boolean; recursive?: boolean; throwIfNoEntry?: boolean };

const ERRNO: Record<string, [number, string]> = {
  ENOENT: [-2, 'no such file or directory'],
  ENOTDIR: [-20, 'not a directory'],
  EISDIR: [-21, 'illegal operation on a directory'],
  EACCES: [-13, 'permission denied'],
  ELOOP: [-40, 'too many symbolic links encountered'],
  ENAMETOOLONG: [-36, 'name too long'],
  EMFILE: [-24, 'too many open files'],
  EIO: [-5, 'i/o error'],
};

export interface FsError extends Error { code: string; errno?: number; syscall?: string; path?: string }

function fail(code: string, syscall: string, path: string): never {
  let e: FsError;
  if (code === 'KIT_OUTSIDE') {
    e = new Error(`kit: ${path} is outside the app's directory (${process.cwd()}): server code may read only the app's own files`) as FsError;
  } else if (code === 'KIT_NO_ROOT') {
    e = new Error(`kit: no app directory to read ${path} from (the engine was opened without one)`) as FsError;
  } else if (code === 'KIT_TOO_LARGE') {
    e = new Error(`kit: ${path} is larger than 64 MiB: too large to read into the server's memory`) as FsError;
  } else {
    const [errno, text] = ERRNO[code] || [-5, 'i/o error'];
    // Node names no path for a read of a directory
    e = new Error(code === 'EISDIR' && syscall === 'read' ? `${code}: ${text}, read` : `${code}: ${text}, ${syscall} '${path}'`) as FsError;
    e.errno = errno;
    e.syscall = syscall;
    if (!(code === 'EISDIR' && syscall === 'read')) e.path = path;
  }
  e.code = code;
  throw e;
}

// A path argument (a string or a file: URL) as an absolute path.
function toPath(p: unknown, name = 'path'): string {
  if (p && typeof p === 'object' && (p as { protocol?: string }).protocol === 'file:')
    p = decodeURIComponent((p as { pathname: string }).pathname);
  if (typeof p !== 'string') {
    const e = new TypeError(`The "${name}" argument must be of type string or an instance of Buffer or URL. Received ${p === null ? 'null' : typeof p}`) as FsError;
    e.code = 'ERR_INVALID_ARG_TYPE';
    throw e;
  }
  return resolvePath(p);
}

function encodingOf(o: Options): Encoding {
  return typeof o === 'string' || o === null || o === undefined ? (o as Encoding) : o.encoding;
}

// Encodings Buffer decodes from the file's bytes (read as latin1: one
// character per byte)
const BUFFER_ENCODINGS = ['ascii', 'base64', 'base64url', 'hex', 'ucs2', 'ucs-2', 'utf16le', 'utf-16le'];

export function readFileSync(file: unknown, options?: Options): string | Uint8Array {
  const p = toPath(file);
  const enc = encodingOf(options);
  const viaBuffer = enc === undefined || enc === null || BUFFER_ENCODINGS.indexOf(String(enc).toLowerCase()) >= 0;
  if (!viaBuffer && enc !== 'utf8' && enc !== 'utf-8' && enc !== 'latin1' && enc !== 'binary') {
    const e = new TypeError(`The argument 'encoding' is invalid encoding. Received '${enc}'`) as FsError;
    e.code = 'ERR_INVALID_ARG_VALUE';
    throw e;
  }
  const r = __kit_fs_read(p, viaBuffer || enc === 'latin1' || enc === 'binary');
  if (r.code) fail(r.code, r.code === 'EISDIR' ? 'read' : 'open', p);
  if (!viaBuffer) return r.ok as string;
  const bytes = Buffer.from(r.ok as string, 'latin1');
  return enc === undefined || enc === null ? bytes : bytes.toString(enc as string);
}

export class Stats {
  size: number; mode: number; atimeMs: number; mtimeMs: number; ctimeMs: number; birthtimeMs: number;
  atime: Date; mtime: Date; ctime: Date; birthtime: Date;
  private type: string;
  constructor(s: RawStat) {
    this.type = s.type;
    this.size = s.size;
    this.mode = s.mode;
    this.atimeMs = s.atimeMs;
    this.mtimeMs = s.mtimeMs;
    this.ctimeMs = s.ctimeMs;
    this.birthtimeMs = s.ctimeMs;
    this.atime = new Date(s.atimeMs);
    this.mtime = new Date(s.mtimeMs);
    this.ctime = new Date(s.ctimeMs);
    this.birthtime = new Date(s.ctimeMs);
  }
  isFile() { return this.type === 'file'; }
  isDirectory() { return this.type === 'dir'; }
  isSymbolicLink() { return this.type === 'link'; }
  isFIFO() { return false; }
  isSocket() { return false; }
  isBlockDevice() { return false; }
  isCharacterDevice() { return false; }
}

function statOf(file: unknown, follow: boolean, options?: Options): Stats | undefined {
  const p = toPath(file);
  const r = __kit_fs_stat(p, follow);
  if (r.code) {
    if (r.code === 'ENOENT' && options && typeof options === 'object' && options.throwIfNoEntry === false) return undefined;
    fail(r.code, follow ? 'stat' : 'lstat', p);
  }
  return new Stats(r.ok as RawStat);
}

export function statSync(file: unknown, options?: Options): Stats | undefined {
  return statOf(file, true, options);
}

export function lstatSync(file: unknown, options?: Options): Stats | undefined {
  return statOf(file, false, options);
}

export function existsSync(file: unknown): boolean {
  let p: string;
  try {
    p = toPath(file);
  } catch {
    return false;
  }
  const r = __kit_fs_stat(p, true);
  if (r.code === 'KIT_OUTSIDE' || r.code === 'KIT_NO_ROOT') fail(r.code, 'access', p);
  return !r.code;
}

export function accessSync(file: unknown): void {
  const p = toPath(file);
  const r = __kit_fs_stat(p, true);
  if (r.code) fail(r.code, 'access', p);
}

export class Dirent {
  name: string; parentPath: string; path: string;
  private type: string;
  constructor(name: string, type: string, parent: string) {
    this.name = name;
    this.type = type;
    this.parentPath = parent;
    this.path = parent;
  }
  isFile() { return this.type === 'file'; }
  isDirectory() { return this.type === 'dir'; }
  isSymbolicLink() { return this.type === 'link'; }
  isFIFO() { return false; }
  isSocket() { return false; }
  isBlockDevice() { return false; }
  isCharacterDevice() { return false; }
}

export function readdirSync(dir: unknown, options?: Options): (string | Dirent)[] {
  const root = toPath(dir);
  const o = typeof options === 'object' && options ? options : {};
  const out: (string | Dirent)[] = [];
  // recursive: Node lists a directory's entries, then each subdirectory's
  const queue: [string, string][] = [[root, '']];
  while (queue.length) {
    const [abs, rel] = queue.shift() as [string, string];
    const r = __kit_fs_list(abs);
    if (r.code) fail(r.code, 'scandir', abs);
    for (const [name, type] of r.ok as [string, string][]) {
      out.push(o.withFileTypes ? new Dirent(name, type, abs) : rel ? rel + '/' + name : name);
      if (o.recursive && type === 'dir') queue.push([abs + '/' + name, rel ? rel + '/' + name : name]);
    }
  }
  return out;
}

function readOnly(name: string): () => never {
  return () => {
    const e = new Error(`kit: fs.${name}() is not available: server code reads the app's files but never writes them (a deployed app's files are its build; keep data in a store or the backend)`) as FsError;
    e.code = 'EROFS';
    throw e;
  };
}

export const writeFileSync = readOnly('writeFileSync');
export const appendFileSync = readOnly('appendFileSync');
export const mkdirSync = readOnly('mkdirSync');
export const rmSync = readOnly('rmSync');
export const unlinkSync = readOnly('unlinkSync');
export const renameSync = readOnly('renameSync');
export const copyFileSync = readOnly('copyFileSync');

// The promise API: what the sync call gives, settled in a later job.
function later<T>(f: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    try {
      resolve(f());
    } catch (e) {
      reject(e);
    }
  });
}

export const promises = {
  readFile: (file: unknown, options?: Options) => later(() => readFileSync(file, options)),
  readdir: (dir: unknown, options?: Options) => later(() => readdirSync(dir, options)),
  stat: (file: unknown, options?: Options) => later(() => statSync(file, options)),
  lstat: (file: unknown, options?: Options) => later(() => lstatSync(file, options)),
  access: (file: unknown) => later(() => accessSync(file)),
  writeFile: (..._: unknown[]) => later(readOnly('promises.writeFile')),
  mkdir: (..._: unknown[]) => later(readOnly('promises.mkdir')),
  rm: (..._: unknown[]) => later(readOnly('promises.rm')),
};

// The callback API: (err, value) after the current job, as Node calls back.
type Callback<T> = (err: FsError | null, value?: T) => void;
function callback<T>(args: unknown[], f: (...a: unknown[]) => T): void {
  const cb = args.pop() as Callback<T>;
  if (typeof cb !== 'function') throw new TypeError('The "cb" argument must be of type function');
  let v: T;
  try {
    v = f(...args);
  } catch (e) {
    setTimeout(() => cb(e as FsError));
    return;
  }
  setTimeout(() => cb(null, v));
}

export function readFile(...args: unknown[]) { callback(args, (f, o) => readFileSync(f, o as Options)); }
export function readdir(...args: unknown[]) { callback(args, (d, o) => readdirSync(d, o as Options)); }
export function stat(...args: unknown[]) { callback(args, (f, o) => statSync(f, o as Options)); }
export function lstat(...args: unknown[]) { callback(args, (f, o) => lstatSync(f, o as Options)); }
export function access(...args: unknown[]) { callback(args, (f) => accessSync(f)); }
export function exists(file: unknown, cb: (exists: boolean) => void) {
  const v = existsSync(file);
  setTimeout(() => cb(v));
}

export const constants = { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1 };

export default {
  readFileSync, statSync, lstatSync, existsSync, accessSync, readdirSync, Stats, Dirent,
  writeFileSync, appendFileSync, mkdirSync, rmSync, unlinkSync, renameSync, copyFileSync,
  promises, readFile, readdir, stat, lstat, access, exists, constants,
};
