/**
 * models.json: the dealer's model range (spec §3 "Model", "Manufacturer").
 * Either an array of models or `{ manufacturer?, models }`. Optional tenant file: without it
 * the Range menu is derived from stock and /models lists the makes and models in stock.
 */
import * as v from 'valibot';
import { link, slug } from './site/common.ts';

/** One model of the range. */
export const ModelSchema = v.strictObject({
  id: v.optional(v.union([v.number(), v.string()])),
  /** Model name; number-only names ('3', '86') are shown with the brand in front. */
  name: v.pipe(v.string(), v.minLength(1, 'name is empty')),
  slug,
  /** Newer slug used for links when present. */
  new_slug: v.optional(slug),
  /** Link of the tile instead of the model's stock search. */
  override_url: v.optional(link),
  /** Brand, e.g. 'Mazda'. Default: the file's manufacturer, else site.json manufacturer. */
  manufacturer_name: v.optional(v.string()),
  /** Body categories from the manufacturer ('SUV', 'Ute', ...). */
  manufacturer_body: v.optional(v.string()),
  manufacturer_body2: v.optional(v.string()),
  manufacturer_body3: v.optional(v.string()),
  /** Body categories (list). Default none. */
  body: v.optional(v.array(v.string()), []),
  /** Fuel ('Hybrid', 'Electric') puts a model in the Hybrids menu group. */
  fuel: v.optional(v.string()),
  /** Tile image. */
  image: v.optional(v.strictObject({ url: v.string() })),
  /** CDN image preferred over image.url when present. */
  cloudfront_new_image_url: v.optional(v.string()),
  /** 'from' price in dollars. */
  from_price: v.optional(v.pipe(v.number(), v.minValue(0))),
  /** Description; tiles truncate it at 200 characters. */
  short_description: v.optional(v.string(), ''),
  /** new shows NEW, coming_soon COMING SOON. */
  status: v.optional(v.picklist(['new', 'coming_soon', ''])),
});

/** A manufacturer (brand) of the range. */
export const ManufacturerSchema = v.strictObject({
  id: v.optional(v.union([v.number(), v.string()])),
  name: v.pipe(v.string(), v.minLength(1)),
  slug,
  logo: v.optional(v.string()),
});

const ModelsListSchema = v.array(ModelSchema);

const ModelsObjectSchema = v.strictObject({
  /** The brand of every model in the file (franchise sites). */
  manufacturer: v.optional(ManufacturerSchema),
  /** More brands (group sites): each gets /{brand}/overview. */
  manufacturers: v.optional(v.array(ManufacturerSchema), []),
  models: v.array(ModelSchema),
});

/**
 * The file: a list of models or `{ manufacturer?, manufacturers?, models }`, checked as the
 * shape it has, so a bad list is not also reported as a bad object (and the reverse).
 */
export const ModelsFileSchema = v.lazy((input) =>
  Array.isArray(input) ? ModelsListSchema : input !== null && typeof input === 'object' ? ModelsObjectSchema : v.union([ModelsListSchema, ModelsObjectSchema]),
);

export type Model = v.InferOutput<typeof ModelSchema>;
export type Manufacturer = v.InferOutput<typeof ManufacturerSchema>;
export type ModelsFile = v.InferOutput<typeof ModelsFileSchema>;
