/** The tenant's model range for /models, /{brand}/overview and the Range menu: models.json, else derived from stock. */
import { getBundle } from './bundle.ts';
import type { ModelsFile } from '../schemas/models.ts';
import { modelsFromCars, modelTile, normaliseModelsFile, rangeBrands, type ModelTileData } from '../lib/models.ts';
import { stockBase } from '../lib/menu.ts';

let cached: { tiles: ModelTileData[]; brands: { name: string; slug: string; logo?: string }[]; fromFile: boolean } | undefined;

/** Tiles and brands of the tenant being built (memoised per process). */
export function getRange() {
  if (cached) return cached;
  const { site, cars, extras } = getBundle();
  const file = extras.models as ModelsFile | undefined;
  const { models, manufacturers } = file ? normaliseModelsFile(file, site.manufacturer) : { models: modelsFromCars(cars), manufacturers: [] };
  const base = stockBase(site);
  cached = { tiles: models.map((model) => modelTile(model, base)), brands: rangeBrands(models, manufacturers), fromFile: Boolean(file) };
  return cached;
}
