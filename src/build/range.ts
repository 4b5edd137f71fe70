/** The tenant's model range for /models, /{brand}/overview and the Range menu: models.json, else derived from stock. */
import { getBundle, type TenantBundle } from './bundle.ts';
import type { Car } from '../schemas/car.ts';
import type { ModelsFile } from '../schemas/models.ts';
import type { Site } from '../schemas/site.ts';
import { modelsFromCars, modelTile, normaliseModelsFile, rangeBrands, type ModelTileData } from '../lib/range/models.ts';
import { stockBase } from '../lib/range/menu.ts';

/** A range derived from stock shows its most-stocked models as tiles; the directory lists them all. */
export const DERIVED_RANGE_TILES = 24;

export interface Range {
  tiles: ModelTileData[];
  featured: ModelTileData[];
  brands: { name: string; slug: string; logo?: string }[];
  fromFile: boolean;
}

let cached: { bundle: TenantBundle; range: Range } | undefined;

/** The range of a site: its models.json when it has one, else derived from these cars. Pure. */
export function computeRange(site: Site, cars: readonly Car[], file: ModelsFile | undefined): Range {
  const { models, manufacturers } = file ? normaliseModelsFile(file, site.manufacturer) : { models: modelsFromCars(cars), manufacturers: [] };
  const base = stockBase(site);
  const tiles = models.map((model) => modelTile(model, base, site.texts.new_tag));
  return { tiles, featured: file ? tiles : tiles.slice(0, DERIVED_RANGE_TILES), brands: rangeBrands(models, manufacturers), fromFile: Boolean(file) };
}

/** The /{brand}/overview pages of a range: brand slug -> the page's props (brand and its tiles); brands without tiles have no page. */
export function brandOverviews(range: Range): Map<string, { brand: Range['brands'][number]; tiles: ModelTileData[] }> {
  const pages = new Map<string, { brand: Range['brands'][number]; tiles: ModelTileData[] }>();
  for (const brand of range.brands) {
    const tiles = range.tiles.filter((tile) => tile.brandSlug === brand.slug);
    if (tiles.length > 0 && !pages.has(brand.slug)) pages.set(brand.slug, { brand, tiles });
  }
  return pages;
}

/** Tiles (all models), featured tiles (the /models tiles) and brands of the tenant being built (memoised per bundle). */
export function getRange(): Range {
  const bundle = getBundle();
  if (cached?.bundle === bundle) return cached.range;
  const { site, cars, extras } = bundle;
  cached = { bundle, range: computeRange(site, cars, extras.models as ModelsFile | undefined) };
  return cached.range;
}
