/** Serialisable props of the search islands (built by src/pages/search/*, read in the browser). */
import type { FacetStats, SearchHit } from '../engine/engine.ts';
import type { RouteTable } from './routes.ts';
import type { GridPromoNode } from './promo-nodes.ts';
import type { FormSiteConfig } from '../../lib/forms/form-config.ts';
import type { ImageOptions } from '../../lib/images.ts';
import type { DealerWords } from './sentence.ts';
import type { CountNouns } from '../../lib/text/format.ts';

/** Which engine answers searches: the embedded index file, or a Meilisearch host with a tenant token. */
export type EngineConfig =
  | { kind: 'embedded'; indexUrl: string }
  /** `fallbackIndexUrl`: the embedded index file the build also writes, searched while Meilisearch does not answer (src/search/browser/create-client.ts). */
  | { kind: 'meilisearch'; host: string; key: string; index: string; fallbackIndexUrl?: string };

/** Site settings a result card reads. */
export interface CardOptions {
  offersSubscription: boolean;
  noPriceText: string;
  electricTag: boolean;
  favourites: boolean;
  compare: boolean;
  hideSaveWithoutImages: boolean;
  saveUsedOnly: boolean;
  viewCounter: boolean;
  reserve: boolean;
  reserveDeposit: number;
  reserveBuyOnlineRoute: boolean;
  /**
   * Clock (ms) the cards decide 'New Arrival' by, so server and browser agree: the build clock,
   * moved back to the start of the span in which no card decision changes (card-clock.ts).
   */
  now: number;
  /** Image CDN template and quality (site.json images); absent = local variants. */
  images?: ImageOptions;
}

/** Everything the search page island needs besides results. */
export interface SearchConfig {
  engine: EngineConfig;
  /** Index name sort options are built on ('Car_production' or the Meilisearch index uid). */
  index: string;
  pageSize: number;
  routes: RouteTable;
  /** The promo card's slots and link, and the site's timed promos (site.json promo.nodes, times resolved in the dealer's zone). */
  promo: { slots: number[]; randomOffset: boolean; href: string; nodes: GridPromoNode[]; words?: { title: string; line: string; action: string } };
  card: CardOptions;
  carTypeAll: boolean;
  /** Label of the car-type choice: 'Car type', or 'Condition' on a site that sells bikes, trucks or caravans. */
  carTypeLabel: string;
  /** Facet panel settings: certified-only site (spec §5.4), every 'Make > Model' in stock (the hierarchy). */
  filters: { certifiedOnly: boolean; makeModels: string[] };
  /** The nouns after a count of the site's stock: { one: 'car', other: 'cars' } (stockNounsOf). */
  stockNouns: CountNouns;
  /** On a site of several kinds, the count's nouns once one vehicle type is chosen ({ truck: { one: 'Truck', other: 'Trucks' } }). */
  kindNouns?: Record<string, CountNouns>;
  /** Quick Enquiry modal: the enquiry form's settings (modalFormConfig(site)). */
  leads: { form: FormSiteConfig };
  /** The dealer's own words for the sentence search (site.json search_words); absent when none. */
  words?: DealerWords[];
}

/** A results snapshot: the build's first page (static HTML) or a live answer. */
export interface ResultsSnapshot {
  hits: SearchHit[];
  nbHits: number;
  /** 0-based. */
  page: number;
  nbPages: number;
  facets: Record<string, Record<string, number>>;
  facets_stats: Record<string, FacetStats>;
}
