/**
 * Issue 35 item 6, over every demo car (tenants/*): the similar-vehicles refresh from the search
 * engine gives the build-time list on the same stock, tile for tile, so nothing moves after the
 * page loads. The engine is the embedded one the demo sites use, fed the documents of the build.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenant } from '../../lib/site/tenant.ts';
import { createSimilarIndex } from '../../lib/vehicle/similar-vehicles.ts';
import { createEmbeddedSearchClient } from './client.ts';
import { toSearchDocuments } from '../core/documents.ts';
import { createSearchEngine } from '../engine/engine.ts';
import { fetchSimilar } from './similar.ts';
import { DEFAULT_INDEX } from '../core/config.ts';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const demoTenants = readdirSync('tenants').filter((name) => existsSync(join('tenants', name, 'site.json')));

describe.each(demoTenants)('similar vehicles on %s', (slug) => {
  it('the engine refresh equals the build-time list for every car', async () => {
    const { site, visible } = loadTenant(join('tenants', slug), NOW);
    const engine = createSearchEngine(toSearchDocuments(visible, site));
    const client = createEmbeddedSearchClient(async () => engine);
    const buildTime = createSimilarIndex(visible);
    const differ: string[] = [];
    for (const car of visible) {
      const expected = buildTime(car).map((other) => String(other.id));
      const answer = await fetchSimilar(client, car, DEFAULT_INDEX);
      const got = answer.hits.map((hit) => String(hit.id));
      if (got.join() !== expected.join()) differ.push(`${car.slug}: build ${expected.join(',')} / engine ${got.join(',')}`);
    }
    expect(differ).toEqual([]);
  });
});
