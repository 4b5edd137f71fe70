/**
 * Manufacturer-and-model directory (spec §2 "Other listings", §7 "Manufacturer directory
 * search: manufacturer.name, model.name, model.body, query, offset; 21 per page"), searched
 * in the browser by a list index (src/search/lists/list-index.ts). Pure: the directory's
 * records, their searchable fields, URL state and search parameters.
 */
import type { ModelTileData } from './models.ts';

/** Models per directory page. */
export const DIRECTORY_PAGE_SIZE = 21;

/** A model in the directory: name, brand and bodies searchable; manufacturer and every body as facets. */
export interface DirectoryDocument {
  id: string;
  name: string;
  /** The brand, when the model has one. */
  make?: string;
  /** Every body of the model, space-separated (searchable). */
  bodies: string;
  manufacturer: string;
  /** Every body of the model (the facet: it counts and is found under each, as /models lists it). */
  body_type?: string[];
  href: string;
  from_text?: string;
}

/** Fields a directory query is matched in. */
export const DIRECTORY_SEARCHABLE = ['name', 'make', 'bodies'] as const satisfies readonly (keyof DirectoryDocument)[];

/** The directory's records, brand then name order (the order the list shows). */
export function directoryDocuments(tiles: readonly ModelTileData[]): DirectoryDocument[] {
  const sorted = [...tiles].sort((a, b) => (a.brand ?? '').localeCompare(b.brand ?? '') || a.name.localeCompare(b.name));
  return sorted.map((tile) => ({
    id: tile.key,
    name: tile.name,
    ...(tile.brand ? { make: tile.brand } : {}),
    bodies: tile.bodies.join(' '),
    manufacturer: tile.brand ?? 'Other',
    ...(tile.bodies.length > 0 ? { body_type: [...tile.bodies] } : {}),
    href: tile.href,
    ...(tile.fromPrice ? { from_text: tile.fromPrice } : {}),
  }));
}

/** Directory state in the URL: ?q=&make=&bodyType=&p= (names that do not clash with /models?body=). */
export interface DirectoryState {
  query: string;
  manufacturer?: string;
  bodyType?: string;
  page: number;
}

/** Read the directory state from a query string. */
export function parseDirectoryState(search: string): DirectoryState {
  const params = new URLSearchParams(search);
  const page = Number(params.get('p'));
  return {
    query: params.get('q') ?? '',
    ...(params.get('make') ? { manufacturer: params.get('make')! } : {}),
    ...(params.get('bodyType') ? { bodyType: params.get('bodyType')! } : {}),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Apply a directory state to a query string, keeping other parameters (such as ?body=). */
export function withDirectoryState(search: string, state: DirectoryState): string {
  const params = new URLSearchParams(search);
  for (const key of ['q', 'make', 'bodyType', 'p']) params.delete(key);
  if (state.query) params.set('q', state.query);
  if (state.manufacturer) params.set('make', state.manufacturer);
  if (state.bodyType) params.set('bodyType', state.bodyType);
  if (state.page > 1) params.set('p', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Search parameters of a directory state (manufacturer and body facets, 21 a page). */
export function directorySearch(state: DirectoryState): { query: string; facets: string[]; facetFilters?: string[][]; hitsPerPage: number; page: number } {
  const facetFilters: string[][] = [];
  if (state.manufacturer) facetFilters.push([`manufacturer:${state.manufacturer}`]);
  if (state.bodyType) facetFilters.push([`body_type:${state.bodyType}`]);
  return {
    query: state.query,
    facets: ['manufacturer', 'body_type'],
    ...(facetFilters.length ? { facetFilters } : {}),
    hitsPerPage: DIRECTORY_PAGE_SIZE,
    page: state.page - 1,
  };
}
