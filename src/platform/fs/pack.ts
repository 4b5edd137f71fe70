/**
 * A folder as one gzip-compressed object and back: what a bucket stores for a tree of files
 * that is read whole (a compiled renderer). Format: gzip of a 4-byte big-endian header length,
 * the JSON header `[{ path, size, mode }]` and the files' bytes in header order. Regular files
 * only (symbolic links are left out: the reader makes its own). Unpacking refuses a path that
 * is absolute, has `.` or `..` parts, or a size that does not add up.
 */
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { walkFiles } from './walk.ts';

/** One file of a pack. */
interface PackEntry {
  path: string;
  size: number;
  mode: number;
}

/** The regular files under `dir` (paths relative, `/`-separated, sorted) as one gzip object. */
export function packTree(dir: string): Buffer {
  const entries: PackEntry[] = [];
  const bodies: Buffer[] = [];
  for (const file of walkFiles(dir, { sorted: true })) {
    if (!file.dirent.isFile()) continue;
    const bytes = readFileSync(file.path);
    entries.push({ path: file.relative, size: bytes.length, mode: statSync(file.path).mode & 0o777 });
    bodies.push(bytes);
  }
  const header = Buffer.from(JSON.stringify(entries));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return gzipSync(Buffer.concat([length, header, ...bodies]), { level: 6 });
}

const SAFE_PATH = /^(?!\/)(?:[^/\0]+\/)*[^/\0]+$/;

/** Write a pack's files under `into` (made as needed); returns how many. Throws on a malformed pack. */
export function unpackTree(pack: Buffer, into: string): number {
  const bytes = gunzipSync(pack);
  if (bytes.length < 4) throw new Error('pack: too short');
  const headerLength = bytes.readUInt32BE(0);
  if (4 + headerLength > bytes.length) throw new Error('pack: header longer than the pack');
  const entries = JSON.parse(bytes.subarray(4, 4 + headerLength).toString('utf8')) as PackEntry[];
  const root = resolve(into);
  let offset = 4 + headerLength;
  const made = new Set<string>();
  for (const entry of entries) {
    if (typeof entry.path !== 'string' || !SAFE_PATH.test(entry.path) || entry.path.split('/').some((part) => part === '.' || part === '..'))
      throw new Error(`pack: unsafe path ${JSON.stringify(entry.path)}`);
    if (!Number.isInteger(entry.size) || entry.size < 0 || offset + entry.size > bytes.length) throw new Error(`pack: bad size of ${entry.path}`);
    const target = join(root, ...entry.path.split('/'));
    if (!target.startsWith(root + sep)) throw new Error(`pack: ${entry.path} leaves the folder`);
    if (!made.has(dirname(target))) {
      mkdirSync(dirname(target), { recursive: true });
      made.add(dirname(target));
    }
    writeFileSync(target, bytes.subarray(offset, offset + entry.size));
    chmodSync(target, entry.mode & 0o777);
    offset += entry.size;
  }
  if (offset !== bytes.length) throw new Error('pack: bytes after the last file');
  return entries.length;
}
