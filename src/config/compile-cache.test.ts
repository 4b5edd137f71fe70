import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheRoot } from './build.ts';
import { cacheRootIn, nodeCompileCacheIn } from './compile-cache.ts';

describe('compile cache', () => {
  it('is the node-compile folder of the cache root, PIPELINE_CACHE_DIR or the repository .cache', () => {
    expect(nodeCompileCacheIn({ PIPELINE_CACHE_DIR: '/disk/cache' })).toBe('/disk/cache/node-compile');
    expect(nodeCompileCacheIn({})).toBe(join(cacheRoot({}), 'node-compile'));
    expect(cacheRootIn({})).toMatch(/[\\/]\.cache$/);
    expect(cacheRoot({ PIPELINE_CACHE_DIR: '/disk/cache' })).toBe(cacheRootIn({ PIPELINE_CACHE_DIR: '/disk/cache' }));
  });
});
