// The metadata files of the segments (docs/metadata.md "Files"): kit-build's
// generated entry imports this module only for an app that has icon,
// apple-icon, opengraph-image, twitter-image or favicon files or a root
// manifest file (build/emit.c), and hands it the list; from then on the
// metadata of every page goes through the chain of its directories
// (./metadata.ts resolveMetadata merges the files as Next.js does).
import { SegmentFiles, useMetadataFiles } from './metadata';

type Namespace = Record<string, unknown>;
type Dict = Record<string, unknown>;

// A segment's image files, as kit-build lists them (build/emit.c): each
// imported as { src, width, height } (a hashed static URL).
interface FileEntry {
  dir: string; kind: 'icon' | 'apple' | 'openGraph' | 'twitter' | 'favicon';
  image: { src: string; width?: number; height?: number }; type: string | null; svg: boolean; alt: string | null;
}

// What Next.js makes of each file: icons with type and sizes ("any" for an
// SVG), images with type, width, height and the .alt.txt's alt; the root's
// manifest file's URL.
export function setMetadataFiles(list: FileEntry[], manifest: string | null): void {
  const out: Record<string, SegmentFiles> = {};
  if (manifest) out.app = { manifest };
  for (const f of list) {
    const seg = out[f.dir] || (out[f.dir] = {});
    const { src, width, height } = f.image;
    const known = width !== undefined && height !== undefined;
    const v: Dict = {};
    if (f.type) v.type = f.type;
    if (f.kind === 'openGraph' || f.kind === 'twitter') {
      if (known) { v.width = width; v.height = height; }
      if (f.alt !== null) v.alt = f.alt;
    } else {
      v.sizes = !f.svg && known ? `${width}x${height}` : 'any';
    }
    v.url = src;
    if (f.kind === 'favicon') seg.favicon = v;
    else (seg[f.kind] || (seg[f.kind] = [])).push(v);
  }
  useMetadataFiles((layouts, pageId, mods) => chain(out, layouts, pageId, mods));
}

// The route's metadata chain with its files, as Next.js resolves it: one
// item per directory from the root to the page's (its layout, or nothing),
// then the page; each directory's files go with its item, and with the
// page's for the page's own directory. null when the app has no such file.
function chain(segmentFiles: Record<string, SegmentFiles>, layouts: { module: string }[], pageId: string,
  mods: Namespace[]): { mods: Namespace[]; files: (SegmentFiles | null)[] } | null {
  const layoutIds = layouts.map((l) => l.module);
  const dirOf = (id: string) => id.slice(0, id.lastIndexOf('/'));
  const pageDir = dirOf(pageId);
  const parts = pageDir.split('/');
  const outMods: Namespace[] = [], files: (SegmentFiles | null)[] = [];
  let li = 0;
  for (let k = 1; k <= parts.length; k++) {
    const d = parts.slice(0, k).join('/');
    let ns: Namespace = {};
    if (li < layoutIds.length && dirOf(layoutIds[li]) === d) ns = mods[li++];
    outMods.push(ns);
    files.push(segmentFiles[d] || null);
  }
  if (li !== layoutIds.length) return null; /* a layout outside the page's directories */
  outMods.push(mods[mods.length - 1]);
  files.push(segmentFiles[pageDir] || null);
  for (const f of files) if (f) return { mods: outMods, files };
  return null;
}
