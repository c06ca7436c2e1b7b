// The dev client (kit-build --dev only; docs/dev.md): the error overlay and
// live reload. toolchain/bundle.mjs builds it alone (no React, no imports)
// into static/dev-client-<hash>.js, client-manifest.json names it ("dev"),
// and the responders put it on every HTML page of a dev build:
//     <script src="/_kit/static/dev-client-<hash>.js" data-version="<build>"></script>
// after the shell, before the runtime's entry. A production build never has
// it.
//
// Overlay: what React reports (js/client/entry.ts calls self.__kit_dev.report
// with the component stack), uncaught errors and unhandled rejections, and a
// failed rebuild. Each shows its message, its stack with the frames mapped
// through the dev build's source maps (<chunk>.js.map, with the sources'
// text), the source lines around the first frame in an app file, and React's
// component stack. Dismissed with its × button or Escape.
//
// Live reload: every 500 ms (2 s while the tab is hidden) it fetches
// /_kit/dev/status.json, a file kit-serve --dev writes after every build and
// the web server serves itself ({"version": the build served, "error": the
// failed build's diagnostics or null, "client": its browser files}). A new
// version whose browser files are the page's refreshes the page in place
// (client state stays); another reloads the page; an error shows the
// overlay, which the next good build clears. No responder is held by an open
// tab.

interface Frame { name: string; url: string; line: number; column: number }
interface Mapped { name: string; file: string; app: boolean; line: number; context: string[] | null; first: number }
interface Report { kind: string; title: string; message: string; stack: string; componentStack: string }

const STATUS_URL = '/_kit/dev/status.json';
const me = document.currentScript;
const pageVersion = (me && me.getAttribute('data-version')) || '';

// --- source maps --------------------------------------------------------------

interface SourceMap { sources: string[]; sourcesContent?: (string | null)[]; lines: number[][][] }

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

// The "mappings" field: for each generated line its segments
// [column, source, line, column] (absolute values, 0-based).
function decodeMappings(mappings: string): number[][][] {
  const lines: number[][][] = [];
  let src = 0, line = 0, col = 0;
  for (const text of mappings.split(';')) {
    const segs: number[][] = [];
    let gen = 0;
    for (const part of text.split(',')) {
      if (!part) continue;
      const vals: number[] = [];
      let shift = 0, value = 0;
      for (let i = 0; i < part.length; i++) {
        const d = B64.indexOf(part[i]);
        value += (d & 31) << shift;
        if (d & 32) {
          shift += 5;
        } else {
          vals.push(value & 1 ? -(value >>> 1) : value >>> 1);
          shift = 0;
          value = 0;
        }
      }
      gen += vals[0];
      if (vals.length >= 4) {
        src += vals[1];
        line += vals[2];
        col += vals[3];
        segs.push([gen, src, line, col]);
      }
    }
    lines.push(segs);
  }
  return lines;
}

const maps = new Map<string, Promise<SourceMap | null>>();
function sourceMap(url: string): Promise<SourceMap | null> {
  let p = maps.get(url);
  if (!p) {
    p = fetch(url + '.map', { cache: 'no-store' })
      .then((r) => (r.ok ? r.json() : null))
      .then((m) => (m ? { sources: m.sources, sourcesContent: m.sourcesContent, lines: decodeMappings(m.mappings) } : null))
      .catch(() => null);
    maps.set(url, p);
  }
  return p;
}

// esbuild names sources relative to the static/ directory of the build
// (<app>/.kit.tmp-<pid>/static): "../../src/app/page.tsx" is the app's
// src/app/page.tsx; more "../" is outside the app (kit's own runtime).
function appPath(source: string): string | null {
  if (!source.startsWith('../../') || source.startsWith('../../../')) return null;
  const rel = source.slice(6);
  return rel.startsWith('node_modules/') ? null : rel;
}

// Chrome's "    at Name (URL:line:column)" and "    at URL:line:column".
function parseFrames(stack: string): Frame[] {
  const frames: Frame[] = [];
  for (const text of stack.split('\n')) {
    const m = /^\s*at (?:(.*?) \()?((?:https?:\/\/[^\s()]+?|\/[^\s()]+?)):(\d+):(\d+)\)?\s*$/.exec(text);
    if (m) frames.push({ name: m[1] || '', url: m[2], line: +m[3], column: +m[4] });
  }
  return frames;
}

