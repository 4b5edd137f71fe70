/**
 * The first page of a search route computed at build time with the embedded engine, the
 * way InstantSearch asks for it (disjunctive facets: a refined facet's counts ignore its
 * own refinement), so the static HTML equals what the island shows once it loads. Pure.
 */
import { DEFAULT_INDEX } from '../core/config.ts';
import type { SearchEngine, EngineResult } from '../engine/engine.ts';

/** Facets every search page shows (panels, car-type filter, price slider). */
export const PAGE_FACETS = [
  'make', 'model', 'body', 'price_range', 'colour', 'fuel', 'transmission', 'state', 'city', 'location_name', 'dealership_name', 'car_type', 'price',
  // The rest of the spec's §3 facets.
  'weekly_price_range', 'drive', 'seats', 'certified', 'tag', 'badge', 'subscription_price', 'year', 'km',
  // Features, and caravans' sleeps and length.
  'filtered_features', 'sleeps', 'body_length', 'item_type',
  // Beyond spec §3: a motorcycle's final drive.
  'final_drive',
] as const;

/** Results of a preset refinement: main query plus one facet-only query per refined facet. */
export function snapshotResults(engine: SearchEngine, preset: Record<string, string[]>, pageSize: number, index: string = DEFAULT_INDEX): EngineResult {
  const filters = (except?: string) =>
    Object.entries(preset)
      .filter(([facet, values]) => facet !== except && values.length > 0)
      .map(([facet, values]) => values.map((value) => `${facet}:${value}`));
  const main = engine.search(index, { facets: [...PAGE_FACETS], facetFilters: filters(), hitsPerPage: pageSize, page: 0 });
  const facets = { ...main.facets };
  for (const facet of Object.keys(preset)) {
    const own = engine.search(index, { facets: [facet], facetFilters: filters(facet), hitsPerPage: 0 });
    facets[facet] = own.facets[facet] ?? {};
  }
  return { ...main, facets };
}
