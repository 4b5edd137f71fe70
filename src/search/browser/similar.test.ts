import { describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/car.ts';
import { createEmbeddedSearchClient, type SearchClientLike, type SearchRequest } from './client.ts';
import { toSearchDocuments } from '../core/documents.ts';
import { createSearchEngine } from '../engine/engine.ts';
import {
  apiSimilarIds,
  fetchSimilar,
  pickSimilar,
  SIMILAR_SEARCH_LIMIT,
  similarFilterRequest,
  similarIdsRequest,
  similarIdsUrl,
  similarRequests,
  type SimilarIdsSource,
} from './similar.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';

let next = 1;
const car = (make: string, model: string, price: number | null, patch: Partial<Car> = {}): Car => {
  const id = next++;
  return makeCar({ id, slug: `car-${id}`, name: `${make} ${model} ${id}`, status: 'in_stock', car_type: 'used', make, model, price, ...patch });
};
const SITE = { slug: 'demo', dealerships: [] };
const INDEX = 'Car_production';

function embedded(cars: Car[]): SearchClientLike {
  return createEmbeddedSearchClient(async () => createSearchEngine(toSearchDocuments(cars, SITE)));
}

describe('similar vehicles from the search engine (2.26, 7.14, 8.9, 9.14)', () => {
  const subject = car('Toyota', 'Corolla', 30_000);

  it('7.14: a multi-query, same model and price band (same kind, any kind) on each side of the price (nearest first), each in stock, empty facets, highlight tags, limit 10', () => {
    const requests = similarRequests(subject, INDEX);
    expect(requests.map((request) => request.indexName)).toEqual([
      `${INDEX}:price:asc`,
      `${INDEX}:price:desc`,
      `${INDEX}:price:asc`,
      `${INDEX}:price:desc`,
      `${INDEX}:price:asc`,
      `${INDEX}:price:desc`,
    ]);
    for (const request of requests) {
      expect(request.params).toMatchObject({ facets: [], hitsPerPage: SIMILAR_SEARCH_LIMIT });
      expect((request.params as Record<string, unknown>).highlightPreTag).toBeTruthy();
      expect(request.params?.facetFilters).toContain('status:in_stock');
    }
    expect(requests.map((request) => request.params?.numericFilters)).toEqual([
      ['price>=30000', 'price<=40000'],
      ['price>=20000', 'price<30000'],
      ['price>=30000', 'price<=40000'],
      ['price>=20000', 'price<30000'],
      ['price>=30000', 'price<=40000'],
      ['price>=20000', 'price<30000'],
    ]);
    expect(requests[0].params?.facetFilters).toEqual(['status:in_stock', 'make:Toyota', 'model:Corolla']);
    expect(requests[2].params?.facetFilters).toEqual(['status:in_stock', 'item_type:car']);
    expect(requests[4].params?.facetFilters).toEqual(['status:in_stock']);
    expect(similarRequests(car('Yamaha', 'MT-07', 12_000, { item_type: 'Motorcycle' }), INDEX)[2].params?.facetFilters).toEqual(['status:in_stock', 'item_type:motorcycle']);
    // A record without item_type keeps to the kind decided when the feed was parsed (a Yamaha is a bike).
    expect(similarRequests(car('Yamaha', 'MT-07', 12_000), INDEX)[2].params?.facetFilters).toEqual(['status:in_stock', 'item_type:motorcycle']);
    // Over $50,000 the band is $25,000 either side (spec §9).
    expect(similarRequests(car('BMW', 'X5', 80_000), INDEX)[4].params?.numericFilters).toEqual(['price>=80000', 'price<=105000']);
    expect(similarRequests(car('BMW', 'X5', 80_000), INDEX)[5].params?.numericFilters).toEqual(['price>=55000', 'price<80000']);
    // No price: the model only.
    expect(similarRequests(car('Kia', 'Rio', null), INDEX)).toHaveLength(1);
  });

  it('2.26: same model first, de-duplicated by id, without the car itself, capped at 6, from the embedded engine', async () => {
    const stock = [
      subject,
      car('Toyota', 'Corolla', 31_000),
      car('Mazda', '3', 30_100),
      car('Kia', 'Cerato', 29_000),
      car('Hyundai', 'i30', 33_000),
      car('Ford', 'Focus', 27_000),
      car('VW', 'Golf', 35_000),
      car('Honda', 'Civic', 36_000),
      car('Toyota', 'Corolla', 30_500, { status: 'sold' }),
      car('Audi', 'A4', 70_000),
    ];
    const answer = await fetchSimilar(embedded(stock), subject, INDEX);
    expect(answer.source).toBe('query');
    const names = answer.hits.map((hit) => hit.slug);
    expect(names).toHaveLength(6);
    expect(names[0]).toBe(stock[1].slug);
    expect(names).not.toContain(subject.slug);
    expect(names).not.toContain(stock[8].slug);
    expect(names).not.toContain(stock[9].slug);
    expect(new Set(names).size).toBe(6);
  });

  it('2.26: a car sold since the build is not offered again (the engine answers with its new status)', async () => {
    const other = car('Toyota', 'Corolla', 29_500);
    const before = await fetchSimilar(embedded([subject, other]), subject, INDEX);
    expect(before.hits.map((hit) => hit.slug)).toEqual([other.slug]);
    const after = await fetchSimilar(embedded([subject, { ...other, status: 'sold' }]), subject, INDEX);
    expect(after.hits).toEqual([]);
  });

  it('8.9: when the multi-query fails the filter search answers', async () => {
    const other = car('Mazda', 'CX-3', 28_000);
    const engine = createSearchEngine(toSearchDocuments([subject, other], SITE));
    const seen: SearchRequest[][] = [];
    const flaky: SearchClientLike = {
      async search(requests) {
        seen.push([...requests]);
        if (requests.length > 1) throw new Error('multi-query endpoint down');
        return { results: requests.map((request) => engine.search(request.indexName, request.params ?? {})) };
      },
    };
    const answer = await fetchSimilar(flaky, subject, INDEX);
    expect(answer).toMatchObject({ source: 'filter' });
    expect(answer.hits.map((hit) => hit.slug)).toEqual([other.slug]);
    expect(seen[1]).toEqual([similarFilterRequest(subject, INDEX)]);
  });

  it('8.9: when both fail the error reaches the caller (the build-time list stays)', async () => {
    const down: SearchClientLike = { search: async () => Promise.reject(new Error('offline')) };
    await expect(fetchSimilar(down, subject, INDEX)).rejects.toThrow('offline');
  });

  it('pickSimilar drops duplicates returned by both queries', () => {
    const other = car('Toyota', 'Corolla', 30_200);
    const [hit] = toSearchDocuments([other], SITE).map((document) => ({ ...document, objectID: document.uid }));
    expect(pickSimilar(subject, [hit, hit, { ...hit }])).toHaveLength(1);
  });
});

describe('7.14: the similar-car id list call by slug', () => {
  const subject = car('Toyota', 'Camry', 34_000);
  const picks = [car('Mazda', '6', 33_000), car('Kia', 'K5', 35_500), car('Toyota', 'Camry', 36_000)];
  const stock = [subject, ...picks, car('Ford', 'Mondeo', 34_100)];

  it('asks the lead API by slug, then the engine for those ids as one group, in stock, empty facets, highlight tags, limit 10', () => {
    expect(similarIdsUrl('/api', 'a b/c')).toBe('/api/cars/a%20b%2Fc/similar');
    expect(similarIdsUrl('https://api.example.com/api/', 'x')).toBe('https://api.example.com/api/cars/x/similar');
    const ids = Array.from({ length: 12 }, (_, index) => String(index + 1));
    const request = similarIdsRequest(ids, INDEX);
    expect(request.indexName).toBe(INDEX);
    expect(request.params).toMatchObject({ facets: [], hitsPerPage: SIMILAR_SEARCH_LIMIT, numericFilters: [] });
    expect((request.params as Record<string, unknown>).highlightPreTag).toBeTruthy();
    expect(request.params?.facetFilters).toEqual(['status:in_stock', ids.slice(0, 10).map((id) => `id:${id}`)]);
  });

  it('shows the listed cars in the list’s order (not the engine’s ranking), from the embedded engine', async () => {
    const asked: string[] = [];
    const source: SimilarIdsSource = async (slug) => {
      asked.push(slug);
      return [picks[1]!, picks[0]!, picks[2]!].map((pick) => String(pick.id));
    };
    const answer = await fetchSimilar(embedded(stock), subject, INDEX, source);
    expect(asked).toEqual([subject.slug]);
    expect(answer.source).toBe('ids');
    expect(answer.hits.map((hit) => hit.slug)).toEqual([picks[1]!.slug, picks[0]!.slug, picks[2]!.slug]);
  });

  it('an empty list is an answer: no similar cars', async () => {
    expect(await fetchSimilar(embedded(stock), subject, INDEX, async () => [])).toEqual({ hits: [], source: 'ids' });
  });

  it('falls back to the multi-query when the API cannot answer or the engine lacks a listed car', async () => {
    const viaQuery = await fetchSimilar(embedded(stock), subject, INDEX, async () => null);
    expect(viaQuery.source).toBe('query');
    expect(viaQuery.hits.length).toBeGreaterThan(0);
    // A car the API holds but the engine's index does not (it arrived after the build), or one sold since.
    const newer = await fetchSimilar(embedded(stock), subject, INDEX, async () => [String(picks[0]!.id), '999999']);
    expect(newer.source).toBe('query');
    const sold = await fetchSimilar(embedded([subject, { ...picks[0]!, status: 'sold' }, picks[1]!]), subject, INDEX, async () => [
      String(picks[0]!.id),
      String(picks[1]!.id),
    ]);
    expect(sold.source).toBe('query');
    expect(sold.hits.map((hit) => hit.slug)).not.toContain(picks[0]!.slug);
  });

  it('the API source turns any failure into null (the multi-query then answers)', async () => {
    const answer = (status: number, body: unknown) =>
      (async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch;
    expect(await apiSimilarIds('/api', answer(200, { success: true, slug: 's', ids: ['7', 8] }))('s')).toEqual(['7', '8']);
    expect(await apiSimilarIds('/api', answer(404, { success: false, error: 'This car is not listed on this site.' }))('s')).toBeNull();
    expect(await apiSimilarIds('/api', answer(200, { ids: [{ id: 1 }] }))('s')).toBeNull();
    expect(await apiSimilarIds('/api', (async () => Promise.reject(new TypeError('offline'))) as typeof fetch)('s')).toBeNull();
  });
});