async function mapFrame(f: Frame): Promise<Mapped | null> {
  if (!/\.js$/.test(f.url)) return null;
  const map = await sourceMap(f.url);
  if (!map) return null;
  const segs = map.lines[f.line - 1];
  if (!segs || !segs.length) return null;
  let best: number[] | null = null;
  for (const s of segs) if (s[0] <= f.column - 1) best = s;
  if (!best) best = segs[0];
  const source = map.sources[best[1]] || '';
  const line = best[2] + 1;
  const rel = appPath(source);
  const nm = source.lastIndexOf('node_modules/');
  const file = rel || (nm >= 0 ? source.slice(nm) : source.replace(/^(\.\.\/)+/, ''));
  const text = map.sourcesContent && map.sourcesContent[best[1]];
  let context: string[] | null = null, first = 0;
  if (typeof text === 'string') {
    const all = text.split('\n');
    first = Math.max(1, line - 3);
    context = all.slice(first - 1, Math.min(all.length, line + 3));
  }
  return { name: f.name, file, app: rel !== null, line, context, first };
}

// --- the overlay ----------------------------------------------------------------

const CSS = `
#kit-dev-overlay{all:initial;position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.55);
 display:flex;justify-content:center;align-items:flex-start;overflow:auto;font:14px/1.45 system-ui,sans-serif}
#kit-dev-overlay .kdo-box{background:#fff;color:#111;max-width:960px;width:calc(100% - 32px);margin:32px 0;
 border-radius:8px;box-shadow:0 8px 40px rgba(0,0,0,.4);border-top:6px solid #d32f2f}
#kit-dev-overlay .kdo-head{display:flex;justify-content:space-between;align-items:center;padding:12px 16px;
 border-bottom:1px solid #eee;color:#d32f2f;font-weight:600}
#kit-dev-overlay button{all:initial;cursor:pointer;font:20px/1 system-ui,sans-serif;color:#555;padding:4px 8px}
#kit-dev-overlay .kdo-err{padding:12px 16px;border-bottom:1px solid #eee}
#kit-dev-overlay .kdo-kind{font-size:12px;letter-spacing:.05em;color:#777}
#kit-dev-overlay pre{font:12.5px/1.5 ui-monospace,monospace;white-space:pre-wrap;word-break:break-word;margin:8px 0;
 background:#f6f6f6;padding:8px 10px;border-radius:4px;overflow:auto}
#kit-dev-overlay .kdo-msg{font-weight:600;background:#fff5f5;color:#b71c1c}
#kit-dev-overlay .kdo-file{font:12.5px ui-monospace,monospace;color:#333;margin-top:8px}
#kit-dev-overlay .kdo-hit{background:#ffebee;color:#b71c1c;font-weight:600}
#kit-dev-overlay h4{margin:10px 0 0;font-size:12px;color:#555}
`;

const reports: (Report & { frames: Promise<(Mapped | null)[]> })[] = [];
let buildError: string | null = null;
let host: HTMLElement | null = null;
let dismissed = false;

