/**
 * Model range rules (spec §2 "Model range", §3 Model, §4 model status, §9 description 200,
 * body-category rows, body icons): display names, status labels, body filter, layout,
 * links and prices. Pure: no DOM, no Astro, no React.
 */
import type { Manufacturer, Model, ModelsFile } from '../../schemas/models.ts';
import { formatMoney } from '../text/format.ts';
import { slugify } from '../text/slug.ts';
import { primaryImage } from '../images.ts';
import { isCarAvailable } from '../vehicle/availability.ts';
import type { VehicleKind } from '../../schemas/vehicle-kind.ts';

/** Tiles truncate the model description at this many characters (§9). */
export const MODEL_DESCRIPTION_MAX = 200;

/** The body icons of §9. */
export const BODY_ICONS = [
  '4x4',
  'bus',
  'cabChassis',
  'convertible',
  'coupe',
  'ev',
  'hardtop',
  'hatch',
  'hatchback',
  'motorhome',
  'lightTruck',
  'peopleMover',
  'prestige',
  'sedan',
  'softtop',
  'suv',
  'ute',
  'van',
  'wagon',
  'stationWagon',
  'motorcycle',
  'caravan',
] as const;
export type BodyIcon = (typeof BODY_ICONS)[number];

/**
 * Cut text (white space collapsed) longer than `max` characters and add '...'. `exact`: at
 * exactly `max` characters (code points), for the spec's numbers (§9 "Model description truncated
 * 200; blog excerpt 80"). `word`: on a word boundary when one is near, the trailing punctuation
 * dropped, for limits the spec does not give (review quotes).
 */
export function truncateText(text: string, max: number, cut: 'exact' | 'word'): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const characters = Array.from(clean);
  if (characters.length <= max) return clean;
  if (cut === 'exact') return `${characters.slice(0, max).join('')}...`;
  return wordCut(clean, max);
}

/** `text` cut at `max` on a word boundary unless that would throw away more than a fifth of the allowance, with '...'. */
function wordCut(text: string, max: number): string {
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  const body = space > max * 0.8 ? cut.slice(0, space) : cut;
  return `${body.replace(/[\s,.;:-]+$/, '')}...`;
}

/** Display name: number-only names get the brand in front ('3' -> 'Mazda 3'). */
export function modelDisplayName(model: Pick<Model, 'name'>, brand?: string): string {
  const name = model.name.trim();
  return /^\d+$/.test(name) && brand ? `${brand} ${name}` : name;
}

/**
 * Status label: new shows the site's new tag (site.json `texts.new_tag`, default 'New', shown
 * in capitals: NEW; spec §9 default texts), coming_soon COMING SOON, else none.
 */
export function modelStatusLabel(status: Model['status'], newTag = 'New'): string | undefined {
  if (status === 'new') return (newTag.trim() || 'New').toLocaleUpperCase('en-AU');
  if (status === 'coming_soon') return 'COMING SOON';
  return undefined;
}

/** Every body category of a model: body[] plus manufacturer_body 1-3, de-duplicated, in order. */
export function modelBodies(model: Model): string[] {
  const all = [...model.body, model.manufacturer_body, model.manufacturer_body2, model.manufacturer_body3]
    .filter((body): body is string => typeof body === 'string' && body.trim() !== '')
    .map((body) => body.trim());
  const seen = new Set<string>();
  return all.filter((body) => (seen.has(body.toLowerCase()) ? false : (seen.add(body.toLowerCase()), true)));
}

/** The URL value of a body category (?body=suv). */
export function bodySlug(body: string): string {
  return slugify(body);
}

/** Body categories of the range, in first-seen order, with their model counts. */
export function bodyCategories(models: readonly Model[]): { body: string; slug: string; count: number }[] {
  const map = new Map<string, { body: string; slug: string; count: number }>();
  for (const model of models) {
    for (const body of modelBodies(model)) {
      const key = bodySlug(body);
      const entry = map.get(key);
      if (entry) entry.count += 1;
      else map.set(key, { body, slug: key, count: 1 });
    }
  }
  return [...map.values()];
}

