/** The tenant's model range for /models, /{brand}/overview and the Range menu: models.json, else derived from stock. */
import { getBundle } from './bundle.ts';
import type { ModelsFile } from '../schemas/models.ts';
import { modelsFromCars, modelTile, normaliseModelsFile, rangeBrands, type ModelTileData } from '../lib/models.ts';
import { stockBase } from '../lib/menu.ts';

/** A range derived from stock shows its most-stocked models as tiles; the directory lists them all. */
export const DERIVED_RANGE_TILES = 24;

let cached: { tiles: ModelTileData[]; featured: ModelTileData[]; brands: { name: string; slug: string; logo?: string }[]; fromFile: boolean } | undefined;

/** Tiles (all models), featured tiles (the /models tiles) and brands of the tenant being built (memoised per process). */
export function getRange() {
  if (cached) return cached;
  const { site, cars, extras } = getBundle();
  const file = extras.models as ModelsFile | undefined;
  const { models, manufacturers } = file ? normaliseModelsFile(file, site.manufacturer) : { models: modelsFromCars(cars), manufacturers: [] };
  const base = stockBase(site);
  const tiles = models.map((model) => modelTile(model, base));
  cached = { tiles, featured: file ? tiles : tiles.slice(0, DERIVED_RANGE_TILES), brands: rangeBrands(models, manufacturers), fromFile: Boolean(file) };
  return cached;
}
