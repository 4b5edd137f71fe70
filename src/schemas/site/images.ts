/** site.json `images`: feed photo handling (spec §7 image CDN transforms; docs/images.md). */
import * as v from 'valibot';

export const ImageSettingsSchema = v.strictObject({
  /**
   * Image CDN URL template used instead of local variants, e.g. 'https://img.example.net/{url}?w={width}&h={height}&q={quality}&fm=auto&fit=crop'. Placeholders: {url} (the feed URL, encoded), {width}, {height} (3:2), {quality}. Default null: the build makes AVIF, WebP and JPEG variants itself.
   */
  cdn_template: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.regex(/^https?:\/\/\S+$/, 'expected a URL template, e.g. https://img.example.net/{url}?w={width}&q={quality}'),
        v.check((value) => value.includes('{url}') && value.includes('{width}'), 'the template needs the {url} and {width} placeholders'),
      ),
    ),
    null,
  ),
  /** Image quality on the JPEG scale (spec §7: 75 or 80). Default 75. */
  quality: v.optional(v.pipe(v.number(), v.integer(), v.minValue(30, 'quality must be 30 to 100'), v.maxValue(100, 'quality must be 30 to 100')), 75),
});
