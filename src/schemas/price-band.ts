/**
 * The 'Price range' facet's bands (spec §3 Car `price_range`): one scheme for every car of a
 * site, worked out from the car's own price when the feed is parsed (car-record.ts), so no two
 * bands of one facet overlap and a car sits in the band its page's price says. $10,000 steps to
 * $100,000, $50,000 steps to $500,000, then one open band. Pure and small: the embedded search
 * index derives the band of each car from its price when it opens (src/search/engine).
 */
import { MIN_DISPLAY_PRICE } from './price-floor.ts';

/** Lower limits of the bands, each band running to the next limit. */
export const BAND_LIMITS: readonly number[] = [
  ...Array.from({ length: 10 }, (_, index) => index * 10_000),
  ...Array.from({ length: 8 }, (_, index) => 100_000 + index * 50_000),
  500_000,
];

const dollars = (amount: number) => `$${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/** Band labels, made once: an index that opens derives a band per car. */
export const BAND_LABELS: readonly string[] = BAND_LIMITS.map((from, index) =>
  index + 1 < BAND_LIMITS.length ? `${dollars(from)} - ${dollars(BAND_LIMITS[index + 1]!)}` : `${dollars(from)} and over`,
);

/**
 * The band of a price: '$20,000 - $30,000' for $20,000 up to $29,999, '$500,000 and over';
 * undefined for a car without a price shown as one (none, or a placeholder of $10 or less).
 */
export function priceBand(price: number | null | undefined): string | undefined {
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= MIN_DISPLAY_PRICE) return undefined;
  let band = BAND_LIMITS.length - 1;
  while (band > 0 && price < BAND_LIMITS[band]!) band -= 1;
  return BAND_LABELS[band];
}
