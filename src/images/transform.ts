/**
 * Make the page variants of a feed photo with sharp (issue 15): turned upright by its EXIF
 * orientation, cropped to the pages' 3:2, in every photo width as AVIF and WebP plus one
 * JPEG fallback, at the spec's quality, with every piece of metadata dropped (EXIF, GPS,
 * XMP, ICC: sharp writes none unless asked; colours are converted to sRGB first).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_ASPECT, PHOTO_FALLBACK_WIDTH, PHOTO_QUALITY, PHOTO_WIDTHS } from '../lib/images.ts';

/** The transform: part of every cache key, so changing it makes new variants (bump `version` for code changes). */
export const PHOTO_TRANSFORM = {
  version: 2,
  widths: PHOTO_WIDTHS,
  aspect: '3:2',
  fallback: { format: 'jpeg', width: PHOTO_FALLBACK_WIDTH },
  // Effort: AVIF 0 of 9 and WebP 2 of 6. AVIF effort 0 encodes the four widths in about a quarter of effort 2's
  // time at the same size within a few percent (docs/images.md); the defaults are 5-10 times slower again.
  avif: { effort: 0 },
  webp: { effort: 2 },
} as const;

/** Width the dominant colour is taken from. */
const PLACEHOLDER_SAMPLE_WIDTH = 200;

/** Largest decoded image accepted (pixels): 12,000 x 8,000; a bigger one is a decompression bomb. */
export const MAX_INPUT_PIXELS = 96_000_000;

/** Per-format quality for the JPEG-scale quality of the spec: AVIF needs a lower number for the same look. */
export function formatQuality(quality: number = PHOTO_QUALITY): { jpeg: number; webp: number; avif: number } {
  return { jpeg: quality, webp: quality, avif: Math.max(30, quality - 25) };
}

/** Content address of a photo's variants: the source bytes' hash and the transform. */
export function variantKey(sourceSha256: string, quality: number = PHOTO_QUALITY): string {
  return createHash('sha256').update(JSON.stringify({ source: sourceSha256, transform: PHOTO_TRANSFORM, quality: formatQuality(quality) })).digest('hex').slice(0, 24);
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface PhotoVariant {
  /** File name suffix after `<key>-<rrggbb>`: `.jpg`, `-480w.avif`, ... */
  suffix: string;
  width: number;
  data: Buffer;
}

export interface TransformedPhoto {
  /** Dominant colour `#rrggbb` (the inline placeholder). */
  colour: string;
  /** Size of the upright source image. */
  sourceWidth: number;
  sourceHeight: number;
  variants: PhotoVariant[];
}

const hex = (value: number) => Math.max(0, Math.min(255, Math.round(value))).toString(16).padStart(2, '0');

/** Decode, orient, crop and encode every variant. Throws when the bytes cannot be decoded. */
export async function transformPhoto(bytes: Buffer, quality: number = PHOTO_QUALITY): Promise<TransformedPhoto> {
  const q = formatQuality(quality);
  const largest = Math.max(...PHOTO_WIDTHS);
  // failOn 'truncated' rejects cut-off files (a warning-level problem would also reject harmless quirks of camera JPEGs).
  const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', sequentialRead: true });
  const meta = await input.metadata();
  const upright = (meta.orientation ?? 1) >= 5;
  const sourceWidth = (upright ? meta.height : meta.width) ?? 0;
  const sourceHeight = (upright ? meta.width : meta.height) ?? 0;
  // One decode (JPEG shrink-on-load makes it cheap), then every variant from the 1200px pixels.
  const { data: pixels, info } = await input
    .rotate()
    .resize(largest, Math.round(largest / IMAGE_ASPECT), { fit: 'cover', position: 'centre' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  // The dominant colour of a thumbnail: the same colour for the placeholder at a thirtieth of the work.
  const { dominant } = await sharp(pixels, raw).resize(PLACEHOLDER_SAMPLE_WIDTH).stats();
  const colour = `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`;
  const variants: PhotoVariant[] = [];
  for (const width of PHOTO_WIDTHS) {
    const height = Math.round(width / IMAGE_ASPECT);
    const resized = () => (width === info.width ? sharp(pixels, raw) : sharp(pixels, raw).resize(width, height));
    variants.push({ suffix: `-${width}w.avif`, width, data: await resized().avif({ quality: q.avif, effort: PHOTO_TRANSFORM.avif.effort }).toBuffer() });
    variants.push({ suffix: `-${width}w.webp`, width, data: await resized().webp({ quality: q.webp, effort: PHOTO_TRANSFORM.webp.effort }).toBuffer() });
    if (width === PHOTO_FALLBACK_WIDTH) variants.push({ suffix: '.jpg', width, data: await resized().jpeg({ quality: q.jpeg, mozjpeg: true, progressive: true }).toBuffer() });
  }
  return { colour, sourceWidth, sourceHeight, variants };
}