/** Models of a body category (by slug); all models when the slug is empty or 'all'. */
export function filterModelsByBody<T extends Model>(models: readonly T[], body: string | null | undefined): T[] {
  if (!body || body === 'all') return [...models];
  return models.filter((model) => modelBodies(model).some((entry) => bodySlug(entry) === body));
}

/** Body categories of prepared tiles (same order and counts as bodyCategories). */
export function tileBodyCategories(tiles: readonly Pick<ModelTileData, 'bodies'>[]): { body: string; slug: string; count: number }[] {
  return bodyCategories(tiles.map((tile) => ({ name: '-', slug: 'x', body: tile.bodies, short_description: '' })));
}

/** Body-category buttons split into rows: 3-4 one row, 5-9 two rows, 10 or more three rows (§9). */
export function bodyCategoryRows<T>(categories: readonly T[]): T[][] {
  const count = categories.length;
  if (count === 0) return [];
  const rows = count <= 4 ? 1 : count <= 9 ? 2 : 3;
  const perRow = Math.ceil(count / rows);
  const result: T[][] = [];
  for (let index = 0; index < count; index += perRow) result.push(categories.slice(index, index + perRow));
  return result;
}

/** Motorcycle classes by name (whole names only: 'Sports Tourer' or 'Roadster' may be a car). */
const MOTORCYCLE_BODIES = new Set([
  'naked',
  'trail',
  'adventure',
  'cruiser',
  'sport',
  'touring',
  'adventuretouring',
  'sporttouring',
  'enduro',
  'motocross',
  'dirt',
  'dirtbike',
  'moped',
  'supermoto',
  'bike',
  'lams',
]);

/** The §9 body icon for a body name ('Cab Chassis' -> cabChassis, 'People Mover' -> peopleMover, 'Naked' -> motorcycle). */
export function bodyIcon(body: string): BodyIcon {
  const key = body.toLowerCase().replace(/[^a-z0-9]/g, '');
  const table: Record<string, BodyIcon> = {
    '4x4': '4x4',
    '4wd': '4x4',
    bus: 'bus',
    cabchassis: 'cabChassis',
    convertible: 'convertible',
    cabriolet: 'convertible',
    coupe: 'coupe',
    ev: 'ev',
    electric: 'ev',
    hardtop: 'hardtop',
    hatch: 'hatch',
    hatchback: 'hatchback',
    motorhome: 'motorhome',
    campervan: 'motorhome',
    lighttruck: 'lightTruck',
    truck: 'lightTruck',
    peoplemover: 'peopleMover',
    prestige: 'prestige',
    sedan: 'sedan',
    softtop: 'softtop',
    suv: 'suv',
    suvs: 'suv',
    ute: 'ute',
    utes: 'ute',
    pickup: 'ute',
    van: 'van',
    wagon: 'wagon',
    stationwagon: 'stationWagon',
  };
  if (table[key]) return table[key];
  // Truck, motorcycle and caravan bodies of the other templates (a bike is not drawn as a car).
  if (/truck|primemover|tipper/.test(key)) return 'lightTruck';
  if (/caravan|camper|poptop|fifthwheel/.test(key) || key === 'hybrid') return 'caravan';
  if (/motorcycle|motorbike|scooter/.test(key) || MOTORCYCLE_BODIES.has(key)) return 'motorcycle';
  return key.includes('ute') ? 'ute' : key.includes('suv') ? 'suv' : key.includes('van') ? 'van' : 'sedan';
}

/** A carousel when more than one model, else a grid. */
export function modelLayout(count: number): 'carousel' | 'grid' {
  return count > 1 ? 'carousel' : 'grid';
}

/**
 * The search pages a site builds, as model links need them: its search route table
 * (src/search/core/routes.ts buildRouteTable) is one. Pages exist only for makes and models in stock.
 */
