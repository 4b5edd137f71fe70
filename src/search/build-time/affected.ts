/**
 * Which static search pages a stock change touches (incremental releases render only
 * what changed). A page shows its preset's snapshot (./snapshot.ts): the main query over
 * the cars matching the whole preset, plus each refined facet's counts over the cars matching
 * the rest. So a changed, added or removed car alters a page only when, before or after the
 * change, it matches the whole preset, or its contribution to a refined facet's counts
 * differs. Every other input is the same for all routes; when the route table itself changes,
 * every search page is rendered. The pages are those of the build's own route table
 * (./page-data.ts stockRouteTable), so a release never misses a page the build makes. Pure.
 */
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import { searchDocumentOf, type SearchDocument } from '../core/documents.ts';
import type { RouteTable } from '../core/routes.ts';
import { normalizeText } from '../core/text.ts';
import { stockRouteTable } from './page-data.ts';

/** Search pages to render: every one, or these route paths (relative to the site's search prefix, e.g. 'toyota/corolla'). */
export type AffectedSearchPages = { all: true; reason: string } | { all: false; paths: string[]; unchanged: string[] };

type Preset = Record<string, string[]>;

function valuesOf(document: SearchDocument, facet: string): string[] {
  const value = (document as unknown as Record<string, unknown>)[facet];
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map((item) => normalizeText(String(item)));
}

/** The facet filter the engine applies: one of the values (compared as the engine compares text). */
function passesFacet(document: SearchDocument, facet: string, values: readonly string[]): boolean {
  if (values.length === 0) return true;
  const wanted = new Set(values.map(normalizeText));
  return valuesOf(document, facet).some((value) => wanted.has(value));
}

function passesPreset(document: SearchDocument, preset: Preset, except?: string): boolean {
  return Object.entries(preset).every(([facet, values]) => facet === except || passesFacet(document, facet, values));
}

/** What a document adds to the counts of `facet` on a page with `preset` (disjunctive query). */
function facetContribution(document: SearchDocument | undefined, preset: Preset, facet: string): string | null {
  if (!document || !passesPreset(document, preset, facet)) return null;
  return JSON.stringify(valuesOf(document, facet));
}

/** Whether the search page of `preset` can differ after `before` became `after` (either may be absent). */
export function presetTouched(preset: Preset, before: SearchDocument | undefined, after: SearchDocument | undefined): boolean {
  if ((before && passesPreset(before, preset)) || (after && passesPreset(after, preset))) return true;
  return Object.entries(preset).some(([facet, values]) => values.length > 0 && facetContribution(before, preset, facet) !== facetContribution(after, preset, facet));
}

function tableKey(table: RouteTable): string {
  return JSON.stringify(table);
}

/**
 * Search pages an incremental release must render, for the cars whose ids are `touched`
 * (added, changed or removed) between `previous` and `next` visible stock.
 */
export function affectedSearchPages(site: Site, previous: readonly Car[], next: readonly Car[], touched: ReadonlySet<string>): AffectedSearchPages {
  const table = stockRouteTable(next, site);
  if (tableKey(stockRouteTable(previous, site)) !== tableKey(table)) {
    return { all: true, reason: 'the search route table changed' };
  }
  const documentsOf = (cars: readonly Car[]) => new Map(cars.filter((car) => touched.has(String(car.id))).map((car) => [String(car.id), searchDocumentOf(car, site)]));
  const before = documentsOf(previous);
  const after = documentsOf(next);
  const paths: string[] = [];
  const unchanged: string[] = [];
  for (const route of table.routes) {
    const path = route.path.slice(table.prefix.length + 1);
    const touchedHere = [...touched].some((id) => presetTouched(route.preset, before.get(id), after.get(id)));
    (touchedHere ? paths : unchanged).push(path);
  }
  return { all: false, paths, unchanged };
}
