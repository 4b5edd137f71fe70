/**
 * offers.json: special offers (spec §2 /special-offers and /offers, §3 "Promo node", §4 timed
 * promos and strict display by car type). Shown between start and expiry, at most
 * site.json offers.count of them.
 */
import * as v from 'valibot';
import { PromoNodeSchema } from './site/promo.ts';

/** An offer is a promo node with an optional price line and disclaimer. */
export const OfferSchema = v.strictObject({
  ...PromoNodeSchema.entries,
  /** Offer price in dollars, e.g. drive-away price. */
  price: v.optional(v.pipe(v.number(), v.minValue(0))),
  /** Price label, e.g. 'Drive away'. */
  price_label: v.optional(v.string()),
  /** Fine print under the offer. */
  disclaimer: v.optional(v.string()),
});

export const OffersFileSchema = v.array(OfferSchema);

export type Offer = v.InferOutput<typeof OfferSchema>;
