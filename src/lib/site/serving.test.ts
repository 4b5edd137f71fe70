import { extname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheControl, extensionOf } from './serving.ts';

describe('serving rules', () => {
  it.each(['/index.html', '/cars/a/', '/cars/a', '/.well-known/x', '/_astro/app.1a2b.js', '/a.b/c', '/img/p.webp', '/.html', '/robots.txt'])(
    'extensionOf(%s) is what node:path extname says',
    (path) => {
      expect(extensionOf(path)).toBe(extname(path));
    },
  );

  it('caches hashed assets forever, images a day, everything else revalidated', () => {
    expect(cacheControl('/_astro/app.1a2b.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('/media/car.webp')).toBe('public, max-age=86400');
    expect(cacheControl('/cars/a/')).toBe('public, max-age=0, must-revalidate');
    expect(cacheControl('/search-index.json')).toBe('public, max-age=0, must-revalidate');
  });
});
