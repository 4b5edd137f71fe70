/**
 * Search URL <-> state (spec §2, DESIGN §5). Pure: `parseSearchUrl(createSearchUrl(s))`
 * returns `s` (refinement order aside). The path carries the route's preset refinements;
 * the query string carries the rest exactly as the spec writes it:
 *   query=<text>&page=<n, only when not 1>&sortBy=<key>&range[price]=<min>:<max>
 *   &refinementList[<facet>][]=<value>
 * A '/used-car' tenant's '/search/...' page (old links) reads as the same route under its prefix.
 */
import { SORT_OPTIONS, sortIndexName } from '../core/config.ts';
import { SEARCH_PREFIX } from '../../lib/site/search-urls.ts';
import type { RouteTable, SearchRoute } from '../core/routes.ts';

/** What a search URL says. */
export interface SearchUrlState {
  query?: string;
  /** 1-based; absent means 1. */
  page?: number;
  /** Sort key of SORT_OPTIONS; absent means most relevant. */
  sortBy?: string;
  /** 'min:max', either side may be empty. */
  range?: Record<string, string>;
  refinementList?: Record<string, string[]>;
}

/** InstantSearch's ui state of one index (the subset search pages use). */
export interface IndexUiState {
  query?: string;
  page?: number;
  sortBy?: string;
  range?: Record<string, string>;
  refinementList?: Record<string, string[]>;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value) => b.includes(value));

function normalisePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Keep a malformed path as it is: it simply matches no route.
  }
  path = path.replace(/\/index\.html$/, '').replace(/\/+$/, '');
  return path.toLowerCase();
}

/** A path in the table's own form: on a '/used-car' table, '/search/x' is the route '/used-car/x' (both pages are built). */
function tablePath(path: string, table: RouteTable): string {
  return table.prefix !== SEARCH_PREFIX && path.startsWith(`${SEARCH_PREFIX}/`) ? `${table.prefix}${path.slice(SEARCH_PREFIX.length)}` : path;
}

/** The route of a path, or the base route when the path is not a search route. */
export function routeForPath(pathname: string, table: RouteTable): SearchRoute {
  const path = tablePath(normalisePath(pathname), table);
  return table.routes.find((route) => route.path === path) ?? table.routes.find((route) => route.path === table.base) ?? { path: table.base, preset: {}, title: '' };
}

/** The most specific route whose preset the refinements contain (more preset facets first, then table order). */
export function routeForState(refinements: Record<string, string[]>, table: RouteTable): SearchRoute {
  let best: SearchRoute | undefined;
  let bestSize = -1;
  for (const route of table.routes) {
    const facets = Object.keys(route.preset);
    if (facets.length <= bestSize) continue;
    if (facets.every((facet) => refinements[facet] !== undefined && sameSet(refinements[facet], route.preset[facet]))) {
      best = route;
      bestSize = facets.length;
    }
  }
  return best ?? routeForPath(table.base, table);
}

/** Encode a query-string value; ':' and ',' stay readable (min:max). */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%2C/gi, ',');
}

function decodePart(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Build the URL (path + query string) of a state. */
export function createSearchUrl(state: SearchUrlState, table: RouteTable): string {
  const refinements = Object.fromEntries(Object.entries(state.refinementList ?? {}).filter(([, values]) => values.length > 0));
  const route = routeForState(refinements, table);
  const parts: string[] = [];
  if (state.query) parts.push(`query=${encodeValue(state.query)}`);
  if (state.page !== undefined && state.page > 1) parts.push(`page=${Math.floor(state.page)}`);
  if (state.sortBy && state.sortBy !== SORT_OPTIONS[0].key) parts.push(`sortBy=${encodeValue(state.sortBy)}`);
  for (const [attribute, value] of Object.entries(state.range ?? {})) {
    if (value && value !== ':') parts.push(`range[${encodeValue(attribute)}]=${encodeValue(value)}`);
  }
  for (const [attribute, values] of Object.entries(refinements)) {
    if (route.preset[attribute]) continue;
    for (const value of values) parts.push(`refinementList[${encodeValue(attribute)}][]=${encodeValue(value)}`);
  }
  return parts.length > 0 ? `${route.path}?${parts.join('&')}` : route.path;
}

/**
 * Whether a URL the router writes (createSearchUrl's path + query string) is the address already
 * shown. InstantSearch compares it with the full href, which it never equals: both sides are read
 * here as path + query string (the URL parser encodes them as the address bar does), so writing
 * the same search again adds no history entry.
 */
export function isCurrentAddress(url: string, location: { href: string; pathname: string; search: string }): boolean {
  const next = new URL(url, location.href);
  return next.pathname + next.search === location.pathname + location.search;
}

/**
 * How the router writes a URL (createSearchUrl's, with the address's own parameters: routerAddress)
 * over the address shown: 'none' when it is that address (isCurrentAddress); 'replace' when it is
 * the same search spelled as the router spells it: an old link's percent-encoded brackets
 * ('refinementList%5Bmake%5D%5B0%5D=Toyota'), indexed arrays or trailing slash rewritten. The
 * rewrite takes the old address's place, so Back leaves the page in one step. 'push' for another
 * search: one history entry each.
 */
export function addressWrite(url: string, location: { href: string; pathname: string; search: string }, table: RouteTable): 'none' | 'replace' | 'push' {
  if (isCurrentAddress(url, location)) return 'none';
  const next = new URL(url, location.href);
  const same = createSearchUrl(parseSearchUrl(next, table), table) === createSearchUrl(parseSearchUrl(location, table), table);
  return same ? 'replace' : 'push';
}

/** What parseSearchUrl gathers from an address's parameters before it returns the state. */
interface ReadSoFar {
  state: SearchUrlState;
  range: Record<string, string>;
  refinementList: Record<string, string[]>;
}

/**
 * The parameters a search URL says something with, and how parseSearchUrl reads each (`name`:
 * the key's bracketed facet). The one list: isSearchKey asks it which keys are a search's.
 */
const SEARCH_PARAMETERS: readonly { key: RegExp; read(into: ReadSoFar, value: string, name: string): void }[] = [
  {
    key: /^query$/,
    read: ({ state }, value) => {
      if (value) state.query = value;
    },
  },
  {
    key: /^page$/,
    read: ({ state }, value) => {
      const page = Number(value);
      if (Number.isInteger(page) && page > 1) state.page = page;
    },
  },
  {
    key: /^sortBy$/,
    read: ({ state }, value) => {
      if (SORT_OPTIONS.some((option) => option.key === value) && value !== SORT_OPTIONS[0].key) state.sortBy = value;
    },
  },
  {
    key: /^range\[([^\]]+)\]$/,
    read: ({ range }, value, facet) => {
      if (/^-?\d*(\.\d+)?:-?\d*(\.\d+)?$/.test(value) && value !== ':') range[facet] = value;
    },
  },
  {
    key: /^refinementList\[([^\]]+)\]\[\d*\]$/,
    read: ({ refinementList }, value, facet) => {
      if (!value) return;
      const list = (refinementList[facet] ??= []);
      if (!list.includes(value)) list.push(value);
    },
  },
];

