/**
 * Precompressed text files of a release: when a release is made, every text
 * file over 1 KB (HTML, CSS, JS, JSON, XML, SVG, text) gets a gzip copy beside it
 * (`page.html.gz`), so the static server never compresses per request. A file the release
 * took over unchanged from the previous one (the same inode) takes over its `.gz` too; any
 * other `.gz` is written afresh, and one whose source is gone is removed. Compression runs
 * on libuv's thread pool, a few files at a time, so the pipeline's main loop keeps serving.
 * A release whose server compresses by itself (`write: false`, the bucket's edge) gets none:
 * copies taken over from an earlier release are removed.
 */
import { existsSync, linkSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { walkFiles } from '../../platform/fs/walk.ts';

const gzipAsync = promisify(gzip);

/** Extensions served compressed (the static server's list). */
export const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg']);
/** Smaller files are served as they are. */
export const MIN_COMPRESS_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const file of walkFiles(dir)) if (file.dirent.isFile()) yield file.path;
}

const inode = (path: string) => {
  try {
    const stats = statSync(path);
    return `${stats.dev}:${stats.ino}`;
  } catch {
    return null;
  }
};

/** Write (or take over) the `.gz` beside every compressible file of `releaseDir`; with `write: false`, remove those copies instead. */
export async function precompressRelease(
  releaseDir: string,
  previousDir?: string,
  options: { write?: boolean; parallel?: number } = {},
): Promise<{ written: number; linked: number; removed: number }> {
  const { write = true, parallel = 4 } = options;
  const counts = { written: 0, linked: 0, removed: 0 };
  const todo: string[] = [];
  for (const file of files(releaseDir)) {
    if (file.endsWith('.gz')) {
      if (!existsSync(file.slice(0, -3))) {
        rmSync(file, { force: true });
        counts.removed += 1;
      }
      continue;
    }
    if (!write || !COMPRESSIBLE.has(extname(file)) || statSync(file).size <= MIN_COMPRESS_BYTES) {
      rmSync(`${file}.gz`, { force: true });
      continue;
    }
    const before = previousDir ? join(previousDir, relative(releaseDir, file)) : null;
    if (before && existsSync(`${before}.gz`) && inode(before) === inode(file)) {
      if (inode(`${file}.gz`) !== inode(`${before}.gz`)) {
        rmSync(`${file}.gz`, { force: true });
        linkSync(`${before}.gz`, `${file}.gz`);
      }
      counts.linked += 1;
      continue;
    }
    todo.push(file);
  }
  const work = async () => {
    for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
      const packed = await gzipAsync(readFileSync(file), { level: 9 });
      // A fresh file (never a link shared with an older release).
      rmSync(`${file}.gz`, { force: true });
      writeFileSync(`${file}.gz`, packed);
      counts.written += 1;
    }
  };
  await Promise.all(Array.from({ length: parallel }, work));
  return counts;
}
