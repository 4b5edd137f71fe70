/** Issue 17 item 4: a tenant above the embedded engine's size is told to use Meilisearch at every build. */
import { describe, expect, it } from 'vitest';
import { EMBEDDED_SEARCH_MAX_CARS, searchEngineAdvice } from '../../src/search/core/config.ts';
import { reportedBuilds } from '../support/reported-builds.ts';

const builds = reportedBuilds('search-advice-');

/** basic-motors with `count` in-stock copies of its first car. */
function tenantWith(count: number, site: Record<string, unknown> = {}): string {
  return builds.tenantCopy(`t${count}-${Object.keys(site).length}`, {
    stock: ([first]) =>
      Array.from({ length: count }, (_, index) => ({ ...first, id: 1000 + index, slug: `car-${index}`, stocknum: `S${index}`, status: 'in_stock' })),
    site: (siteJson) => ({ ...siteJson, ...site }),
  });
}

/** The whole build log of `dir`. */
const buildLog = async (dir: string) => (await builds.build(dir, () => true)).lines;

describe('the embedded engine size advice', () => {
  it('says nothing at the named size or on Meilisearch, and names Meilisearch above it', () => {
    expect(searchEngineAdvice({}, EMBEDDED_SEARCH_MAX_CARS)).toBeNull();
    expect(searchEngineAdvice({ search: { host: 'https://search.example' } }, 20_000)).toBeNull();
    expect(searchEngineAdvice({}, EMBEDDED_SEARCH_MAX_CARS + 1)).toMatch(/^5001 cars on the embedded search engine, above the 5000 .*use Meilisearch \(site\.json "search"/);
  });

  it('a build of a tenant above the size says so; one at the size does not', async () => {
    const above = await buildLog(tenantWith(EMBEDDED_SEARCH_MAX_CARS + 1));
    expect(above.filter((line) => line.includes('use Meilisearch'))).toEqual([expect.stringMatching(/^ {2}! basic-motors: 5001 cars on the embedded search engine/)]);
    const at = await buildLog(tenantWith(EMBEDDED_SEARCH_MAX_CARS));
    expect(at.some((line) => line.includes('Meilisearch'))).toBe(false);
  }, 60_000);
});
