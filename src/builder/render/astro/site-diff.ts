/**
 * Compare two built sites file by file, apart from asset hashes: the normalisation of what
 * Astro and Vite name after content (`_astro/Name.Ab12_-xY.js` becomes `_astro/Name.#.js` in
 * file names and text, chunk-to-chunk imports likewise, an island's `uid`, a hash of its
 * component's asset URL and props). Tied to Astro's output names, hence its place here.
 * Used by scripts/diff-sites.ts and the plain-versus-fast render test; files whose normalised
 * names collide (two `index.#.js` chunks) are compared as a group (same multiset of contents).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { walkFiles } from '../../../platform/fs/walk.ts';

/** Astro/Vite asset names: `<name>.<8-char base64url hash>.<ext>` under `_astro/`. */
const ASSET_HASH = /(_astro\/[\w.@-]*?)\.[A-Za-z0-9_-]{8}\.(js|mjs|css|svg|png|jpe?g|webp|avif|gif|woff2?|ttf)\b/g;
const TEXT = /\.(html?|js|mjs|css|json|txt|xml|svg|map|webmanifest)$/i;
/** Chunk-to-chunk imports inside `_astro/*.js`: `from"./search-client.DIv_uQcg.js"`. */
const CHUNK_IMPORT = /(["'`]\.\/[\w.@-]*?)\.[A-Za-z0-9_-]{8}\.(js|css)\b/g;
const ISLAND_UID = /(<astro-island uid=")[^"]*"/g;

/** A site path with its asset hash replaced by `#`. */
export const normaliseName = (path: string) => path.replace(ASSET_HASH, '$1.#.$2');
/** A text file's content with asset hashes, chunk imports and island uids replaced by `#`. */
export const normaliseText = (text: string) => text.replace(ASSET_HASH, '$1.#.$2').replace(CHUNK_IMPORT, '$1.#.$2').replace(ISLAND_UID, '$1#"');

/** Files and links to files, sorted by path. */
function walk(root: string): string[] {
  return [...walkFiles(root)]
    .filter(({ path, dirent }) => dirent.isFile() || (dirent.isSymbolicLink() && statSync(path).isFile()))
    .map(({ path }) => relative(root, path))
    .sort();
}

function content(root: string, path: string): Buffer | string {
  const raw = readFileSync(join(root, path));
  return TEXT.test(path) ? normaliseText(raw.toString('utf8')) : raw;
}

const digest = (value: Buffer | string) => createHash('sha256').update(value).digest('hex');

function group(root: string): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const path of walk(root)) {
    const key = normaliseName(path);
    byName.set(key, [...(byName.get(key) ?? []), path]);
  }
  return byName;
}

/** A short excerpt of both sides around the first differing character. */
function excerpt(a: string, b: string, context: number): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const line = a.slice(0, i).split('\n').length;
  const show = (text: string) => JSON.stringify(text.slice(Math.max(0, i - context), i + context));
  const linesA = a.split('\n');
  const linesB = b.split('\n');
  let changedLines = 0;
  for (let n = 0; n < Math.max(linesA.length, linesB.length); n++) if (linesA[n] !== linesB[n]) changedLines++;
  return `    line ${line}, char ${i}; ${changedLines} line(s) differ\n    - ${show(a)}\n    + ${show(b)}`;
}

/** What differs between two sites (asset hashes normalised). */
export interface SiteDiff {
  /** Files compared (of the first site). */
  compared: number;
  onlyBefore: string[];
  onlyAfter: string[];
  /** Normalised names whose contents differ, each with an excerpt of the first difference. */
  differing: { name: string; detail: string }[];
}

/** Compare the site trees `beforeRoot` and `afterRoot`; `context`: characters of excerpt either side. */
export function diffSites(beforeRoot: string, afterRoot: string, context = 70): SiteDiff {
  const before = group(beforeRoot);
  const after = group(afterRoot);
  const result: SiteDiff = { compared: 0, onlyBefore: [], onlyAfter: [], differing: [] };
  for (const [name, paths] of before) {
    const others = after.get(name);
    if (!others) {
      result.onlyBefore.push(...paths);
      continue;
    }
    result.compared += paths.length;
    if (paths.length === 1 && others.length === 1) {
      const a = content(beforeRoot, paths[0]!);
      const b = content(afterRoot, others[0]!);
      if (typeof a === 'string' && typeof b === 'string') {
        if (a !== b) result.differing.push({ name, detail: excerpt(a, b, context) });
      } else if (digest(a) !== digest(b)) {
        result.differing.push({ name, detail: `    binary: ${a.length} -> ${b.length} bytes` });
      }
      continue;
    }
    const left = paths.map((path) => digest(content(beforeRoot, path))).sort();
    const right = others.map((path) => digest(content(afterRoot, path))).sort();
    if (left.join() !== right.join()) result.differing.push({ name, detail: `    group of ${paths.length} -> ${others.length} files with this normalised name: contents differ` });
  }
  for (const [name, paths] of after) if (!before.has(name)) result.onlyAfter.push(...paths);
  return result;
}
