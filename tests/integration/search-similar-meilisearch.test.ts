/**
 * Similar vehicles on the Meilisearch engine (issue 14 item 4; audit 2.26, 7.14, 8.9), on a real
 * server: the browser's search client (src/search/browser/create-client.ts) with a tenant token
 * answers the spec's multi-query with the same cars as the embedded engine, and a car sold
 * after the build (synced as sold) is no longer offered.
 */
import { Meilisearch } from 'meilisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchClient } from '../../src/search/browser/create-client.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { createEmbeddedSearchClient } from '../../src/search/browser/client.ts';
import { toSearchDocuments } from '../../src/search/core/documents.ts';
import { createSearchEngine } from '../../src/search/engine/engine.ts';
import { mintTenantToken, syncTenant, tenantFilter } from '../../src/search/admin/meilisearch.ts';
import { fetchSimilar } from '../../src/search/browser/similar.ts';
import { startMeilisearch, type MeilisearchServer } from '../support/meilisearch-server.ts';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const INDEX = 'Car_similar_test';
const tenant = loadTenant('tests/fixtures/tenants/search-demo', NOW);
const documents = toSearchDocuments(tenant.visible, tenant.site);
// A car with at least one same-model neighbour in stock.
const subject = tenant.visible.find((car) => car.status === 'in_stock' && typeof car.price === 'number' && car.price > 0 && tenant.visible.some((other) => other.id !== car.id && other.status === 'in_stock' && other.make === car.make && other.model === car.model && Math.abs((other.price ?? 0) - (car.price as number)) <= 10_000))!;

let server: MeilisearchServer;
let admin: Meilisearch;
let token = '';

beforeAll(async () => {
  server = await startMeilisearch();
  admin = new Meilisearch({ host: server.host, apiKey: server.masterKey });
  await syncTenant(admin, { index: INDEX, site: tenant.slug, filter: tenantFilter(tenant.site), documents });
  const key = await admin.createKey({ actions: ['search'], indexes: [INDEX], expiresAt: null });
  token = await mintTenantToken({ searchKey: { key: key.key, uid: key.uid }, index: INDEX, filter: tenantFilter(tenant.site), expiresAt: new Date(Date.now() + 3_600_000) });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('similar vehicles on Meilisearch (2.26, 7.14, 8.9)', () => {
  it('7.14: the multi-query answers with the same cars as the embedded engine', async () => {
    expect(subject).toBeTruthy();
    const meili = await fetchSimilar(createSearchClient({ kind: 'meilisearch', host: server.host, key: token, index: INDEX }), subject, INDEX);
    const embedded = await fetchSimilar(createEmbeddedSearchClient(async () => createSearchEngine(documents)), subject, INDEX);
    expect(meili.source).toBe('query');
    expect(meili.hits.length).toBeGreaterThan(0);
    expect(meili.hits.length).toBeLessThanOrEqual(6);
    expect(meili.hits.map((hit) => hit.id)).toEqual(embedded.hits.map((hit) => hit.id));
    expect(meili.hits[0]).toMatchObject({ make: subject.make, model: subject.model, status: 'in_stock' });
  });

  it('7.14: the cars the lead API lists by id come back from Meilisearch in the list’s order', async () => {
    const client = createSearchClient({ kind: 'meilisearch', host: server.host, key: token, index: INDEX });
    const listed = documents.filter((document) => document.status === 'in_stock' && document.id !== String(subject.id)).slice(0, 4).reverse();
    const answer = await fetchSimilar(client, subject, INDEX, async () => listed.map((document) => document.id));
    expect(answer.source).toBe('ids');
    expect(answer.hits.map((hit) => hit.id)).toEqual(listed.map((document) => document.id));
  });

  it('2.26: a car sold after the build disappears once the index says so', async () => {
    const client = () => createSearchClient({ kind: 'meilisearch', host: server.host, key: token, index: INDEX });
    const before = await fetchSimilar(client(), subject, INDEX);
    const sold = before.hits[0];
    const updated = documents.map((document) => (document.id === sold.id ? { ...document, status: 'sold' as const } : document));
    const report = await syncTenant(admin, { index: INDEX, site: tenant.slug, filter: tenantFilter(tenant.site), documents: updated });
    expect(report.updated).toBe(1);
    const after = await fetchSimilar(client(), subject, INDEX);
    expect(after.hits.map((hit) => hit.id)).not.toContain(sold.id);
  });

  it('8.9: an unreachable host fails both queries, so the page keeps its build-time list', async () => {
    const down = createSearchClient({ kind: 'meilisearch', host: 'http://127.0.0.1:9', key: token, index: INDEX });
    await expect(fetchSimilar(down, subject, INDEX)).rejects.toBeTruthy();
  });
});
