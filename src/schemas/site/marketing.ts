/** site.json `marketing`: home and page blocks that vary per dealer (spec §2, §9). */
import * as v from 'valibot';
import { imageSource, link } from './common.ts';

export const PAYMENT_METHODS = ['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay'] as const;

export const MarketingSettingsSchema = v.strictObject({
  /** 'We accept' strip of payment methods. Default: none shown; list a subset to show. */
  we_accept: v.optional(v.array(v.picklist(PAYMENT_METHODS)), []),
  /** 'YOU MIGHT ALSO BE INTERESTED IN' tiles. Default: finance, sell my car, service. */
  interested_tiles: v.optional(
    v.array(
      v.strictObject({
        title: v.string(),
        text: v.optional(v.string(), ''),
        href: link,
        /** Image shown above the title (400x225, cropped to fit): a site path ('/media/tile.jpg') or an https URL. Default: none. */
        image: v.optional(imageSource),
        /** What the image says beyond the title, e.g. 'Up to $5,000 off selected vans'. Default: none (the image is decorative beside the title). */
        image_alt: v.optional(v.string()),
      }),
    ),
  ),
  /** Show the 'Email Us' button and modal on location pages, offering the location's e-mail, else the site's. Default: shown when there is an e-mail; false hides them. */
  email_us: v.optional(v.boolean()),
});

export type MarketingSettings = v.InferOutput<typeof MarketingSettingsSchema>;
