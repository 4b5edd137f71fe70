/** packTree / unpackTree: a folder through one object and back, and a malformed or hostile pack refused. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { packTree, unpackTree } from './pack.ts';

const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pack-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A pack written by hand: header entries and bodies. */
function handPack(entries: { path: string; size: number; mode: number }[], body: Buffer): Buffer {
  const header = Buffer.from(JSON.stringify(entries));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return gzipSync(Buffer.concat([length, header, body]));
}

describe('packTree and unpackTree', () => {
  it('carries every regular file with its bytes and mode, and leaves symbolic links out', () => {
    const from = temp();
    mkdirSync(join(from, 'server', 'chunks'), { recursive: true });
    writeFileSync(join(from, 'server', 'entry.mjs'), 'export default 1;\n');
    writeFileSync(join(from, 'server', 'chunks', 'a.mjs'), Buffer.from([0, 1, 2, 255]));
    writeFileSync(join(from, 'run.sh'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(join(from, 'empty.txt'), '');
    symlinkSync('/usr', join(from, 'server', 'node_modules'));
    const into = join(temp(), 'out');
    expect(unpackTree(packTree(from), into)).toBe(4);
    expect(readFileSync(join(into, 'server', 'entry.mjs'), 'utf8')).toBe('export default 1;\n');
    expect([...readFileSync(join(into, 'server', 'chunks', 'a.mjs'))]).toEqual([0, 1, 2, 255]);
    expect(readFileSync(join(into, 'empty.txt'), 'utf8')).toBe('');
    expect(statSync(join(into, 'run.sh')).mode & 0o777).toBe(0o755);
    expect(existsSync(join(into, 'server', 'node_modules'))).toBe(false);
  });

  it('refuses paths that leave the folder and sizes that do not add up', () => {
    const into = join(temp(), 'out');
    for (const path of ['../escape.txt', '/etc/passwd', 'a/../../b', 'a/./b', 'a//b']) {
      expect(() => unpackTree(handPack([{ path, size: 1, mode: 0o644 }], Buffer.from('x')), into), path).toThrow(/unsafe path|leaves/);
    }
    expect(() => unpackTree(handPack([{ path: 'a', size: 5, mode: 0o644 }], Buffer.from('x')), into)).toThrow(/bad size/);
    expect(() => unpackTree(handPack([{ path: 'a', size: 1, mode: 0o644 }], Buffer.from('xy')), into)).toThrow(/bytes after/);
    expect(existsSync(join(into, '..', 'escape.txt'))).toBe(false);
  });
});
