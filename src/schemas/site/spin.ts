/** site.json `spin`: how the vehicle page's media opens (spec §4 "Spin viewer": site default). */
import * as v from 'valibot';

/** The external 360 provider's viewer URL: https or a site path, with the car's code as `{spin_code}`. */
const providerUrl = v.pipe(
  v.string(),
  v.regex(/^(https:\/\/|\/(?!\/))/, 'spin.impel_url: expected an https:// URL or a path on the site'),
  v.includes('{spin_code}', 'spin.impel_url: put {spin_code} where the car\'s spin code goes'),
);

export const SpinSettingsSchema = v.strictObject({
  /** What the vehicle page opens on when the car has a spin: 'gallery' (default, keeps the LCP photo first) or 'spin'. */
  default_view: v.optional(v.picklist(['gallery', 'spin']), 'gallery'),
  /** Spin auto-rotates once all frames have loaded (100 ms a frame). Default false. */
  auto_rotate: v.optional(v.boolean(), false),
  /**
   * The external 360 provider's viewer (site.json `impel: true` with a car's `spin_code`),
   * embedded in a frame only when the shopper asks for the 360 view. The URL comes with the
   * provider's account (docs/vehicle-page.md); without it the car's own frames are used.
   */
  impel_url: v.optional(providerUrl),
});

export type SpinSettings = v.InferOutput<typeof SpinSettingsSchema>;
