// assets.mjs — imports of files that are not code or CSS (docs/assets.md).
//
// As in Next.js, an image import is an object { src, width, height }: the
// file is copied to static/<name>-<HASH>.<ext> (served by the web server,
// immutable) and its dimensions read from its header. kit.config.json's
// "loaders" maps other extensions (and may override these): "text" (the
// file as a string: .md, .txt, shaders), "url" (its URL, the file copied),
// "image", "base64", "json". Both bundles use the same plugin, so server
// and browser get the same value; static/ is written once per file.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

const IMAGE_EXTS = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.ico', '.bmp', '.svg'];

// The app's loaders: defaults, then kit.config.json's (build/config.c
// checked them).
export function assetLoaders(root) {
  const loaders = {};
  for (const e of IMAGE_EXTS) loaders[e] = 'image';
  try {
    const config = JSON.parse(fs.readFileSync(path.join(root, 'kit.config.json'), 'utf8'));
    if (config && config.loaders && typeof config.loaders === 'object') Object.assign(loaders, config.loaders);
  } catch { /* no config, or kit-build already reported it */ }
  return loaders;
}

const u32be = (b, i) => b.readUInt32BE(i);

// { width, height } from an image's header, or null.
export function imageSize(buf, ext) {
  try {
    if (ext === '.png' && buf.length >= 24 && buf.toString('latin1', 12, 16) === 'IHDR')
      return { width: u32be(buf, 16), height: u32be(buf, 20) };
    if (ext === '.gif' && buf.length >= 10) return { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
    if (ext === '.bmp' && buf.length >= 26) return { width: buf.readInt32LE(18), height: Math.abs(buf.readInt32LE(22)) };
    if (ext === '.ico' && buf.length >= 8) return { width: buf[6] || 256, height: buf[7] || 256 };
    if (ext === '.jpg' || ext === '.jpeg') {
      let i = 2;
      while (i + 9 < buf.length) {
        if (buf[i] !== 0xff) { i++; continue; }
        const marker = buf[i + 1];
        if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { i += 2; continue; }
        const len = buf.readUInt16BE(i + 2);
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
          return { width: buf.readUInt16BE(i + 7), height: buf.readUInt16BE(i + 5) };
        i += 2 + len;
      }
      return null;
    }
    if (ext === '.webp' && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') {
      const chunk = buf.toString('latin1', 12, 16);
      if (chunk === 'VP8 ') return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
      if (chunk === 'VP8L') {
        const b = buf.readUInt32LE(21);
        return { width: (b & 0x3fff) + 1, height: ((b >> 14) & 0x3fff) + 1 };
      }
      if (chunk === 'VP8X') return { width: buf.readUIntLE(24, 3) + 1, height: buf.readUIntLE(27, 3) + 1 };
      return null;
    }
    if (ext === '.avif') {
      const at = buf.indexOf('ispe', 0, 'latin1');
      return at > 0 ? { width: u32be(buf, at + 8), height: u32be(buf, at + 12) } : null;
    }
    if (ext === '.svg') {
      const tag = /<svg\b[^>]*>/i.exec(buf.toString('utf8'));
      if (!tag) return null;
      const attr = (n) => {
        const m = new RegExp(`\\s${n}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag[0]);
        return m ? m[1] : null;
      };
      const num = (v) => (v && /^\s*[\d.]+(px)?\s*$/.test(v) ? Math.round(parseFloat(v)) : null);
      let width = num(attr('width')), height = num(attr('height'));
      const vb = attr('viewBox');
      if ((width === null || height === null) && vb) {
        const p = vb.trim().split(/[\s,]+/).map(Number);
        if (p.length === 4 && p.every((x) => !Number.isNaN(x))) {
          if (width === null && height === null) { width = Math.round(p[2]); height = Math.round(p[3]); }
          else if (width === null) width = Math.round((height * p[2]) / p[3]);
          else height = Math.round((width * p[3]) / p[2]);
        }
      }
      return width !== null && height !== null ? { width, height } : null;
    }
  } catch { /* a truncated file */ }
  return null;
}

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// The plugin of both bundles. outdir null: names only (no browser half).
export function assetsPlugin(root, outdir, publicPath) {
  const loaders = assetLoaders(root);
  const exts = Object.keys(loaders);
  const written = new Map();
  const copy = (file, buf) => {
    const ext = path.extname(file);
    const name = path.basename(file, ext).replace(/[^A-Za-z0-9_-]/g, '_');
    const out = `${name}-${crypto.createHash('sha256').update(buf).digest('hex').slice(0, 8).toUpperCase()}${ext}`;
    if (outdir && !written.has(out)) {
      fs.mkdirSync(outdir, { recursive: true });
      fs.writeFileSync(path.join(outdir, out), buf);
      written.set(out, true);
    }
    return (publicPath || '/_kit/static/') + out;
  };
  return {
    name: 'kit-assets',
    setup(build) {
      if (!exts.length) return;
      build.onLoad({ filter: new RegExp(`(?:${exts.map(esc).join('|')})$`) }, async (args) => {
        if (args.namespace !== 'file') return undefined;
        const ext = exts.filter((e) => args.path.endsWith(e)).sort((a, b) => b.length - a.length)[0];
        const kind = loaders[ext];
        if (kind === 'text') return { contents: await fs.promises.readFile(args.path, 'utf8'), loader: 'text' };
        if (kind === 'json') return { contents: await fs.promises.readFile(args.path, 'utf8'), loader: 'json' };
        const buf = await fs.promises.readFile(args.path);
        if (kind === 'base64') return { contents: buf, loader: 'base64' };
        const src = copy(args.path, buf);
        if (kind === 'url') return { contents: `export default ${JSON.stringify(src)};`, loader: 'js' };
        const size = imageSize(buf, path.extname(args.path).toLowerCase());
        if (!size) {
          const text = `cannot read the dimensions of ${path.relative(root, args.path)} (an image import is { src, width, height })`;
          return { errors: [{ text, detail: { kind: 'style', file: args.path, text,
            fix: 'check that the file is a valid image, or map its extension to "url" in kit.config.json "loaders"' } }] };
        }
        return { contents: `export default ${JSON.stringify({ src, width: size.width, height: size.height })};`, loader: 'js' };
      });
    },
  };
}
