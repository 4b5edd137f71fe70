/**
 * Similar vehicles (spec §7 "multi-query search endpoint ... Also a similar-car id list call by
 * slug", §8, §9). The page paints the build-time list, then asks again near the viewport, so a
 * car sold since the build drops out: (1) the lead API's id list by slug (its pick from the stock
 * it holds now) and one engine query for those ids, shown in the list's order; (2) when the API
 * cannot answer or the engine lacks a listed car, the multi-query (same model, then the price band
 * of the car's kind and of any kind, nearest prices first, ranked by the build-time rule, so an
 * unchanged stock gives the build-time list); (3) when that fails, the filter search (spec §8).
 * Pure apart from the client and the id source passed in (`SearchClientLike`, either engine).
 */
import type { Car } from '../../schemas/car.ts';
import { similarPriceBand, similarVehicles, SIMILAR_LIMIT } from '../../lib/vehicle/similar-vehicles.ts';
import type { SearchClientLike, SearchRequest } from './client.ts';
import type { SearchHit } from '../engine/engine.ts';
import { hitToCar } from '../core/hit-car.ts';

/** Hits asked for per query (spec §9 "search limit 10"). */
export const SIMILAR_SEARCH_LIMIT = 10;

/** How far below the viewport the refresh starts (spec §9 "loads within 500px of view"). */
export const SIMILAR_ROOT_MARGIN = '500px';

/** Placeholders shown while the refresh runs (spec §9 "six placeholders while loading"). */
export const SIMILAR_PLACEHOLDERS = SIMILAR_LIMIT;

/** What the query needs to know about the car on the page. */
export type SimilarSubject = Pick<Car, 'id' | 'slug' | 'make' | 'model' | 'price'> & Partial<Pick<Car, 'vehicle_kind'>>;

/** Facet values are matched case-insensitively by both engines; quotes keep spaces intact. */
function facet(attribute: string, value: string): string {
  return `${attribute}:${value}`;
}

function subjectPrice(subject: SimilarSubject): number | null {
  return typeof subject.price === 'number' && subject.price > 0 ? subject.price : null;
}

function bandFilters(subject: SimilarSubject): string[] {
  const price = subjectPrice(subject);
  if (price === null) return [];
  const band = similarPriceBand(price);
  return [`price>=${Math.max(0, price - band)}`, `price<=${price + band}`];
}

/** The band split at the car's price: at or above it (nearest first), and below it (nearest first). */
function bandSides(subject: SimilarSubject, index: string): { indexName: string; numericFilters: string[] }[] {
  const price = subjectPrice(subject);
  if (price === null) return [];
  const band = similarPriceBand(price);
  return [
    { indexName: `${index}:price:asc`, numericFilters: [`price>=${price}`, `price<=${price + band}`] },
    { indexName: `${index}:price:desc`, numericFilters: [`price>=${Math.max(0, price - band)}`, `price<${price}`] },
  ];
}

/** Parameters every similar-vehicles query shares: no facets, highlight tags, limit 10. */
function params(facetFilters: (string | string[])[], numericFilters: string[]) {
  return {
    query: '',
    facets: [] as string[],
    highlightPreTag: '__ais-highlight__',
    highlightPostTag: '__/ais-highlight__',
    hitsPerPage: SIMILAR_SEARCH_LIMIT,
    page: 0,
    facetFilters,
    numericFilters,
  };
}

/**
 * The multi-query of spec §7: the same make and model, then the price band for the car's own
 * kind (the documents' `item_type`, its `vehicle_kind`) and for any kind, each in stock only and limited to 10. Each is asked
 * for on both sides of the car's price, sorted nearest first, so the 10 hits of a side hold its
 * nearest cars and the build-time ranking can be applied to them (6 are shown). A car without a
 * price asks for its model only.
 */
export function similarRequests(subject: SimilarSubject, index: string): SearchRequest[] {
  const inStock = facet('status', 'in_stock');
  const sides = bandSides(subject, index);
  const requests: SearchRequest[] = [];
  if (subject.make && subject.model) {
    const model = [inStock, facet('make', subject.make), facet('model', subject.model)];
    if (sides.length === 0) requests.push({ indexName: index, params: params(model, []) });
    for (const side of sides) requests.push({ indexName: side.indexName, params: params(model, side.numericFilters) });
  }
  const kind = facet('item_type', subject.vehicle_kind ?? 'car');
  for (const side of sides) requests.push({ indexName: side.indexName, params: params([inStock, kind], side.numericFilters) });
  for (const side of sides) requests.push({ indexName: side.indexName, params: params([inStock], side.numericFilters) });
  return requests;
}

/** The fallback filter search (spec §8): one query holding only the filters, in stock and price band (else the model). */
export function similarFilterRequest(subject: SimilarSubject, index: string): SearchRequest | null {
  const band = bandFilters(subject);
  if (band.length > 0) return { indexName: index, params: params([facet('status', 'in_stock')], band) };
  if (subject.make && subject.model)
    return { indexName: index, params: params([facet('status', 'in_stock'), facet('make', subject.make), facet('model', subject.model)], []) };
  return null;
}