/** Whether a query-string key is one a search URL says something with (parseSearchUrl reads it). */
function isSearchKey(key: string): boolean {
  return SEARCH_PARAMETERS.some((parameter) => parameter.key.test(key));
}

/**
 * `url` (createSearchUrl's) followed by the parameters of `search` (an address's query string)
 * that no search reads: a campaign's 'utm_source=mail', an ad click's 'gclid', as written there.
 */
export function withOwnParameters(url: string, search: string): string {
  const own = (search.startsWith('?') ? search.slice(1) : search).split('&').filter((pair) => {
    if (!pair) return false;
    const equals = pair.indexOf('=');
    return !isSearchKey(decodePart(equals === -1 ? pair : pair.slice(0, equals)));
  });
  return own.length === 0 ? url : `${url}${url.includes('?') ? '&' : '?'}${own.join('&')}`;
}

/**
 * The address the router writes for `url` (createSearchUrl's) over the address shown: the same
 * search in the router's spelling keeps the address's own parameters (withOwnParameters: an old
 * link rewritten in place keeps its 'utm_source'); another search is `url` alone.
 */
export function routerAddress(url: string, location: { href: string; pathname: string; search: string }, table: RouteTable): string {
  const same = createSearchUrl(parseSearchUrl(new URL(url, location.href), table), table) === createSearchUrl(parseSearchUrl(location, table), table);
  return same ? withOwnParameters(url, location.search) : url;
}

/** Read the state of a URL (pathname + search). Unknown parameters are ignored. */
export function parseSearchUrl(location: { pathname: string; search: string }, table: RouteTable): SearchUrlState {
  const route = routeForPath(location.pathname, table);
  const state: SearchUrlState = {};
  const refinementList: Record<string, string[]> = {};
  for (const [facet, values] of Object.entries(route.preset)) refinementList[facet] = [...values];
  const range: Record<string, string> = {};
  const search = location.search.startsWith('?') ? location.search.slice(1) : location.search;
  for (const pair of search.split('&')) {
    if (!pair) continue;
    const equals = pair.indexOf('=');
    const key = decodePart(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : decodePart(pair.slice(equals + 1));
    for (const parameter of SEARCH_PARAMETERS) {
      const match = parameter.key.exec(key);
      if (!match) continue;
      parameter.read({ state, range, refinementList }, value, match[1] ?? '');
      break;
    }
  }
  if (Object.keys(range).length > 0) state.range = range;
  if (Object.keys(refinementList).length > 0) state.refinementList = refinementList;
  return state;
}

/** InstantSearch ui state of a URL state (sort keys become index names). */
export function toUiState(state: SearchUrlState, index: string): IndexUiState {
  const option = SORT_OPTIONS.find((candidate) => candidate.key === state.sortBy);
  const ui: IndexUiState = {};
  if (state.query) ui.query = state.query;
  if (state.page && state.page > 1) ui.page = state.page;
  if (option && option.sort) ui.sortBy = sortIndexName(index, option);
  if (state.range) ui.range = { ...state.range };
  if (state.refinementList) ui.refinementList = Object.fromEntries(Object.entries(state.refinementList).map(([facet, values]) => [facet, [...values]]));
  return ui;
}

/** URL state of an InstantSearch ui state (index names become sort keys). */
export function fromUiState(ui: IndexUiState, index: string): SearchUrlState {
  const state: SearchUrlState = {};
  if (ui.query) state.query = ui.query;
  if (ui.page && ui.page > 1) state.page = ui.page;
  const option = SORT_OPTIONS.find((candidate) => sortIndexName(index, candidate) === ui.sortBy);
  if (option && option.sort) state.sortBy = option.key;
  const range = Object.fromEntries(Object.entries(ui.range ?? {}).filter(([, value]) => value && value !== ':'));
  if (Object.keys(range).length > 0) state.range = range;
  const lists = Object.fromEntries(Object.entries(ui.refinementList ?? {}).filter(([, values]) => values && values.length > 0));
  if (Object.keys(lists).length > 0) state.refinementList = lists;
  return state;
}
