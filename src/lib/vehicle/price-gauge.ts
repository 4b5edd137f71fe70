/**
 * Price comparison gauge (spec §5 "Price comparison gauge", §7 "GET {car path}/autogauge",
 * §8 "no data: section hidden"). The gauge places the listing price on the market range.
 */

/** The price-comparison object as the valuation provider returns it. */
export interface PriceComparison {
  /** Gauge fill, 0-100: where the listing sits on the range. */
  fill?: number | null;
  listing_price?: number | null;
  /** Market range of comparable cars (feed shape). */
  range?: { min?: number | null; max?: number | null } | null;
  /** Market range as the lead API's /cars/{slug}/autogauge returns it. */
  market_range_min?: number | null;
  market_range_max?: number | null;
  /** Provider's confidence in the range, 0-1. */
  confidence?: number | null;
}

/** The gauge as drawn: validated figures only. */
export interface PriceGauge {
  /** Needle position, 0-100 (% of the range). */
  fill: number;
  listingPrice: number;
  min: number;
  max: number;
  confidence: number;
  /** 'below' when under the range midpoint, 'above' over it, else 'within'. */
  position: 'below' | 'within' | 'above';
}

/** Confidence must be strictly above this for the gauge to show (spec §5). */
export const MIN_GAUGE_CONFIDENCE = 0.2;

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The gauge to draw, or null when it must stay hidden: fill, listing price, range and confidence
 * must all be present, confidence above 0.2 and the range max not below the listing price.
 */
export function priceGauge(data: PriceComparison | null | undefined): PriceGauge | null {
  if (!data) return null;
  const { fill, listing_price: listingPrice, confidence } = data;
  const min = data.range?.min ?? data.market_range_min;
  const max = data.range?.max ?? data.market_range_max;
  if (!finite(fill) || !finite(listingPrice) || !finite(confidence) || !finite(min) || !finite(max)) return null;
  if (confidence <= MIN_GAUGE_CONFIDENCE) return null;
  if (max < listingPrice) return null;
  if (max < min) return null;
  const clamped = Math.min(100, Math.max(0, fill));
  const position = clamped < 40 ? 'below' : clamped > 60 ? 'above' : 'within';
  return { fill: clamped, listingPrice, min, max, confidence, position };
}

/** Plain-language label of the gauge position for screen readers and the caption. */
export function gaugeLabel(gauge: PriceGauge): string {
  if (gauge.position === 'below') return 'Below market price';
  if (gauge.position === 'above') return 'Above market price';
  return 'Within market price';
}
