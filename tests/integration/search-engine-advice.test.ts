/** Issue 17 item 4: a tenant above the embedded engine's size is told to use Meilisearch at every build. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isPrepared, prepareTenant } from '../../src/builder/render/index.ts';
import { EMBEDDED_SEARCH_MAX_CARS, searchEngineAdvice } from '../../src/search/core/config.ts';

const root = mkdtempSync(join(tmpdir(), 'search-advice-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** basic-motors with `count` in-stock copies of its first car. */
function tenantWith(count: number, site: Record<string, unknown> = {}): string {
  const dir = join(root, `t${count}-${Object.keys(site).length}`, 'basic-motors');
  cpSync(resolve('tests/fixtures/tenants/basic-motors'), dir, { recursive: true });
  const [first] = JSON.parse(readFileSync(join(dir, 'stock.json'), 'utf8')) as Record<string, unknown>[];
  const stock = Array.from({ length: count }, (_, index) => ({ ...first, id: 1000 + index, slug: `car-${index}`, stocknum: `S${index}`, status: 'in_stock' }));
  writeFileSync(join(dir, 'stock.json'), JSON.stringify(stock));
  const siteJson = JSON.parse(readFileSync(join(dir, 'site.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(dir, 'site.json'), JSON.stringify({ ...siteJson, ...site }));
  return dir;
}

async function buildLog(dir: string): Promise<string[]> {
  const lines: string[] = [];
  // logProblems false, as the benchmarks build: the advice is said all the same.
  const prepared = await prepareTenant({ dir, outRoot: join(root, 'out'), now: Date.parse('2026-11-21T00:00:00Z'), log: (line) => lines.push(line), logProblems: false });
  expect(isPrepared(prepared)).toBe(true);
  return lines;
}

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
