/**
 * Build-time data of a tenant's search pages: documents, route table, engine settings for
 * the browser (embedded index URL, or Meilisearch host + tenant token) and the island's
 * config. Server side only: it may read the search key from the environment to sign a
 * tenant token; only the token reaches the page.
 */
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import { environment, type Environment } from '../../config/env.ts';
import { searchSettings, tokenTtlDays } from '../../config/search.ts';
import { modalFormConfig } from '../../lib/forms/form-config.ts';
import { withoutTradeInLinks } from '../../lib/forms/trade-in-offer.ts';
import type { EngineConfig, SearchConfig } from '../core/island-config.ts';
import { siteImageOptions } from '../../lib/images.ts';
import { DEFAULT_INDEX, DEFAULT_PAGE_SIZE, NUMERIC_ATTRIBUTES } from '../core/config.ts';
import { VOCABULARY_FACETS, type DealerWords } from '../core/sentence.ts';
import { searchDocumentOf, toSearchDocuments, type SearchDocument } from '../core/documents.ts';
import { createSearchEngine, type SearchEngine } from '../engine/engine.ts';
import { displayCount } from '../browser/results.ts';
import { checkBrowserSearchKey, mintTenantToken, tenantFilter } from '../admin/meilisearch.ts';
import { gridPromoNodes } from '../core/promo-nodes.ts';
import { steadyCardClock } from '../core/card-clock.ts';
import { HERO_SELECTS, sentenceExample, type HeroSelect } from '../browser/hero.ts';
import { countNoun, siteWording, stockNounsOf, vehicleKindsOf } from '../../lib/text/template-wording.ts';
import type { VehicleKind } from '../../schemas/vehicle-kind.ts';
import type { CountNouns } from '../../lib/text/format.ts';
import { logosOfMakes } from '../../lib/range/make-logos.ts';

/** What the search data needs of a tenant's bundle (the builder's TenantBundle has it). */
export interface SearchBundle {
  slug: string;
  site: Site;
  /** Visible stock. */
  cars: readonly Car[];
  /** Build clock in ms. */
  buildTime: number;
}

/** The promo card's words in the site's nouns ('We Want Your Bike or Truck!'); the spec's own for a car dealer. */
function promoWords(site: Site) {
  const wording = siteWording(site);
  return { title: `We Want Your ${wording.titleNoun}!`, line: `We buy all types of ${wording.vehicles}`, action: `Value My ${wording.titleNoun}` };
}
import { buildRoutes, type LinkedLocation, type RouteTable } from '../core/routes.ts';
import { SEARCH_PREFIX, searchPrefix } from '../../lib/site/search-urls.ts';
import { slugify } from '../../lib/text/slug.ts';

/** Everything the search pages of one build share (computed once per process). */
export interface SearchBuildData {
  documents: SearchDocument[];
  engine: SearchEngine;
  routes: RouteTable;
  config: SearchConfig;
}

/**
 * Path of a tenant's embedded index file, the same in every build: the file is served
 * `max-age=0, must-revalidate` with an ETag (src/lib/site/serving.ts), so no cache-buster is needed,
 * and the pages that name it stay byte for byte the same when a full build renders unchanged stock.
 */
export function indexFilePath(slug: string): string {
  return `/search-index-${slug}.json`;
}

/**
 * When a build-minted token expires: the same moment for every build within a quarter of the
 * lifetime, so that builds of unchanged stock write the same pages byte for byte (a code
 * deploy uploads none of them again), and always more than three quarters of the lifetime
 * away (the pipeline renews it long before: docs/search.md).
 */
export function tokenExpiry(now: number, days: number): Date {
  const lifetime = days * 86_400_000;
  const window = lifetime / 4;
  return new Date(Math.floor(now / window) * window + lifetime);
}

/** The browser's engine settings of a site. Throws when a Meilisearch site has no usable browser key. */
export async function engineConfig(bundle: Pick<SearchBundle, 'site' | 'slug'>, env: Environment = environment()): Promise<EngineConfig> {
  const { site } = bundle;
  const indexUrl = indexFilePath(bundle.slug);
  if (!site.search) return { kind: 'embedded', indexUrl };
  const index = site.search.index ?? DEFAULT_INDEX;
  // A Meilisearch site also gets the embedded index file: its pages search it while Meilisearch does not answer.
  if (site.search.key) {
    checkBrowserSearchKey(site.search.key, { slug: bundle.slug, index });
    return { kind: 'meilisearch', host: site.search.host, key: site.search.key, index, fallbackIndexUrl: indexUrl };
  }
  const settings = searchSettings(env);
  const { searchKey: key, searchKeyUid: uid } = settings;
  if (!key || !uid) {
    throw new Error(
      `${bundle.slug}: site.json search.host is set but there is no browser key: set search.key (a tenant token) or MEILI_SEARCH_KEY and MEILI_SEARCH_KEY_UID (a search-only key) so the build can sign a tenant token`,
    );
  }
  const token = await mintTenantToken({
    searchKey: { key, uid },
    index,
    filter: tenantFilter(site),
    expiresAt: tokenExpiry(Date.now(), tokenTtlDays(settings)),
  });
  return { kind: 'meilisearch', host: site.search.host, key: token, index, fallbackIndexUrl: indexUrl };
}