function el(tag: string, cls: string, text?: string): HTMLElement {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function excerpt(m: Mapped): HTMLElement {
  const pre = el('pre', 'kdo-source');
  if (!m.context) return pre;
  const width = String(m.first + m.context.length - 1).length;
  m.context.forEach((text, i) => {
    const n = m.first + i;
    const row = (n === m.line ? '> ' : '  ') + String(n).padStart(width) + ' | ' + text;
    pre.appendChild(el('span', n === m.line ? 'kdo-hit' : '', row));
    pre.appendChild(document.createTextNode('\n'));
  });
  return pre;
}

function renderReport(r: Report & { frames: Promise<(Mapped | null)[]> }): HTMLElement {
  const box = el('div', 'kdo-err');
  box.appendChild(el('div', 'kdo-kind', r.title));
  box.appendChild(el('pre', 'kdo-msg', r.message));
  const where = el('div', 'kdo-where');
  box.appendChild(where);
  r.frames.then((mapped) => {
    const app = mapped.find((m) => m && m.app && m.context);
    if (app) {
      where.appendChild(el('div', 'kdo-file', app.file + ':' + app.line + (app.name ? ' (' + app.name + ')' : '')));
      where.appendChild(excerpt(app));
    }
    const lines = mapped.filter((m): m is Mapped => !!m).map((m) => 'at ' + (m.name || '(anonymous)') + ' (' + m.file + ':' + m.line + ')');
    if (lines.length) {
      where.appendChild(el('h4', '', 'Call stack'));
      where.appendChild(el('pre', 'kdo-stack', lines.join('\n')));
    } else if (r.stack) {
      where.appendChild(el('h4', '', 'Call stack'));
      where.appendChild(el('pre', 'kdo-stack', r.stack));
    }
  });
  if (r.componentStack) {
    // "at Clock (URL:line:column)": the component's file through the source map
    const pre = el('pre', 'kdo-components');
    const lines = r.componentStack.split('\n').map((s) => s.trim()).filter(Boolean);
    Promise.all(lines.map((text) => {
      const f = parseFrames(text)[0];
      const name = f ? f.name : text.replace(/^at /, '').replace(/ \(.*\)$/, '');
      return (f ? mapFrame(f).catch(() => null) : Promise.resolve(null))
        .then((m) => 'at ' + name + (m && m.app ? ' (' + m.file + ':' + m.line + ')' : ''));
    })).then((out) => {
      pre.textContent = out.join('\n');
      box.appendChild(el('h4', '', 'Component stack'));
      box.appendChild(pre);
    });
  }
  return box;
}

function render() {
  if (host) host.remove();
  host = null;
  if (dismissed || (!buildError && !reports.length)) return;
  host = el('div', '');
  host.id = 'kit-dev-overlay';
  host.setAttribute('role', 'dialog');
  const style = document.createElement('style');
  style.textContent = CSS;
  host.appendChild(style);
  const box = el('div', 'kdo-box');
  const head = el('div', 'kdo-head');
  const n = reports.length + (buildError ? 1 : 0);
  head.appendChild(el('span', '', buildError ? 'Build failed' : n === 1 ? '1 error' : n + ' errors'));
  const close = el('button', 'kdo-close', '×');
  close.setAttribute('aria-label', 'Dismiss');
  close.addEventListener('click', dismiss);
  head.appendChild(close);
  box.appendChild(head);
  if (buildError) {
    const b = el('div', 'kdo-err');
    b.appendChild(el('div', 'kdo-kind', 'Build error (kit-serve --dev keeps serving the last good build)'));
    b.appendChild(el('pre', 'kdo-msg', buildError));
    box.appendChild(b);
  }
  for (const r of reports.slice(-5).reverse()) box.appendChild(renderReport(r));
  host.appendChild(box);
  (document.body || document.documentElement).appendChild(host);
}

function dismiss() {
  dismissed = true;
  render();
}

const TITLES: Record<string, string> = {
  uncaught: 'Unhandled runtime error',
  caught: 'Error caught by an error boundary',
  recoverable: 'Recoverable error (React rendered again in the browser)',
  error: 'Uncaught error',
  rejection: 'Unhandled promise rejection',
};

function add(kind: string, e: unknown, componentStack?: string) {
  const err = e as { message?: unknown; stack?: unknown; name?: unknown } | null;
  const message = err && typeof err === 'object' && err.message !== undefined
    ? (typeof err.name === 'string' && err.name !== 'Error' ? err.name + ': ' : '') + String(err.message)
    : String(e);
  const stack = err && typeof err === 'object' && typeof err.stack === 'string' ? err.stack : '';
  // the same error reported twice (React's report, then the window's error event)
  if (reports.some((r) => r.message === message && r.stack === stack)) return;
  const frames = Promise.all(parseFrames(stack).slice(0, 12).map((f) => mapFrame(f).catch(() => null)));
  reports.push({ kind, title: TITLES[kind] || kind, message, stack, componentStack: componentStack || '', frames });
  dismissed = false;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', render, { once: true });
  else render();
}

type Handler = (e: unknown, info?: { componentStack?: string }) => void;

// js/client/entry.ts hands hydrateRoot the handlers this returns (dev builds
// only): kit's own report, then the overlay. redirect() digests are
// navigations, not errors (the runtime's report skips them too).
let refresh: (() => Promise<void>) | null = null;

function wrap(report: (kind: string) => Handler, refreshInPlace?: () => Promise<void>): Record<string, Handler> {
  if (refreshInPlace) refresh = refreshInPlace;
  const one = (kind: string): Handler => {
    const own = report(kind);
    return (e, info) => {
      own(e, info);
      const d = e && typeof e === 'object' ? (e as { digest?: unknown }).digest : undefined;
      if (kind !== 'uncaught' && typeof d === 'string' && d.indexOf('KIT_REDIRECT;') === 0) return;
      add(kind, e, info && info.componentStack);
    };
  };
  return { onRecoverableError: one('recoverable'), onCaughtError: one('caught'), onUncaughtError: one('uncaught') };
}

(self as unknown as { __kit_dev: unknown }).__kit_dev = { wrap, reports };

// React's development Flight client asks webpack for a chunk's file name
// (for its debug information); kit's webpack shim knows it (js/client/webpack-shim.ts)
(self as unknown as { __webpack_get_script_filename__: (id: string) => string }).__webpack_get_script_filename__ =
  (id: string) => {
    const req = (self as unknown as { __webpack_require__?: { u(id: string): string } }).__webpack_require__;
    return req ? req.u(id) : '/_kit/static/' + id + '.js';
  };

addEventListener('error', (ev: ErrorEvent) => {
  if (ev.error !== undefined || ev.message) add('error', ev.error !== undefined && ev.error !== null ? ev.error : ev.message);
});
addEventListener('unhandledrejection', (ev: PromiseRejectionEvent) => add('rejection', ev.reason));
addEventListener('keydown', (ev: KeyboardEvent) => {
  if (ev.key === 'Escape' && host) dismiss();
});

// --- live reload ------------------------------------------------------------------

// The build this page shows, and the browser files it was built with
// (status.json "client": the names of static/'s files, which carry their
// content's hash), known from the first answer that names this version.
let shown = pageVersion;
let shownClient: string | null = null;
// Builds whose browser files are the page's: a navigation or an action of
// the page may say it is of the newest (X-RSC-Version), instead of the 409
// that makes the runtime load the page again.
const compatible = new Set<string>();
let newest = '';
const realFetch = self.fetch.bind(self);
self.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const h = init && init.headers;
  if (newest && h && !(h instanceof Headers) && !Array.isArray(h) && compatible.has((h as Record<string, string>)['X-RSC-Version']))
    init = { ...init, headers: { ...(h as Record<string, string>), 'X-RSC-Version': newest } };
  return realFetch(input, init);
};

// A new build: when its browser files are the page's and the page has the
// runtime, the page's payload is fetched again and committed in place
// (client state stays where the tree still has the component); else the
// page reloads.
function rebuilt(version: string, client: string | undefined) {
  if (refresh && client !== undefined && client === shownClient) {
    compatible.add(shown);
    newest = version;
    shown = version;
    // the errors of the build before are history: the new one may have fixed them
    reports.length = 0;
    render();
    refresh().catch(() => location.reload());
    return false;
  }
  location.reload();
  return true;
}

async function poll() {
  try {
    const r = await realFetch(STATUS_URL, { cache: 'no-store' });
    if (r.ok) {
      const s = (await r.json()) as { version?: string; error?: string | null; client?: string };
      if (s.version && s.version === shown && shownClient === null) shownClient = s.client || '';
      if (s.error) {
        if (s.error !== buildError) {
          buildError = s.error;
          dismissed = false;
          render();
        }
      } else {
        if (buildError !== null) {
          buildError = null;
          render();
        }
        if (shown && s.version && s.version !== shown && rebuilt(s.version, s.client)) return;
      }
    }
  } catch {
    // the server restarts, or the build swaps the file: ask again
  }
  setTimeout(poll, document.hidden ? 2000 : 500);
}
poll();