/** The ids of a car's similar cars, in the order shown, or null when they cannot be had (no API, a failure, an unknown car). */
export type SimilarIdsSource = (slug: string) => Promise<readonly string[] | null>;

/** The id list call by slug (spec §7): GET {apiBase}/cars/{slug}/similar on the lead API. */
export function similarIdsUrl(apiBase: string, slug: string): string {
  return `${apiBase.replace(/\/+$/, '')}/cars/${encodeURIComponent(slug)}/similar`;
}

/** The lead API as the id source; any failure (network, 404 for a car it does not hold, a malformed answer) is null. */
export function apiSimilarIds(apiBase: string, fetcher: typeof fetch = fetch): SimilarIdsSource {
  return async (slug) => {
    try {
      const response = await fetcher(similarIdsUrl(apiBase, slug), { headers: { accept: 'application/json' }, credentials: 'include' });
      if (!response.ok) return null;
      const body = (await response.json()) as { ids?: unknown };
      return Array.isArray(body.ids) && body.ids.every((id) => typeof id === 'string' || typeof id === 'number') ? body.ids.map(String) : null;
    } catch (error) {
      console.warn('similar vehicles: the id list call failed', error);
      return null;
    }
  };
}

/** The engine query for the listed cars: their ids as one group (any of them), in stock, empty facets, highlight tags, limit 10. */
export function similarIdsRequest(ids: readonly string[], index: string): SearchRequest {
  return { indexName: index, params: params([facet('status', 'in_stock'), ids.slice(0, SIMILAR_SEARCH_LIMIT).map((id) => facet('id', id))], []) };
}

/** Hits of a multi-query answer, whatever engine answered. */
function hitsOf(results: unknown[]): SearchHit[] {
  return results.flatMap((result) => (result as { hits?: SearchHit[] } | null)?.hits ?? []);
}

/**
 * The cars to show, from the engine's hits: same model first, de-duplicated by id, without the
 * car itself, in stock, capped at 6 — the very rule of the build-time list (`similarVehicles`).
 */
export function pickSimilar(subject: SimilarSubject, hits: readonly SearchHit[]): SearchHit[] {
  const byId = new Map<string, SearchHit>();
  for (const hit of hits) if (!byId.has(String(hit.id))) byId.set(String(hit.id), hit);
  const cars = [...byId.values()].map((hit) => ({ car: hitToCar(hit), hit }));
  const chosen = similarVehicles(
    subject as Car,
    cars.map(({ car }) => car),
  );
  return chosen.map((car) => byId.get(String(car.id)) as SearchHit);
}

/** Where the answer came from: the id list, the multi-query, or the filter search after it failed. */
export interface SimilarAnswer {
  hits: SearchHit[];
  source: 'ids' | 'query' | 'filter';
}

/** The listed cars from the engine, in the list's order; null when the engine lacks one of them or fails. */
async function hitsForIds(client: SearchClientLike, ids: readonly string[], index: string): Promise<SearchHit[] | null> {
  const wanted = ids.slice(0, SIMILAR_LIMIT);
  if (wanted.length === 0) return [];
  try {
    const { results } = await client.search([similarIdsRequest(wanted, index)]);
    const byId = new Map(hitsOf(results).map((hit) => [String(hit.id), hit]));
    const hits = wanted.map((id) => byId.get(id));
    // A listed car the engine does not hold in stock: its index is older than the API's stock.
    return hits.every((hit) => hit !== undefined) ? (hits as SearchHit[]) : null;
  } catch (error) {
    console.warn('similar vehicles: the search for the listed cars failed', error);
    return null;
  }
}

/**
 * Ask for the similar cars: the id list call and the engine's hits for those ids first (when
 * the page has an id source); else the multi-query. When the multi-query fails the filter
 * search is tried (spec §8 "similar-cars failure ... falls back to filter search"); when both
 * fail the error is thrown and the caller keeps the build-time list.
 */
export async function fetchSimilar(client: SearchClientLike, subject: SimilarSubject, index: string, ids?: SimilarIdsSource): Promise<SimilarAnswer> {
  const listed = ids ? await ids(subject.slug) : null;
  if (listed) {
    const hits = await hitsForIds(client, listed, index);
    if (hits) return { hits, source: 'ids' };
  }
  const requests = similarRequests(subject, index);
  if (requests.length === 0) return { hits: [], source: 'query' };
  try {
    const { results } = await client.search(requests);
    return { hits: pickSimilar(subject, hitsOf(results)), source: 'query' };
  } catch (error) {
    console.warn('similar vehicles: query failed, using the filter search', error);
    const fallback = similarFilterRequest(subject, index);
    if (!fallback) throw error;
    const { results } = await client.search([fallback]);
    return { hits: pickSimilar(subject, hitsOf(results)), source: 'filter' };
  }
}