export interface SearchPages {
  /** '/search' or '/used-car'. */
  prefix: string;
  /** The all-stock page, always built. */
  base: string;
  routes: readonly { path: string }[];
}

const builtPaths = new WeakMap<SearchPages, ReadonlySet<string>>();

function pathsOf(pages: SearchPages): ReadonlySet<string> {
  let paths = builtPaths.get(pages);
  if (!paths) builtPaths.set(pages, (paths = new Set(pages.routes.map((route) => route.path))));
  return paths;
}

/**
 * Where a link to a make's model goes (model tiles, the Range menu, the footer's Models): the
 * model's search page (the first of `modelNames` that has one), else its make's, else all stock.
 * The one owner of that choice: a model or make without stock has no page, so never a 404.
 */
export function modelSearchPath(pages: SearchPages, make: string | undefined, modelNames: readonly string[]): string {
  if (!make) return pages.base;
  const paths = pathsOf(pages);
  const makePath = `${pages.prefix}/${slugify(make)}`;
  const modelPath = modelNames.map((name) => `${makePath}/${slugify(name)}`).find((path) => paths.has(path));
  return modelPath ?? (paths.has(makePath) ? makePath : pages.base);
}

/** Where a model tile links: override_url, else its search page by slug or name (modelSearchPath). */
export function modelHref(model: Model, brand: string | undefined, pages: SearchPages): string {
  if (model.override_url) return model.override_url;
  return modelSearchPath(pages, brand, [model.new_slug ?? model.slug, model.name]);
}

/** Tile image: the CDN image first, then image.url. */
export function modelImage(model: Model): string | undefined {
  return model.cloudfront_new_image_url ?? model.image?.url;
}

/** 'from $34,990' (whole dollars), or undefined without a price. */
export function fromPriceText(price: number | undefined): string | undefined {
  return price && price > 0 ? `from ${formatMoney(price)}` : undefined;
}

/** A model ready for a tile. */
export interface ModelTileData {
  key: string;
  name: string;
  brand?: string;
  brandSlug?: string;
  href: string;
  image?: string;
  /** The badge text (NEW or the site's new tag, COMING SOON). */
  status?: string;
  /** Which badge: a new model or one coming soon. */
  statusKind?: 'new' | 'soon';
  description: string;
  fromPrice?: string;
  bodies: string[];
  bodySlugs: string[];
  fuel?: string;
  /** Cars of the model in stock (a range derived from stock); none for a models.json range. */
  stockCount?: number;
}

/** A model derived from stock: how many are in stock beside it, and what it is when not a car (its first car's kind). */
export type StockModel = Model & { stockCount: number; kind?: Exclude<VehicleKind, 'car'> };

/** The models and manufacturers of a models.json (either shape), brand filled from the file or the site. */
export function normaliseModelsFile(file: ModelsFile | undefined, siteBrand?: string): { models: Model[]; manufacturers: Manufacturer[] } {
  if (!file) return { models: [], manufacturers: [] };
  if (Array.isArray(file)) return { models: file.map((model) => ({ ...model, manufacturer_name: model.manufacturer_name ?? siteBrand })), manufacturers: [] };
  const brand = file.manufacturer?.name ?? siteBrand;
  const manufacturers = [...(file.manufacturer ? [file.manufacturer] : []), ...file.manufacturers];
  return { models: file.models.map((model) => ({ ...model, manufacturer_name: model.manufacturer_name ?? brand })), manufacturers };
}

