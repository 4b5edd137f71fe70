/**
 * Search constants shared by both engines, the pages and the islands (spec §9).
 * Pure values only: imported by the build (Node) and by browser islands.
 */

/** Facet attributes of a search document, with how many values each returns (spec §9 facet limits). */
export const FACET_LIMITS = {
  body: 30,
  make: 100,
  model: 250,
  colour: 30,
  car_type: 6,
  price_range: 30,
  /** The spec's "location 30": the state a car is in. */
  state: 30,
  fuel: 30,
  city: 20,
  location_name: 40,
  transmission: 30,
  drive: 30,
  dealership_name: 30,
  year: 100,
  status: 3,
  item_type: 10,
  // The rest of the spec's §3 facets.
  seats: 20,
  certified: 2,
  tag: 30,
  badge: 100,
  /** 'Make > Model': the model level of the make > model hierarchy. */
  make_model: 250,
  weekly_price_range: 30,
  // Spec §3's filtered_features (a car's notable features, several per car) and caravans' sleeps.
  filtered_features: 30,
  sleeps: 10,
  /** Beyond spec §3: a motorcycle's final drive (Chain, Belt, Shaft), kept out of `drive` (docs/search.md "Filters"). */
  final_drive: 10,
} as const;

export type FacetAttribute = keyof typeof FACET_LIMITS;

/** Every facet attribute, in a stable order. */
export const FACET_ATTRIBUTES = Object.keys(FACET_LIMITS) as FacetAttribute[];

/** Numeric attributes that can be ranged (price slider) and reported in facet stats. */
export const NUMERIC_ATTRIBUTES = ['price', 'km', 'year', 'subscription_price', 'body_length'] as const;

/** Facet attributes whose value is a list (a car counts once under each of its values). */
export const LIST_ATTRIBUTES: ReadonlySet<string> = new Set(['filtered_features']);
export type NumericAttribute = (typeof NUMERIC_ATTRIBUTES)[number];

/** Separator of the make > model hierarchy values (`make_model`), InstantSearch's default. */
export const HIERARCHY_SEPARATOR = ' > ';

/** Attributes the text query searches, most important first. */
export const SEARCHABLE_ATTRIBUTES = ['name', 'make', 'model', 'badge', 'colour', 'stocknum'] as const;

/** The largest facet limit: Meilisearch's maxValuesPerFacet is one number per index. */
export const MAX_VALUES_PER_FACET = Math.max(...Object.values(FACET_LIMITS));

/** Results per page unless site.json says otherwise (spec §9). */
export const DEFAULT_PAGE_SIZE = 21;

/**
 * Hits a search can page through. Above 1999 hits the count shown comes from facet totals
 * (spec §9), so both engines report at most this many hits.
 */
export const PAGINATION_LIMIT = 2000;

/** Above this many hits the displayed count is taken from the car_type facet totals (spec §9). */
export const COUNT_FROM_FACETS_ABOVE = 1999;

/** Debounce of the search box (ms, spec §9). */
export const SEARCH_BOX_DEBOUNCE_MS = 300;
/** Debounce of the price slider (ms, spec §9). */
export const SLIDER_DEBOUNCE_MS = 400;
/** Makes shown before 'Show all makes' on the search page (spec §9). */
export const MAKES_SHOWN = 7;
/** Popular makes shown before 'All Makes' in the hero search (spec §9). */
export const POPULAR_MAKES = 20;
/** Models listed for the selected make (spec §9). */
export const MODELS_FOR_MAKE = 30;
/** Entries kept in the local search history (spec §9). */
export const SEARCH_HISTORY_LIMIT = 5;
/** Home hero price slider (spec §9). */
export const HOME_PRICE_SLIDER = { min: 5000, max: 250000, step: 500 } as const;
/** Price slider range when the results have no prices (spec §5). */
export const DEFAULT_PRICE_RANGE = { min: 0, max: 100000 } as const;
/** Loader messages cycle every 5 s (spec §9). */
export const LOADER_CYCLE_MS = 5000;
/**
 * What the results loader says while a search takes long, in turn. The spec gives the cycle,
 * not the words: these are the project's (docs/search.md "Loader").
 */
export const LOADER_MESSAGES = ['Searching our stock…', 'Checking the latest arrivals…', 'Still looking, thanks for waiting…'] as const;

/** The loader message shown `elapsed` ms after the loader appeared. */
export function loaderMessageAt(elapsed: number): string {
  const turn = Math.max(0, Math.floor(elapsed / LOADER_CYCLE_MS));
  return LOADER_MESSAGES[turn % LOADER_MESSAGES.length];
}

/** A sort option: key used in the URL, label shown, Meilisearch sort rule (null = relevance). */
export interface SortOption {
  key: string;
  label: string;
  sort: string | null;
}

/** The four sort options of spec §9, in the order shown. */
export const SORT_OPTIONS: readonly SortOption[] = [
  { key: 'relevance', label: 'Most Relevant', sort: null },
  { key: 'latest', label: 'Latest', sort: 'created_at:desc' },
  { key: 'price-desc', label: 'Highest Price', sort: 'price:desc' },
  { key: 'price-asc', label: 'Lowest Price', sort: 'price:asc' },
];

/** Default Meilisearch index uid (spec §7 "index pattern Car_production"). */
export const DEFAULT_INDEX = 'Car_production';

/**
 * InstantSearch index name of a sort option. Sorting uses instant-meilisearch's convention
 * `<index>:<attribute>:<asc|desc>`; the embedded engine reads the same names.
 */
export function sortIndexName(index: string, option: SortOption): string {
  return option.sort ? `${index}:${option.sort}` : index;
}

/** Split an index name into the index and its sort rule (null for relevance). */
export function parseIndexName(indexName: string): { index: string; sort: string | null } {
  const colon = indexName.indexOf(':');
  return colon === -1 ? { index: indexName, sort: null } : { index: indexName.slice(0, colon), sort: indexName.slice(colon + 1) };
}

/**
 * The largest stock the docs name for the embedded engine (docs/search.md "Engines"): above it a
 * tenant is told, at every build, to search on Meilisearch. The engine still answers above it,
 * but every shopper who searches downloads the whole index file and keeps it in memory, which a
 * phone on a slow link feels (the figures: docs/scale.md "The embedded engine's limit").
 */
export const EMBEDDED_SEARCH_MAX_CARS = 5_000;

/** What a build says to a tenant whose stock is above EMBEDDED_SEARCH_MAX_CARS on the embedded engine (null: nothing to say). */
export function searchEngineAdvice(site: { search?: unknown }, cars: number): string | null {
  if (site.search || cars <= EMBEDDED_SEARCH_MAX_CARS) return null;
  return `${cars} cars on the embedded search engine, above the ${EMBEDDED_SEARCH_MAX_CARS} it is meant for: every shopper who searches downloads the whole index file; use Meilisearch (site.json "search", docs/search.md "Engines")`;
}
