/**
 * Marketing tenant files: slides.json (hero slides, spec §3 "Slide"), blog.json (blog cards,
 * §3 "Blog card"), brands.json (the group's brands page, §1) and products.json (parts and
 * accessories listing, §2 "Other listings").
 */
import * as v from 'valibot';
import { link, slug } from './site/common.ts';

const isoDate = v.pipe(v.string(), v.check((value) => !Number.isNaN(Date.parse(value)), 'expected an ISO 8601 date such as 2025-07-01T00:00:00+10:00'));

/** A hero slide; `start`/`expiry` make it a dated promo image. */
export const SlideSchema = v.strictObject({
  id: v.union([v.number(), v.string()]),
  name: v.pipe(v.string(), v.minLength(1)),
  description: v.optional(v.string(), ''),
  /** Where the slide links to. */
  url: v.optional(link),
  image: v.optional(v.string()),
  /** Hide the dark text overlay (image already carries its text). Default false. */
  hide_overlay: v.optional(v.boolean(), false),
  start: v.optional(isoDate),
  expiry: v.optional(isoDate),
  /** Per-dealer banner: only on this dealership's pages (and the home page). */
  dealership_slug: v.optional(v.string()),
});

export const SlidesFileSchema = v.array(SlideSchema);

/** A blog card of /blog/vehicle-reviews. */
export const BlogCardSchema = v.strictObject({
  href: link,
  heading: v.pipe(v.string(), v.minLength(1)),
  image: v.optional(v.string()),
  /** Shown as an excerpt of 80 characters. */
  description: v.optional(v.string(), ''),
  /** ISO date. */
  date: v.optional(isoDate),
});

export const BlogFileSchema = v.array(BlogCardSchema);

export const BRAND_TYPES = ['car', 'motorcycle', 'truck', 'group'] as const;

/** A brand of the group's /brands page. */
export const BrandSchema = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1)),
  slug,
  type: v.picklist(BRAND_TYPES, `type must be one of ${BRAND_TYPES.join(', ')}`),
  logo: v.optional(v.string()),
  title: v.optional(v.string()),
  description: v.optional(v.string(), ''),
  /** Link of the brand: its overview, franchise site or stock search. */
  url: v.optional(link),
});

export const BrandsFileSchema = v.array(BrandSchema);

/** A part or accessory. */
export const ProductSchema = v.strictObject({
  id: v.union([v.number(), v.string()]),
  name: v.pipe(v.string(), v.minLength(1)),
  /** Categories (facet), e.g. ['Towing', 'Exterior']. */
  categories: v.optional(v.array(v.string()), []),
  price: v.optional(v.pipe(v.number(), v.minValue(0))),
  image: v.optional(v.string()),
  description: v.optional(v.string(), ''),
  part_number: v.optional(v.string()),
  /** Makes the product fits. */
  makes: v.optional(v.array(v.string()), []),
});

export const ProductsFileSchema = v.array(ProductSchema);

export type Slide = v.InferOutput<typeof SlideSchema>;
export type BlogCard = v.InferOutput<typeof BlogCardSchema>;
export type Brand = v.InferOutput<typeof BrandSchema>;
export type Product = v.InferOutput<typeof ProductSchema>;
