/**
 * diffSites over two small site trees in a temp folder: what it reports as only on one side,
 * how it excerpts a text change, that binary files are compared by content, that files whose
 * normalised names collide are compared as a group, and that a link to a file counts as one.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diffSites, normaliseName, normaliseText } from './site-diff.ts';

let work: string;
let before: string;
let after: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'site-diff-'));
  before = join(work, 'before');
  after = join(work, 'after');
});

afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

function write(root: string, files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

describe('normaliseName and normaliseText', () => {
  it('replace the 8-character hash of an _astro asset only, in names and in text', () => {
    expect(normaliseName('_astro/Gallery.Ab12_-xY.css')).toBe('_astro/Gallery.#.css');
    expect(normaliseName('_astro/photo@2x.Ab12_-xY.webp')).toBe('_astro/photo@2x.#.webp');
    // Outside _astro/, or a hash of another length, is part of the name.
    expect(normaliseName('media/car.Ab12_-xY.jpg')).toBe('media/car.Ab12_-xY.jpg');
    expect(normaliseName('_astro/page.Ab12xY.js')).toBe('_astro/page.Ab12xY.js');
    expect(normaliseText('import"./chunk.Ab12_-xY.js";<astro-island uid="Z1abc" x>')).toBe('import"./chunk.#.js";<astro-island uid="#" x>');
  });
});

describe('diffSites', () => {
  it('lists the files only before and only after, and compares the rest', () => {
    write(before, { 'index.html': 'home', 'old/index.html': 'gone' });
    write(after, { 'index.html': 'home', 'new/index.html': 'added', 'new/more.html': 'added too' });
    expect(diffSites(before, after)).toEqual({ compared: 1, onlyBefore: ['old/index.html'], onlyAfter: ['new/index.html', 'new/more.html'], differing: [] });
  });

  it('excerpts a text change around its first differing character, with its line and the count of changed lines', () => {
    write(before, { 'cars/x/index.html': 'line one\nprice $25,990\nline three\nsame' });
    write(after, { 'cars/x/index.html': 'line one\nprice $24,990\nline 3\nsame' });
    const { differing } = diffSites(before, after, 4);
    expect(differing).toEqual([{ name: 'cars/x/index.html', detail: '    line 2, char 17; 2 line(s) differ\n    - "e $25,99"\n    + "e $24,99"' }]);
  });

  it('compares a file that is not text by its bytes (no normalisation), reporting both sizes', () => {
    const png = (bytes: number[]) => Buffer.from([0x89, 0x50, 0x4e, 0x47, ...bytes]);
    write(before, { 'media/a.png': png([1, 2]), 'media/b.png': png([1]) });
    write(after, { 'media/a.png': png([1, 2]), 'media/b.png': png([1, 2, 3]) });
    expect(diffSites(before, after).differing).toEqual([{ name: 'media/b.png', detail: '    binary: 5 -> 7 bytes' }]);
  });

  it('compares files whose normalised names collide as a group: the same contents in another order match, a changed one does not', () => {
    write(before, { '_astro/index.AAAAAAAA.js': 'one', '_astro/index.BBBBBBBB.js': 'two' });
    write(after, { '_astro/index.CCCCCCCC.js': 'two', '_astro/index.DDDDDDDD.js': 'one' });
    expect(diffSites(before, after)).toMatchObject({ compared: 2, differing: [] });

    write(after, { '_astro/index.DDDDDDDD.js': 'three' });
    expect(diffSites(before, after).differing).toEqual([
      { name: '_astro/index.#.js', detail: '    group of 2 -> 2 files with this normalised name: contents differ' },
    ]);

    write(after, { '_astro/index.EEEEEEEE.js': 'one' });
    expect(diffSites(before, after).differing[0]?.detail).toBe('    group of 2 -> 3 files with this normalised name: contents differ');
  });

  it('counts a link to a file as that file and skips a link to a folder', () => {
    write(before, { 'shared/logo.svg': '<svg/>', 'index.html': 'home' });
    write(after, { 'index.html': 'home' });
    symlinkSync(join(before, 'shared', 'logo.svg'), join(after, 'logo.svg'));
    symlinkSync(join(before, 'shared'), join(after, 'shared-folder'));
    expect(diffSites(before, after)).toMatchObject({ onlyBefore: ['shared/logo.svg'], onlyAfter: ['logo.svg'] });
  });
});
