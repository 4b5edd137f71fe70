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

/** What a route's page is, for a report: its kind and its heading. */
export interface RouteName {
  kind: 'car-type' | 'make' | 'model' | 'location' | 'dealership';
  title: string;
}

/**
 * Two routes of one path with different presets: the table keeps the first (car types, then makes,
 * models, locations, dealerships) and the other's page is not built; its refinement falls back to
 * the all-stock page with a query string.
 */
export interface RouteCollision {
  path: string;
  kept: RouteName;
  lost: RouteName;
}

/** A location of the site given its search page whether or not any car is there (a View Our Stock link names it). */
export interface LinkedLocation {
  slug: string;
  name: string;
}

/** The route table of a tenant's documents under `prefix` (src/lib/site/search-urls.ts searchPrefix). */
export function buildRouteTable(documents: readonly SearchDocument[], prefix = SEARCH_PREFIX, linked: readonly LinkedLocation[] = []): RouteTable {
  return buildRoutes(documents, prefix, linked).table;
}

/**
 * The route table of a tenant's documents under `prefix`, and the routes it could not build (two
 * of one path). Each `linked` location has its location page too (empty results while none of its
 * cars is visible), unless a car's location of the same slug already gives it one.
 */
export function buildRoutes(
  documents: readonly SearchDocument[],
  prefix = SEARCH_PREFIX,
  linked: readonly LinkedLocation[] = [],
): { table: RouteTable; collisions: RouteCollision[] } {
  const routes: SearchRoute[] = [];
  const collisions: RouteCollision[] = [];
  const taken = new Map<string, { route: SearchRoute; name: RouteName }>();
  const add = (slugPath: string, preset: Record<string, string[]>, title: string, kind: RouteName['kind']) => {
    if (!slugPath) return;
    const path = `${prefix}/${slugPath}`;
    const first = taken.get(slugPath);
    if (first) {
      // Two spellings of one make, model or location share a page: nothing is lost.
      if (JSON.stringify(first.route.preset) !== JSON.stringify(preset)) collisions.push({ path, kept: first.name, lost: { kind, title } });
      return;
    }
    const route = { path, preset, title };
    taken.set(slugPath, { route, name: { kind, title } });
    routes.push(route);
  };
  for (const route of CAR_TYPE_ROUTES) add(route.slug, route.types.length > 0 ? { car_type: route.types } : {}, route.title, 'car-type');
  const { makes, models, locations, dealerships } = routeNames(documents);
  const located = new Set([...locations.keys()].map(slugify));
  for (const location of linked) {
    if (located.has(slugify(location.slug))) continue;
    located.add(slugify(location.slug));
    locations.set(location.slug, location.name);
  }
  const byKey = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [slug, make] of byKey(makes)) add(slug, { make: [make] }, make, 'make');
  for (const [slug, { make, model }] of byKey(models)) if (!slug.endsWith('/')) add(slug, { make: [make], model: [model] }, `${make} ${model}`, 'model');
  for (const [slug, name] of byKey(locations)) add(slugify(slug), { location_name: [name] }, name, 'location');
  for (const [slug, name] of byKey(dealerships)) add(slugify(slug), { dealership_name: [name] }, name, 'dealership');
  return { table: { prefix, base: `${prefix}/${ALL_STOCK_SLUG}`, routes }, collisions };
}

/** The makes, models, locations and dealerships of the documents by slug; the first spelling seen wins, so 'Toyota' and 'TOYOTA' share one page. */
function routeNames(documents: readonly SearchDocument[]) {
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
  return { makes, models, locations, dealerships };
}

/** A collision for the build's report: the page the path shows, the one not built, and what the dealer can rename. */
export function routeCollisionMessage({ path, kept, lost }: RouteCollision): string {
  const page = (name: RouteName) => `the ${name.kind} page ${JSON.stringify(name.title)}`;
  const rename = lost.kind === 'location' || lost.kind === 'dealership' ? `: give the ${lost.kind} another slug` : '';
  return `search page ${path} is ${page(kept)}; ${page(lost)} has the same path and is not built (its cars are still found from the all-stock page)${rename}`;
}
