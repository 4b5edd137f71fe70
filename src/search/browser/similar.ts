/**
 * Similar vehicles from the search engine (spec §7 "Similar vehicles: multi-query search
 * endpoint", §8, §9). The vehicle page paints the build-time list first; when the section
 * comes near the viewport the browser asks the engine again, so a car sold since the build
 * drops out. Pure apart from the client passed in (`SearchClientLike`, either engine). The
 * hits are ranked by the build-time rule (similarVehicles), and the queries ask for the
 * nearest prices on each side of the car's (of its own kind, and of any kind), so an unchanged
 * stock gives the build-time list.
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
function params(facetFilters: string[], numericFilters: string[]) {
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
  if (subject.make && subject.model) return { indexName: index, params: params([facet('status', 'in_stock'), facet('make', subject.make), facet('model', subject.model)], []) };
  return null;
}

/** Hits of a multi-query answer, whatever engine answered. */
function hitsOf(results: unknown[]): SearchHit[] {
  return results.flatMap((result) => ((result as { hits?: SearchHit[] } | null)?.hits ?? []));
}

/**
 * The cars to show, from the engine's hits: same model first, de-duplicated by id, without the
 * car itself, in stock, capped at 6 — the very rule of the build-time list (`similarVehicles`).
 */
export function pickSimilar(subject: SimilarSubject, hits: readonly SearchHit[]): SearchHit[] {
  const byId = new Map<string, SearchHit>();
  for (const hit of hits) if (!byId.has(String(hit.id))) byId.set(String(hit.id), hit);
  const cars = [...byId.values()].map((hit) => ({ car: hitToCar(hit), hit }));
  const chosen = similarVehicles(subject as Car, cars.map(({ car }) => car));
  return chosen.map((car) => byId.get(String(car.id)) as SearchHit);
}

/** Where the answer came from: the multi-query, or the filter search after it failed. */
export interface SimilarAnswer {
  hits: SearchHit[];
  source: 'query' | 'filter';
}

/**
 * Ask the engine for the similar cars. When the multi-query fails the filter search is tried
 * (spec §8 "similar-cars failure ... falls back to filter search"); when both fail the error
 * is thrown and the caller keeps the build-time list.
 */
export async function fetchSimilar(client: SearchClientLike, subject: SimilarSubject, index: string): Promise<SimilarAnswer> {
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
