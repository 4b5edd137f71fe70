#!/usr/bin/env node
/**
 * Compare two built dist trees file by file (issue 12: "built demo sites byte-identical before
 * and after, apart from asset hashes").
 *
 *   npx node scripts/diff-sites.ts <before-dir> <after-dir> [--max <n>] [--context <chars>]
 *
 * Asset hashes are normalised before comparing: `/_astro/Name.Ab12_-xY.js` becomes
 * `/_astro/Name.#.js` in file names and in every text file's content, so a refactor that only
 * moves code (and so renames a chunk) shows no difference. Files whose normalised names collide
 * (two `index.#.js` chunks) are compared as a group (same multiset of normalised contents).
 * An island's `uid` is a hash of its component's asset URL and props, so it is normalised too
 * (the props themselves are compared). Every other difference is listed with a short excerpt
 * around the first differing character; script chunks (`_astro/*.js`, whose split and content
 * follow the module graph) are counted apart from pages and data files, so a report says
 * whether anything a visitor or crawler reads changed.
 * Exit status 0 when the trees match, 1 when they differ, 2 on bad usage.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { max: { type: 'string', default: '200' }, context: { type: 'string', default: '70' } },
});
if (positionals.length !== 2) {
  console.error('usage: npx node scripts/diff-sites.ts <before-dir> <after-dir> [--max <n>] [--context <chars>]');
  process.exit(2);
}
const [beforeRoot, afterRoot] = positionals.map((dir) => resolve(dir)) as [string, string];
const maxListed = Number(values.max);
const context = Number(values.context);

/** Astro/Vite asset names: `<name>.<8-char base64url hash>.<ext>` under `_astro/`. */
const ASSET_HASH = /(_astro\/[\w.@-]*?)\.[A-Za-z0-9_-]{8}\.(js|mjs|css|svg|png|jpe?g|webp|avif|gif|woff2?|ttf)\b/g;
const TEXT = /\.(html?|js|mjs|css|json|txt|xml|svg|map|webmanifest)$/i;

const normaliseName = (path: string) => path.replace(ASSET_HASH, '$1.#.$2');
/** Chunk-to-chunk imports inside `_astro/*.js`: `from"./search-client.DIv_uQcg.js"`. */
const CHUNK_IMPORT = /(["'`]\.\/[\w.@-]*?)\.[A-Za-z0-9_-]{8}\.(js|css)\b/g;
const ISLAND_UID = /(<astro-island uid=")[^"]*"/g;
const normaliseText = (text: string) => text.replace(ASSET_HASH, '$1.#.$2').replace(CHUNK_IMPORT, '$1.#.$2').replace(ISLAND_UID, '$1#"');

function walk(root: string): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile() || (entry.isSymbolicLink() && statSync(full).isFile())) out.push(relative(root, full));
    }
  };
  visit(root);
  return out.sort();
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
function excerpt(a: string, b: string): string {
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

const before = group(beforeRoot);
const after = group(afterRoot);
const onlyBefore: string[] = [];
const onlyAfter: string[] = [];
const differing: { name: string; detail: string }[] = [];
let compared = 0;

for (const [name, paths] of before) {
  const others = after.get(name);
  if (!others) {
    onlyBefore.push(...paths);
    continue;
  }
  compared += paths.length;
  if (paths.length === 1 && others.length === 1) {
    const a = content(beforeRoot, paths[0]!);
    const b = content(afterRoot, others[0]!);
    if (typeof a === 'string' && typeof b === 'string') {
      if (a !== b) differing.push({ name, detail: excerpt(a, b) });
    } else if (digest(a) !== digest(b)) {
      differing.push({ name, detail: `    binary: ${a.length} -> ${b.length} bytes` });
    }
    continue;
  }
  const left = paths.map((path) => digest(content(beforeRoot, path))).sort();
  const right = others.map((path) => digest(content(afterRoot, path))).sort();
  if (left.join() !== right.join()) differing.push({ name, detail: `    group of ${paths.length} -> ${others.length} files with this normalised name: contents differ` });
}
for (const [name, paths] of after) if (!before.has(name)) onlyAfter.push(...paths);

const list = (title: string, items: string[]) => {
  if (items.length === 0) return;
  console.log(`${title} (${items.length}):`);
  for (const item of items.slice(0, maxListed)) console.log(`  ${item}`);
  if (items.length > maxListed) console.log(`  ... and ${items.length - maxListed} more`);
};
list(`only in ${beforeRoot}`, onlyBefore);
list(`only in ${afterRoot}`, onlyAfter);
const isChunk = (name: string) => /(^|\/)_astro\/[^/]+\.m?js$/.test(name);
const chunks = differing.filter(({ name }) => isChunk(name));
const pages = differing.filter(({ name }) => !isChunk(name));
if (pages.length) {
  console.log(`differing pages and data files (${pages.length}):`);
  for (const { name, detail } of pages.slice(0, maxListed)) console.log(`  ${name}\n${detail}`);
  if (pages.length > maxListed) console.log(`  ... and ${pages.length - maxListed} more`);
}
if (chunks.length) {
  console.log(`differing script chunks (${chunks.length}; the bundler's split of moved modules):`);
  for (const { name, detail } of chunks.slice(0, maxListed)) console.log(`  ${name}\n${detail}`);
  if (chunks.length > maxListed) console.log(`  ... and ${chunks.length - maxListed} more`);
}
const same = onlyBefore.length === 0 && onlyAfter.length === 0 && differing.length === 0;
console.log(
  `${same ? 'identical' : 'DIFFERENT'}: ${compared} files compared (asset hashes normalised); ${pages.length} pages/data files differ, ` +
    `${chunks.length} script chunks differ, ${onlyBefore.length} only before, ${onlyAfter.length} only after`,
);
process.exit(same ? 0 : 1);
