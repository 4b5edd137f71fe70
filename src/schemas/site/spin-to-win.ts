/**
 * site.json `spin_to_win`: the prize wheel of /spin-to-win (spec §2 route, gated per site).
 * Absent (the default): the site has no wheel and /spin-to-win is not built unless the tenant
 * writes a content page for it. The server reads the same list to draw a prize, so the list
 * a shopper sees and the one the server draws from are one. The trade-promotion settings
 * (terms, permit numbers, period, prize values and quantities) are docs/spin-to-win.md.
 */
import * as v from 'valibot';
import { link, slug } from './common.ts';

/** States and territories whose trade-promotion permit numbers a site may print. */
export const PERMIT_JURISDICTIONS = ['NSW', 'ACT', 'SA', 'NT', 'VIC', 'QLD', 'WA', 'TAS'] as const;

const isoDate = (field: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, `spin_to_win.${field}: expected a date YYYY-MM-DD`),
    v.check((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), `spin_to_win.${field}: not a calendar date`),
  );

export const SpinPrizeSchema = v.strictObject({
  /** Stable id of the prize (a slug): recorded with each spin and in the lead. */
  id: slug,
  /** What the shopper wins, as printed on the wheel and in the lead, e.g. '$50 fuel voucher'. */
  label: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'spin_to_win.prizes: a label is empty'),
    v.maxLength(40, 'spin_to_win.prizes: keep a label under 40 characters (it is printed on the wheel)'),
  ),
  /** One line under the prize in the list (how to redeem it), optional. */
  description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'spin_to_win.prizes: keep a description under 200 characters'))),
  /** Relative chance: a prize of weight 3 comes up three times as often as one of weight 1. Default 1. */
  weight: v.optional(
    v.pipe(v.number(), v.integer('spin_to_win.prizes: weight is a whole number'), v.minValue(1, 'spin_to_win.prizes: weight is at least 1'), v.maxValue(1000)),
    1,
  ),
  /** Retail value in dollars (GST incl.), shown in the prize list: what the terms and a permit count as the prize pool. Optional. */
  value: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1_000_000))),
  /** How many of this prize the promotion gives away in all; once they are won the server draws only the others. Absent: no limit. */
  quantity: v.optional(
    v.pipe(v.number(), v.integer('spin_to_win.prizes: quantity is a whole number'), v.minValue(1, 'spin_to_win.prizes: quantity is at least 1')),
  ),
});

export const SpinToWinSchema = v.pipe(
  v.strictObject({
    /** The wheel's prizes, in the order they go round (2 to 12). Every spin wins one of them. */
    prizes: v.pipe(
      v.array(SpinPrizeSchema),
      v.minLength(2, 'spin_to_win.prizes: a wheel needs at least 2 prizes'),
      v.maxLength(12, 'spin_to_win.prizes: at most 12 prizes fit on the wheel'),
      v.check((prizes) => new Set(prizes.map((prize) => prize.id)).size === prizes.length, 'spin_to_win.prizes: two prizes have the same id'),
    ),
    /** The promotion's terms and conditions (a content page such as /pages/spin-to-win-terms). When set, a shopper must accept them to spin. */
    terms_href: v.optional(link),
    /** Trade-promotion permit numbers to print beside the wheel, e.g. { state: 'ACT', number: 'TP 26/01234' }. Default none. */
    permits: v.optional(
      v.array(
        v.strictObject({
          /** The state or territory that issued the permit. */
          state: v.picklist(PERMIT_JURISDICTIONS, `spin_to_win.permits: state must be one of ${PERMIT_JURISDICTIONS.join(', ')}`),
          /** The permit number as the regulator issued it. */
          number: v.pipe(v.string(), v.trim(), v.minLength(1, 'spin_to_win.permits: a permit number is empty'), v.maxLength(60)),
        }),
      ),
      [],
    ),
    /** First day of the promotion (YYYY-MM-DD, the dealer's time zone). Absent: open now. */
    starts: v.optional(isoDate('starts')),
    /** Last day of the promotion (YYYY-MM-DD, inclusive, the dealer's time zone). Absent: no end. */
    ends: v.optional(isoDate('ends')),
  }),
  v.check((settings) => !settings.starts || !settings.ends || settings.starts <= settings.ends, 'spin_to_win.ends is before spin_to_win.starts'),
);

export type SpinToWinSettings = v.InferOutput<typeof SpinToWinSchema>;
export type SpinPrize = v.InferOutput<typeof SpinPrizeSchema>;
