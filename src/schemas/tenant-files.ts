/**
 * Validation of the optional tenant files handed to pages as bundle.extras: a bad file stops
 * the tenant's build with the file name and field path, like a bad site.json.
 */
import * as v from 'valibot';
import { BlogFileSchema, BrandsFileSchema, ProductsFileSchema, SlidesFileSchema } from './marketing.ts';
import { issueLines } from './issues.ts';
import { ModelsFileSchema } from './models.ts';
import { OffersFileSchema } from './offers.ts';
import { ReviewsFileSchema } from './reviews.ts';

/** Schema of each optional tenant file, by its extras key (file name without .json). */
export const TENANT_FILE_SCHEMAS = {
  models: ModelsFileSchema,
  reviews: ReviewsFileSchema,
  offers: OffersFileSchema,
  slides: SlidesFileSchema,
  blog: BlogFileSchema,
  brands: BrandsFileSchema,
  products: ProductsFileSchema,
} as const;

/** Name (file name without .json) of an optional tenant file. */
export type TenantFileKey = keyof typeof TENANT_FILE_SCHEMAS;

/** The optional tenant files of a bundle, typed by their schemas' outputs; a key is absent when the tenant has no such file. */
export type TenantFiles = { [K in TenantFileKey]?: v.InferOutput<(typeof TENANT_FILE_SCHEMAS)[K]> };

/** Problems of one optional file: 'field models.2.slug: expected a slug ...'; empty when valid. */
export function tenantFileProblems(key: string, data: unknown): string[] {
  const schema = (TENANT_FILE_SCHEMAS as Record<string, v.GenericSchema>)[key];
  if (!schema) return [];
  const result = v.safeParse(schema, data);
  if (result.success) return [];
  return issueLines(result.issues, { schema, docs: 'docs/tenant-files.md' }).slice(0, 10);
}

/** Parse one optional file with its schema (defaults filled in); throws when invalid. */
export function parseTenantFile<K extends TenantFileKey>(key: K, data: unknown): v.InferOutput<(typeof TENANT_FILE_SCHEMAS)[K]> {
  return v.parse(TENANT_FILE_SCHEMAS[key], data) as v.InferOutput<(typeof TENANT_FILE_SCHEMAS)[K]>;
}
