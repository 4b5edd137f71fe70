import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assembleRelease } from './build.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'assemble-'));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('assembleRelease', () => {
  it('takes staged files, hard-links still-valid old files, drops pages of gone cars and routes not rendered again', () => {
    const previousDir = tree({
      'index.html': 'old home',
      'cars/kept-car/index.html': 'kept page',
      'cars/kept-car/print/index.html': 'kept print',
      'cars/changed-car/index.html': 'old changed page',
      'cars/changed-car/print/index.html': 'old changed print',
      'cars/sold-car/index.html': 'gone page',
      'media/vehicles/sold-car/angle.webp': 'gone image',
      'media/vehicles/kept-car/angle.webp': 'kept image',
      '_astro/app.abc.js': 'old asset',
      'search/old-make/index.html': 'route gone',
      'sitemap.xml': 'old sitemap',
    });
    const stageDir = tree({ 'index.html': 'new home', 'cars/changed-car/index.html': 'new changed page', 'cars/changed-car/print/index.html': 'new print', '_astro/app.def.js': 'new asset' });
    const outDir = join(tree({}), 'release');
    const result = assembleRelease({
      stageDir,
      previousDir,
      outDir,
      visibleSlugs: new Set(['kept-car', 'changed-car']),
      renderedSlugs: new Set(['changed-car']),
      knownSlugs: new Set(['kept-car', 'changed-car', 'sold-car']),
    });
    const read = (path: string) => (existsSync(join(outDir, path)) ? readFileSync(join(outDir, path), 'utf8') : null);
    expect(read('index.html')).toBe('new home');
    expect(read('cars/changed-car/index.html')).toBe('new changed page');
    expect(read('cars/kept-car/index.html')).toBe('kept page');
    expect(read('cars/kept-car/print/index.html')).toBe('kept print');
    expect(read('media/vehicles/kept-car/angle.webp')).toBe('kept image');
    expect(read('_astro/app.abc.js')).toBe('old asset');
    expect(read('_astro/app.def.js')).toBe('new asset');
    expect(read('cars/sold-car/index.html')).toBeNull();
    expect(read('media/vehicles/sold-car/angle.webp')).toBeNull();
    expect(read('search/old-make/index.html')).toBeNull();
    expect(read('sitemap.xml')).toBeNull();
    // Reused files are hard links: no copy of unchanged pages.
    expect(statSync(join(outDir, 'cars/kept-car/index.html')).ino).toBe(statSync(join(previousDir, 'cars/kept-car/index.html')).ino);
    expect(result).toMatchObject({ carPages: 1, reused: 4, dropped: 3 });
    expect(result.staged.sort()).toEqual(['_astro/app.def.js', 'cars/changed-car/index.html', 'cars/changed-car/print/index.html', 'index.html']);
  });

  it('keeps the unchanged search pages it is told to keep, and only those', () => {
    const previousDir = tree({
      'search/toyota/index.html': 'toyota results',
      'search/mazda/index.html': 'mazda results',
      'search/old-make/index.html': 'route gone',
    });
    const stageDir = tree({ 'search/toyota/index.html': 'new toyota results' });
    const outDir = join(tree({}), 'release');
    const result = assembleRelease({
      stageDir,
      previousDir,
      outDir,
      visibleSlugs: new Set(),
      renderedSlugs: new Set(),
      knownSlugs: new Set(),
      keepPages: new Set(['search/mazda/index.html', 'used-car/mazda/index.html']),
    });
    const read = (path: string) => (existsSync(join(outDir, path)) ? readFileSync(join(outDir, path), 'utf8') : null);
    expect(read('search/toyota/index.html')).toBe('new toyota results');
    expect(read('search/mazda/index.html')).toBe('mazda results');
    expect(read('search/old-make/index.html')).toBeNull();
    expect(result).toMatchObject({ reused: 1, dropped: 1 });
  });
});