/** The route table of a site's stock: the search pages its build renders, the only ones a model link may name (src/lib/range). */
export function stockRouteTable(cars: readonly Car[], site: Site): RouteTable {
  return stockRoutes(cars, site).table;
}

/** The route table of a site's stock, and the search pages it does not build because another page has their path (the build reports them). */
export function stockRoutes(cars: readonly Car[], site: Site): ReturnType<typeof buildRoutes> {
  return buildRoutes(
    cars.map((car) => searchDocumentOf(car, site)),
    searchPrefix(site),
    stockLinkedLocations(site),
  );
}

/**
 * The site's locations whose View Our Stock (`stock_url`, on the home page's location cards and
 * the location pages, shown whatever the stock) is their own search page, /search/{location slug} (or the site's /used-car form): each has
 * that page in every build, with no results while none of its cars is visible, so a location
 * selling out leaves no dead link (docs/decisions.md).
 */
export function stockLinkedLocations(site: Pick<Site, 'used_car_routes'> & { locations?: Site['locations'] }): LinkedLocation[] {
  const prefixes = new Set([SEARCH_PREFIX, searchPrefix(site)]);
  return (site.locations ?? []).flatMap((location) => {
    const path = location.stock_url?.split(/[?#]/)[0]?.replace(/(.)\/+$/, '$1');
    const own = [...prefixes].some((prefix) => path === `${prefix}/${slugify(location.slug)}`);
    return own ? [{ slug: location.slug, name: location.name }] : [];
  });
}

/**
 * Search data of one bundle: documents, route table (its stockRouteTable, when not handed in),
 * engine settings and the island's config. Not memoised here: src/site-data memoises it per
 * bundle (siteData().search()).
 */
export async function searchBuildData(bundle: SearchBundle, routes: RouteTable = stockRouteTable(bundle.cars, bundle.site)): Promise<SearchBuildData> {
  const { site } = bundle;
  const documents = toSearchDocuments(bundle.cars, site);
  const engine = await engineConfig(bundle);
  const nodes = gridPromoNodes(site.promo.nodes, site.timezone);
  const config: SearchConfig = {
    engine,
    index: engine.kind === 'meilisearch' ? engine.index : DEFAULT_INDEX,
    pageSize: site.search_page_size ?? DEFAULT_PAGE_SIZE,
    routes,
    promo: {
      // The card's default link is the instant offer: no card where that page only says the site values no cars.
      slots: withoutTradeInLinks(site, [{ href: site.promo.card_href }]).length > 0 ? site.promo.card_positions : [],
      randomOffset: site.promo.random_offset,
      href: site.promo.card_href,
      nodes,
      words: promoWords(site),
    },
    card: {
      offersSubscription: site.offers_subscription,
      noPriceText: site.texts.no_price,
      electricTag: site.features.electric_tag,
      favourites: site.features.favourites,
      compare: site.features.compare,
      hideSaveWithoutImages: site.features.hide_save_without_images,
      images: siteImageOptions(site),
      saveUsedOnly: site.features.save_used_only,
      viewCounter: site.features.view_counter,
      reserve: site.features.reserve,
      reserveDeposit: site.reserve_deposit,
      reserveBuyOnlineRoute: site.features.reserve_buy_online_route,
      now: steadyCardClock(bundle.buildTime, documents, nodes),
    },
    carTypeAll: site.features.car_type_all,
    carTypeLabel: siteWording(site).conditionLabel,
    filters: {
      certifiedOnly: site.features.certified_only,
      makeModels: [...new Set(documents.flatMap((document) => (document.make_model ? [document.make_model] : [])))].sort(),
    },
    stockNouns: stockNounsOf(site),
    ...kindNounsOf(vehicleKindsOf(site)),
    leads: { form: modalFormConfig(site) },
    ...(site.search_words.length > 0 ? { words: checkedSearchWords(site.search_words, bundle.slug) } : {}),
  };
  return { documents, engine: createSearchEngine(documents), routes, config };
}

/**
 * What is wrong with a site's `search_words` (src/schemas/site/search-words.ts checks the shape):
 * each entry's facets must be facets the reader refines, its range an attribute the search ranges.
 */
export function searchWordsProblems(words: readonly DealerWords[]): string[] {
  const problems: string[] = [];
  words.forEach((entry, index) => {
    for (const attribute of Object.keys(entry.refine ?? {})) {
      if (!(VOCABULARY_FACETS as readonly string[]).includes(attribute))
        problems.push(`search_words[${index}].refine.${attribute}: not a facet the search filters by (one of ${VOCABULARY_FACETS.join(', ')})`);
    }
    for (const attribute of Object.keys(entry.range ?? {})) {
      if (!(NUMERIC_ATTRIBUTES as readonly string[]).includes(attribute))
        problems.push(`search_words[${index}].range.${attribute}: not a range the search filters by (one of ${NUMERIC_ATTRIBUTES.join(', ')})`);
    }
  });
  return problems;
}

/** A site's `search_words`, or an error naming the tenant, the file and the fields at fault. */
function checkedSearchWords(words: readonly DealerWords[], slug: string): DealerWords[] {
  const problems = searchWordsProblems(words);
  if (problems.length > 0) throw new Error(`${slug}: site.json ${problems.join('; ')}`);
  return [...words];
}

/**
 * The noun of each make tile's count on a site selling several kinds, by the kinds of that
 * make's cars among the site's ('12 Bikes', '3 Trucks', 'Bikes & Trucks' only when both).
 * Empty for a one-kind site: its tiles keep the site's stock noun.
 */
export function makeTileNouns(
  documents: readonly SearchDocument[],
  siteKinds: readonly VehicleKind[],
  makeCounts: Record<string, number> = {},
): Record<string, string> {
  if (siteKinds.length < 2) return {};
  const kindsOfMake = new Map<string, Set<string>>();
  for (const document of documents) {
    if (!document.make || !document.item_type) continue;
    const kinds = kindsOfMake.get(document.make) ?? new Set<string>();
    kinds.add(document.item_type);
    kindsOfMake.set(document.make, kinds);
  }
  const nouns: Record<string, string> = {};
  for (const [make, kinds] of kindsOfMake) {
    // Kept in the site's order; a car of a kind the site does not name (a bike on a car dealer's site) does not count.
    const own = siteKinds.filter((kind) => kinds.has(kind));
    if (own.length > 0) nouns[make] = countNoun(own, makeCounts[make] ?? 2);
  }
  return nouns;
}

/** On a site of several kinds, each kind's nouns for a count once that type is chosen ({ kindNouns: { truck: { one: 'Truck', other: 'Trucks' } } }); nothing otherwise. */
function kindNounsOf(siteKinds: readonly VehicleKind[]): { kindNouns?: Record<string, CountNouns> } {
  return siteKinds.length > 1
    ? { kindNouns: Object.fromEntries(siteKinds.map((kind) => [kind, { one: countNoun([kind], 1), other: countNoun([kind], 2) }])) }
    : {};
}

/**
 * Props of the home hero stock search island (src/islands/search/HeroSearch.tsx) from a bundle's
 * search data, the site's kinds (nouns, the car-type label) and the make logos its data gives.
 */
export function heroSearchProps(
  data: SearchBuildData,
  selects: readonly HeroSelect[] = HERO_SELECTS,
  siteKinds: readonly VehicleKind[] = [],
  logos: ReadonlyMap<string, string> = new Map(),
) {
  const facets = data.engine.search(data.config.index, {
    hitsPerPage: 0,
    facets: [...new Set([...selects.map((select) => select.attribute), 'car_type', 'make'])],
  });
  const tileNouns = makeTileNouns(data.documents, siteKinds, facets.facets.make);
  const tileLogos = logosOfMakes(logos, Object.keys(facets.facets.make ?? {}));
  // Models are listed only once a make is chosen; the build does not need to ship them.
  delete facets.facets.model;
  return {
    engine: data.config.engine,
    index: data.config.index,
    routes: data.routes,
    stockNouns: data.config.stockNouns,
    ...(Object.keys(tileNouns).length > 0 ? { tileNouns } : {}),
    ...kindNounsOf(siteKinds),
    ...(Object.keys(tileLogos).length > 0 ? { tileLogos } : {}),
    typeLabel: data.config.carTypeLabel,
    carTypeAll: data.config.carTypeAll,
    selects: [...selects],
    // Above the engine's 2,000 hits the car_type totals count the stock, as the live hero does.
    initial: { total: displayCount(facets.nbHits, facets.facets), facets: facets.facets },
    example: sentenceExample(siteKinds),
    ...(data.config.words ? { words: data.config.words } : {}),
  };
}
