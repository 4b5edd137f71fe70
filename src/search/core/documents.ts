/**
 * Search documents: the flat record both engines index for one car (DESIGN §5).
 * Built from validated Car records of the visible stock; pure (no I/O).
 */
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import { HIERARCHY_SEPARATOR } from './config.ts';
import { filteredFeatures } from './features.ts';
import { feedDriveAwayPrice, priceBreakdown } from '../../lib/vehicle/price.ts';

/** One car as the search engines see it. Absent facts are left out, never null. */
export interface SearchDocument {
  /** Primary key, unique across tenants sharing one Meilisearch index: `<site>__<id>`. */
  uid: string;
  /** Tenant slug: the default search_filters is `site = "<slug>"`. */
  site: string;
  id: string;
  slug: string;
  name: string;
  make?: string;
  model?: string;
  badge?: string;
  colour?: string;
  body?: string;
  fuel?: string;
  transmission?: string;
  drive?: string;
  /** A motorcycle's final drive (Chain, Belt, Shaft): its own facet, never a drive type. */
  final_drive?: string;
  seats?: number;
  /** Caravans (spec §3 specifications): how many it sleeps, and its body length in feet. */
  sleeps?: number;
  body_length?: number;
  /** The car's notable features (src/search/core/features.ts), a facet with several values per car. */
  filtered_features?: string[];
  year?: number;
  km?: number;
  price?: number;
  before_price?: number;
  offer_price?: number;
  subscription_price?: number;
  preorder?: boolean;
  price_type?: string;
  /**
   * The feed's drive-away total a card leads with (docs/vehicle-page.md "ACL total price"): only
   * where it leads, beside an excl. government charges price (`priceBreakdown`), so most cars carry
   * none. It is the feed's figure: the card takes a trade-in offer off it, as the car page does.
   */
  drive_away_price?: number;
  price_range?: string;
  /** Weekly repayment band, e.g. '$150 - $200': of the repayment the car's page prints, else the feed's (src/lib/finance/repayment-band.ts). */
  weekly_price_range?: string;
  /** 'Make > Model' (HIERARCHY_SEPARATOR): the model level of the make > model hierarchy. */
  make_model?: string;
  car_type: Car['car_type'];
  status: Car['status'];
  tag?: string;
  reserved?: boolean;
  /** Always present (true or false): the certified filter offers both values (spec §5.4). */
  certified: boolean;
  stocknum?: string;
  dealership_slug?: string;
  dealership_name?: string;
  location_name?: string;
  location_slug?: string;
  city?: string;
  state?: string;
  /**
   * The car's kind (its `vehicle_kind`: car, motorcycle, truck, caravan, decided when the feed
   * was parsed): the 'Vehicle type' facet and the hero's Type select; similar vehicles keep to it.
   */
  item_type?: Car['vehicle_kind'];
  /** First image URL (card image). */
  image?: string;
  views?: number;
  /** Creation time, seconds since the epoch (0 when the feed has none). */
  created_at: number;
  /** Default order, higher first: in stock, then coming soon, then sold; newest first within. */
  custom_rank: number;
  /** Unique number that breaks every remaining tie identically on both engines. */
  tiebreak: number;
}

/** Status weight in custom_rank: available cars rank above sold ones. */
const STATUS_RANK: Record<Car['status'], number> = { in_stock: 2, coming_soon: 1, sold: 0 };

/** Custom rank of a car: status first, then creation time (seconds). */
export function customRank(status: Car['status'], createdAtSeconds: number): number {
  return STATUS_RANK[status] * 1e10 + Math.max(0, Math.min(createdAtSeconds, 9_999_999_999));
}

/** 52-bit FNV-1a style hash of a string: a stable number for ids that are not numbers. */
export function hash52(text: string): number {
  let high = 0x811c9dc5;
  let low = 0x01000193;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    high = Math.imul(high ^ code, 0x01000193) >>> 0;
    low = Math.imul(low ^ (code + index), 0x85ebca6b) >>> 0;
  }
  // 20 bits of one half and 32 of the other: an exact integer below 2^52.
  return (high & 0xfffff) * 0x1_0000_0000 + low;
}

/** Tiebreak of an id: the id itself when it is a whole number (feeds' common case), else a hash above them. */
export function tiebreakOf(id: string): number {
  if (/^\d{1,15}$/.test(id)) return Number(id);
  return 2 ** 52 + hash52(id);
}

/**
 * The car fields of a listing that is not stock (products, the model directory): new, in stock
 * and ranked in list order (the engine sorts by custom_rank, then tiebreak), so the first of
 * `count` entries comes first.
 */
export function listOrderFields(index: number, count: number): Pick<SearchDocument, 'car_type' | 'status' | 'created_at' | 'custom_rank' | 'tiebreak'> {
  return { car_type: 'new', status: 'in_stock', created_at: 0, custom_rank: count - index, tiebreak: index };
}

