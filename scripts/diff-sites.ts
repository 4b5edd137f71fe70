#!/usr/bin/env node
/**
 * Compare two built dist trees file by file: a refactor's built sites are byte-identical before
 * and after, apart from asset hashes and island uids, which are normalised first
 * (src/builder/render/astro/site-diff.ts).
 *
 *   npx node scripts/diff-sites.ts <before-dir> <after-dir> [--max <n>] [--context <chars>]
 *
 * Lists each difference with an excerpt around its first differing character; script chunks
 * (`_astro/*.js`) are counted apart from pages and data files. Exit status 0 when the trees
 * match, 1 when they differ, 2 on bad usage.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { diffSites } from '../src/builder/render/astro/site-diff.ts';

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
const { compared, onlyBefore, onlyAfter, differing } = diffSites(beforeRoot, afterRoot, Number(values.context));

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