/** Tile data of a model (display name, status, truncated description, from price, link to one of `pages`). */
export function modelTile(model: Model & { stockCount?: number }, pages: SearchPages, newTag?: string): ModelTileData {
  const brand = model.manufacturer_name;
  const bodies = modelBodies(model);
  return {
    key: `${brand ?? ''}-${model.slug}`,
    name: modelDisplayName(model, brand),
    brand,
    brandSlug: brand ? slugify(brand) : undefined,
    href: modelHref(model, brand, pages),
    image: modelImage(model),
    status: modelStatusLabel(model.status, newTag),
    ...(model.status === 'new' ? { statusKind: 'new' as const } : model.status === 'coming_soon' ? { statusKind: 'soon' as const } : {}),
    description: truncateText(model.short_description, MODEL_DESCRIPTION_MAX, 'exact'),
    fromPrice: fromPriceText(model.from_price),
    bodies,
    bodySlugs: bodies.map(bodySlug),
    ...(model.fuel ? { fuel: model.fuel } : {}),
    ...(model.stockCount ? { stockCount: model.stockCount } : {}),
  };
}

/** Brands of the range (manufacturers listed, else the models' brand names), for /{brand}/overview. */
export function rangeBrands(models: readonly Model[], manufacturers: readonly Manufacturer[]): { name: string; slug: string; logo?: string }[] {
  const map = new Map<string, { name: string; slug: string; logo?: string }>();
  for (const maker of manufacturers) map.set(maker.slug, { name: maker.name, slug: maker.slug, logo: maker.logo });
  for (const model of models) {
    if (!model.manufacturer_name) continue;
    const key = slugify(model.manufacturer_name);
    if (!map.has(key)) map.set(key, { name: model.manufacturer_name, slug: key });
  }
  return [...map.values()];
}

/**
 * Models derived from stock when a tenant has no models.json: one per make and model with a car
 * for sale (isCarAvailable), 'from' the lowest price, most-stocked first, with how many are in
 * stock, every body of its cars and a picture of one of them (the first in the list with a
 * photo, else the first one's body placeholder: stock is newest first). The one grouping of
 * stock into models: make and model by slug ('CX 5' and 'CX-5' are one, as their search page);
 * the tiles and the Range menu (menu.ts modelsFromStock) are both made from it.
 */
export function modelsFromCars(
  cars: readonly {
    make?: string | null;
    model?: string | null;
    simple_body?: string | null;
    simple_fuel?: string | null;
    price?: number | null;
    status?: string;
    primary_image_url?: string | null;
    vehicle_kind?: VehicleKind;
  }[],
): StockModel[] {
  const byKey = new Map<string, StockModel & { photo: boolean }>();
  for (const car of cars) {
    if (!car.make || !car.model || !isCarAvailable(car)) continue;
    const key = `${slugify(car.make)}/${slugify(car.model)}`;
    const price = car.price && car.price > 10 ? car.price : undefined;
    const existing = byKey.get(key);
    if (existing) {
      existing.stockCount += 1;
      if (price && (!existing.from_price || price < existing.from_price)) existing.from_price = price;
      if (car.simple_body && !existing.body.includes(car.simple_body)) existing.body.push(car.simple_body);
      if (!existing.photo && car.primary_image_url) Object.assign(existing, { image: { url: car.primary_image_url }, photo: true });
      continue;
    }
    byKey.set(key, {
      name: car.model,
      slug: slugify(car.model) || 'model',
      manufacturer_name: car.make,
      body: car.simple_body ? [car.simple_body] : [],
      ...(car.simple_fuel ? { fuel: car.simple_fuel } : {}),
      ...(car.vehicle_kind && car.vehicle_kind !== 'car' ? { kind: car.vehicle_kind } : {}),
      ...(price ? { from_price: price } : {}),
      short_description: '',
      image: { url: primaryImage(car) },
      photo: Boolean(car.primary_image_url),
      stockCount: 1,
    });
  }
  // Most-stocked first: a derived range shows what the dealer actually has most of.
  return [...byKey.values()]
    .sort((a, b) => b.stockCount - a.stockCount || (a.manufacturer_name ?? '').localeCompare(b.manufacturer_name ?? '') || a.name.localeCompare(b.name))
    .map(({ photo: _photo, ...model }) => model);
}