/** Meilisearch primary keys allow letters, digits, hyphen and underscore only. */
export function documentUid(site: string, id: string): string {
  const safe = /^[A-Za-z0-9_-]+$/.test(id) ? id : `h${hash52(id).toString(36)}`;
  return `${site}__${safe}`;
}

function text(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function number(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function flag(value: boolean | null | undefined): boolean | undefined {
  return value === true ? true : undefined;
}

/** The model level of the make > model hierarchy: 'Toyota > Corolla' (absent without both). */
export function makeModel(make: string | undefined, model: string | undefined): string | undefined {
  return make && model ? `${make}${HIERARCHY_SEPARATOR}${model}` : undefined;
}

/** Site facts a document needs: the tenant slug and its dealership names. */
export type DocumentSite = Pick<Site, 'slug' | 'dealerships'>;

/** The search document of one car of a site. */
export function toSearchDocument(car: Car, site: DocumentSite): SearchDocument {
  const id = String(car.id);
  const createdMs = car.created_at ? Date.parse(car.created_at) : Number.NaN;
  const createdAt = Number.isNaN(createdMs) ? 0 : Math.floor(createdMs / 1000);
  const price = number(car.price);
  const dealershipSlug = text(car.dealership_slug);
  const make = text(car.make);
  const model = text(car.model);
  const dealershipName = dealershipSlug ? site.dealerships.find((dealership) => dealership.slug === dealershipSlug)?.name : undefined;
  const fields: [keyof SearchDocument, unknown][] = [
    ['uid', documentUid(site.slug, id)],
    ['site', site.slug],
    ['id', id],
    ['slug', car.slug],
    ['name', car.name],
    ['make', make],
    ['model', model],
    ['make_model', makeModel(make, model)],
    ['badge', text(car.badge)],
    ['colour', text(car.colour)],
    ['body', text(car.simple_body) ?? text(car.bodyconfiguration)],
    ['fuel', text(car.simple_fuel) ?? text(car.fuel)],
    ['transmission', text(car.simple_transmission) ?? text(car.trans)],
    ['drive', text(car.drive)],
    ['final_drive', text(car.final_drive)],
    ['seats', number(car.seats)],
    ['sleeps', number(car.specifications?.sleeps)],
    ['body_length', number(car.specifications?.body_length)],
    ['filtered_features', filteredFeatures(car.standardEquipment)],
    ['year', number(car.year)],
    ['km', number(car.km)],
    ['price', price],
    ['before_price', number(car.before_price)],
    ['offer_price', number(car.offer_price)],
    ['subscription_price', number(car.subscription_price)],
    ['preorder', flag(car.preorder)],
    ['price_type', text(car.price_type)],
    ['drive_away_price', priceBreakdown(car) ? feedDriveAwayPrice(car) : undefined],
    ['price_range', text(car.price_range)],
    ['weekly_price_range', text(car.weekly_price_range)],
    ['car_type', car.car_type],
    ['status', car.status],
    ['tag', text(car.tag)],
    ['reserved', flag(car.reserved)],
    ['certified', car.certified === true],
    ['stocknum', car.stocknum === null || car.stocknum === undefined ? undefined : text(String(car.stocknum))],
    ['dealership_slug', dealershipSlug],
    ['dealership_name', dealershipName],
    ['location_name', text(car.location?.name)],
    ['location_slug', text(car.location?.slug)],
    ['city', text(car.city)],
    ['state', text(car.state)],
    ['item_type', car.vehicle_kind],
    ['image', text(car.primary_image_url)],
    ['views', number(car.views)],
    ['created_at', createdAt],
    ['custom_rank', customRank(car.status, createdAt)],
    ['tiebreak', tiebreakOf(id)],
  ];
  // Absent facts are left out so that both engines see the same "field missing" (sorting,
  // facets). Only present keys are assigned: deleting keys would make V8 objects slow.
  const document = {} as Record<string, unknown>;
  for (const [key, value] of fields) if (value !== undefined) document[key] = value;
  return document as unknown as SearchDocument;
}

const documentOfCar = new WeakMap<Car, { site: DocumentSite; document: SearchDocument }>();

/**
 * The search document of a car, made once per car object and site (a car is among the similar
 * vehicles of several vehicle pages). The document is shared: callers must not change it.
 */
export function searchDocumentOf(car: Car, site: DocumentSite): SearchDocument {
  const made = documentOfCar.get(car);
  if (made?.site === site) return made.document;
  const document = toSearchDocument(car, site);
  documentOfCar.set(car, { site, document });
  return document;
}

/** Search documents of a site's visible stock. */
export function toSearchDocuments(cars: readonly Car[], site: DocumentSite): SearchDocument[] {
  return cars.map((car) => toSearchDocument(car, site));
}

/** Stable JSON of a document (keys sorted): equal documents give equal text. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Content fingerprint of a document, used by the incremental sync to skip unchanged cars. */
export function documentFingerprint(document: SearchDocument): string {
  const json = stableJson(document);
  return `${hash52(json).toString(36)}-${json.length.toString(36)}`;
}
