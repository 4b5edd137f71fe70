/**
 * The search routes of a tenant (spec §2 "Search URLs"): each route is a static page whose
 * path stands for a preset refinement (car type, make, make + model, location, dealership).
 * Pure: built from the tenant's search documents at build time, handed to the island.
 */
import type { SearchDocument } from './documents.ts';
import { ALL_STOCK_SLUG, CAR_TYPE_ROUTES } from '../../schemas/car-types.ts';
import { SEARCH_PREFIX } from '../../lib/site/search-urls.ts';
import { slugify } from '../../lib/text/slug.ts';

/** One search route: its path and the refinements the path stands for. */
export interface SearchRoute {
  /** Full path without trailing slash, e.g. '/search/toyota/corolla'. */
  path: string;
  /** Refinements the path implies, e.g. { make: ['Toyota'], model: ['Corolla'] }. */
  preset: Record<string, string[]>;
  /** Page heading, e.g. 'Used Cars' or 'Toyota Corolla'. */
  title: string;
}

/** Every search route of a tenant; `base` has no preset and is used when nothing else fits. */
export interface RouteTable {
  /** '/search' or '/used-car'. */
  prefix: string;
  base: string;
  routes: SearchRoute[];
}

/** The route table of a tenant's documents under `prefix` (src/lib/site/search-urls.ts searchPrefix). */
export function buildRouteTable(documents: readonly SearchDocument[], prefix = SEARCH_PREFIX): RouteTable {
  const routes: SearchRoute[] = [];
  const taken = new Set<string>();
  const add = (slugPath: string, preset: Record<string, string[]>, title: string) => {
    if (!slugPath || taken.has(slugPath)) return;
    taken.add(slugPath);
    routes.push({ path: `${prefix}/${slugPath}`, preset, title });
  };
  for (const route of CAR_TYPE_ROUTES) add(route.slug, route.types.length > 0 ? { car_type: route.types } : {}, route.title);

  // First spelling seen wins, so 'Toyota' and 'TOYOTA' share one page.
  const makes = new Map<string, string>();
  const models = new Map<string, { make: string; model: string }>();
  const locations = new Map<string, string>();
  const dealerships = new Map<string, string>();
  for (const document of documents) {
    if (document.make) {
      const makeSlug = slugify(document.make);
      if (!makes.has(makeSlug)) makes.set(makeSlug, document.make);
      if (document.model) {
        const key = `${makeSlug}/${slugify(document.model)}`;
        if (!models.has(key)) models.set(key, { make: makes.get(makeSlug)!, model: document.model });
      }
    }
    if (document.location_slug && document.location_name && !locations.has(document.location_slug))
      locations.set(document.location_slug, document.location_name);
    if (document.dealership_slug && document.dealership_name && !dealerships.has(document.dealership_slug))
      dealerships.set(document.dealership_slug, document.dealership_name);
  }
  const byKey = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [slug, make] of byKey(makes)) add(slug, { make: [make] }, make);
  for (const [slug, { make, model }] of byKey(models)) if (!slug.endsWith('/')) add(slug, { make: [make], model: [model] }, `${make} ${model}`);
  for (const [slug, name] of byKey(locations)) add(slugify(slug), { location_name: [name] }, name);
  for (const [slug, name] of byKey(dealerships)) add(slugify(slug), { dealership_name: [name] }, name);
  return { prefix, base: `${prefix}/${ALL_STOCK_SLUG}`, routes };
}
