import { describe, expect, it } from 'vitest';
import type { SearchClientLike } from './client.ts';
import { withFallback } from './create-client.ts';

const answering = (name: string, calls: string[]): SearchClientLike => ({
  async search() {
    calls.push(name);
    return { results: [{ from: name }] };
  },
});

describe('a Meilisearch site falling back to its embedded index', () => {
  it('answers from the embedded index when Meilisearch fails, and keeps to it for a while before trying again', async () => {
    let clock = 0;
    const calls: string[] = [];
    let down = true;
    const meili: SearchClientLike = {
      async search() {
        calls.push('meili');
        if (down) throw new Error('Failed to fetch');
        return { results: [{ from: 'meili' }] };
      },
    };
    const client = withFallback(meili, answering('embedded', calls), { fallbackMs: 60_000, now: () => clock });
    expect(await client.search([{ indexName: 'Cars' }])).toEqual({ results: [{ from: 'embedded' }] });
    clock = 30_000;
    expect(await client.search([{ indexName: 'Cars:price:desc' }])).toEqual({ results: [{ from: 'embedded' }] });
    expect(calls).toEqual(['meili', 'embedded', 'embedded']);
    down = false;
    clock = 61_000;
    expect(await client.search([{ indexName: 'Cars' }])).toEqual({ results: [{ from: 'meili' }] });
  });

  it('answers from the embedded index when Meilisearch keeps the shopper waiting', async () => {
    const calls: string[] = [];
    const stalled: SearchClientLike = { search: () => new Promise(() => {}) };
    const started = Date.now();
    const client = withFallback(stalled, answering('embedded', calls), { waitMs: 50 });
    expect(await client.search([{ indexName: 'Cars' }])).toEqual({ results: [{ from: 'embedded' }] });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
