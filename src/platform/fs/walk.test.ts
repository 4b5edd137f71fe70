/** The directory walker (walk.ts): order, skipping, and symbolic links followed or not. */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walkFiles } from './walk.ts';

const root = mkdtempSync(join(tmpdir(), 'walk-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
for (const path of ['b.txt', 'a/z.html', 'a/c/d.html', 'media/x.html', 'C.txt']) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), path);
}
symlinkSync(join(root, 'a'), join(root, 'link-to-a'), 'dir');

describe('walkFiles', () => {
  it('lists every file depth first, sorted by name per folder when asked, links as files', () => {
    const files = [...walkFiles(root, { sorted: true })];
    expect(files.map((file) => file.relative)).toEqual(['C.txt', 'a/c/d.html', 'a/z.html', 'b.txt', 'link-to-a', 'media/x.html']);
    expect(files[1]!.path).toBe(join(root, 'a', 'c', 'd.html'));
    expect(files.find((file) => file.name === 'link-to-a')!.dirent.isSymbolicLink()).toBe(true);
  });

  it('the same files in the file system order by default', () => {
    expect([...walkFiles(root)].map((file) => file.relative).sort()).toEqual([...walkFiles(root, { sorted: true })].map((file) => file.relative).sort());
  });

  it('skips files and folders by name or path before looking at them', () => {
    const files = [...walkFiles(root, { sorted: true, skip: ({ name, relative }) => relative === 'media' || name === 'c' || name.endsWith('.txt') })];
    expect(files.map((file) => file.relative)).toEqual(['a/z.html', 'link-to-a']);
  });

  it('follows links when asked, with each file stat', () => {
    const files = [...walkFiles(root, { sorted: true, followLinks: true })];
    expect(files.map((file) => file.relative)).toContain('link-to-a/c/d.html');
    expect(files.every((file) => file.stats?.isFile())).toBe(true);
  });

  it('a missing root throws', () => {
    expect(() => [...walkFiles(join(root, 'missing'))]).toThrow(/ENOENT/);
  });

  it('leaves out a folder it cannot list when asked (a missing root is then empty)', () => {
    expect([...walkFiles(join(root, 'missing'), { skipUnreadable: true })]).toEqual([]);
    const files = [...walkFiles(root, { sorted: true, skipUnreadable: true, followLinks: false })].map((file) => file.relative);
    expect(files).toContain('media/x.html');
  });
});
