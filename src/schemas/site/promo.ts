/** site.json `promo`: promo cards in results, timed promos, popup and banners (spec §2, §4, §3 "Promo node"). */
import * as v from 'valibot';
import { CAR_TYPES } from '../car.ts';
import { link } from './common.ts';

const isoDate = v.pipe(v.string(), v.check((value) => !Number.isNaN(Date.parse(value)), 'expected an ISO 8601 date such as 2025-07-01T00:00:00+10:00'));

/** A timed promo (spec §3 Promo node): shown between start and expiry. */
export const PromoNodeSchema = v.strictObject({
  /** Identifier. */
  id: v.string(),
  /** Shown from (inclusive). Without an offset ('2026-12-01', '2026-12-01T09:00') it is the dealer's time (site.json timezone). */
  start: v.optional(isoDate),
  /** Shown until (exclusive). */
  expiry: v.optional(isoDate),
  /** Position in result grids (0-based slot; default 0, the first card). The We Want Your Car! card keeps its slots: a node on one takes the next free slot. */
  position: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** Car types this promo is for. Default all. */
  display: v.optional(v.array(v.picklist(CAR_TYPES))),
  /** Only show on pages filtered to exactly those car types. Default false. */
  strictDisplay: v.optional(v.boolean(), false),
  title: v.string(),
  description: v.optional(v.string(), ''),
  image: v.optional(v.string()),
  button_label: v.optional(v.string()),
  button_href: v.optional(link),
});

export const PromoSettingsSchema = v.strictObject({
  /** Slots (0-based) of the 'We Want Your Car!' card in result grids. Default [8, 17]; [] for none. */
  card_positions: v.optional(v.array(v.pipe(v.number(), v.integer(), v.minValue(0))), [8, 17]),
  /** Shift the card positions by a random 0-2 offset. Default false. */
  random_offset: v.optional(v.boolean(), false),
  /** Link of the promo card. Default '/sell-my-car'. */
  card_href: v.optional(link, '/sell-my-car'),
  /** Timed promos (offers pages and result grids); in grids, node dates without an offset are the dealer's time (site.json timezone). Default none. */
  nodes: v.optional(v.array(PromoNodeSchema), []),
  /** Dismissible popup. Default none. */
  popup: v.optional(
    v.strictObject({
      title: v.string(),
      description: v.optional(v.string(), ''),
      image: v.optional(v.string()),
      button_label: v.optional(v.string()),
      button_href: v.optional(link),
      /** Shown until (exclusive). Without an offset it is the dealer's time (site.json timezone). */
      expiry: v.optional(isoDate),
    }),
  ),
});

export type PromoSettings = v.InferOutput<typeof PromoSettingsSchema>;
export type PromoNode = v.InferOutput<typeof PromoNodeSchema>;
