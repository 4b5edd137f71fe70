/**
 * Finance calculator bounds and input cleaning (spec §5 "Finance calculator bounds", §5 "Money
 * input"). Pure: the calculator island calls these on every change.
 */
import { parseWholeNumber } from '../forms/money-input.ts';
import { formatMoney } from '../text/format.ts';

/** A numeric control's range. */
export interface Bounds {
  min: number;
  max: number;
  step: number;
}

/** Purchase price: $1,000 (or $5,000 for some providers/brands) to $250,000 (spec §5). */
export const PURCHASE_PRICE_MAX = 250_000;
/** Term in years, step 0.5 (max 5 on some sites). */
export const TERM_BOUNDS: Bounds = { min: 1, max: 7, step: 0.5 };
/** Interest % p.a. by default (spec §5). */
export const DEFAULT_INTEREST_BOUNDS: Bounds = { min: 0.5, max: 15, step: 0.5 };
/** Deposit / trade-in and residual, dollars. */
export const DEPOSIT_BOUNDS: Bounds = { min: 0, max: 250_000, step: 0.5 };
export const RESIDUAL_BOUNDS: Bounds = { min: 0, max: 250_000, step: 0.5 };
/** Loan-amount slider on the vehicle page: 1,000 (5,000 for some providers) to 100,000 step 500. */
export const LOAN_SLIDER_MAX = 100_000;
export const LOAN_SLIDER_STEP = 500;

/** Purchase-price bounds for a site's minimum ($1,000 by default, $5,000 for some providers). */
export function purchasePriceBounds(minPrice: number): Bounds {
  return { min: minPrice, max: PURCHASE_PRICE_MAX, step: 1 };
}

/** Term bounds with the site's longest term (7, or 5 on some sites). */
export function termBounds(maxYears: number): Bounds {
  return { ...TERM_BOUNDS, max: Math.min(TERM_BOUNDS.max, Math.max(TERM_BOUNDS.min, maxYears)) };
}

/** Interest bounds: the site's configured range (one provider 7.5-14.5, one brand 4-20) else 0.5-15. */
export function interestBounds(range?: readonly [number, number] | null): Bounds {
  if (!range) return DEFAULT_INTEREST_BOUNDS;
  const [min, max] = range[0] <= range[1] ? range : [range[1], range[0]];
  return { min, max, step: DEFAULT_INTEREST_BOUNDS.step };
}

/** Loan-amount slider bounds: the minimum follows the site's minimum price (1,000 or 5,000). */
export function loanSliderBounds(minPrice: number): Bounds {
  return { min: minPrice >= 5000 ? 5000 : 1000, max: LOAN_SLIDER_MAX, step: LOAN_SLIDER_STEP };
}

/**
 * A money field's text as whole dollars, read as every money input reads it (parseWholeNumber:
 * '$12,5a00' -> 12500, '30,000.00' -> 30000); no digit -> 0.
 */
export function parseAmount(text: string): number {
  return parseWholeNumber(text) ?? 0;
}

/** A decimal typed into a rate or term field ('8.5%' -> 8.5); anything unreadable is null. */
export function parseDecimal(text: string): number | null {
  const cleaned = text.replace(/[^\d.]/g, '');
  if (cleaned === '' || cleaned === '.') return null;
  const value = Number.parseFloat(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** Purchase price as entered: zero or below becomes 0 (spec §5). */
export function cleanPurchasePrice(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** The out-of-range message: 'Cannot be less than $1,000 or more than $250,000' (spec §5). */
export function outOfRangeMessage(bounds: Pick<Bounds, 'min' | 'max'>): string {
  return `Cannot be less than ${formatMoney(bounds.min)} or more than ${formatMoney(bounds.max)}`;
}

/** The message for a purchase price outside its bounds, or null when it is within them. */
export function purchasePriceError(value: number, bounds: Pick<Bounds, 'min' | 'max'>): string | null {
  return value < bounds.min || value > bounds.max ? outOfRangeMessage(bounds) : null;
}

/**
 * A slider or stepper value kept in range: at or below min snaps to min, above max to max, and
 * in between to the nearest step counted from min (spec §5).
 */
export function snapToBounds(value: number, bounds: Bounds): number {
  if (!Number.isFinite(value) || value <= bounds.min) return bounds.min;
  if (value >= bounds.max) return bounds.max;
  const steps = Math.round((value - bounds.min) / bounds.step);
  // Round away float noise such as 7.000000000001 from the multiplication.
  const snapped = Number((bounds.min + steps * bounds.step).toFixed(6));
  return Math.min(bounds.max, snapped);
}

/** A typed value kept within the range but not snapped to its step (a configured 9.99% stays 9.99). */
export function clampToBounds(value: number, bounds: Pick<Bounds, 'min' | 'max'>): number {
  if (!Number.isFinite(value)) return bounds.min;
  return Math.min(bounds.max, Math.max(bounds.min, Math.round(value * 100) / 100));
}

/** A site's finance settings that set the calculator's ranges. */
export interface CalculatorSettings {
  minPrice: number;
  maxTermYears: number;
  interestRange: readonly [number, number] | null;
}

/**
 * The calculator's ranges for a site: purchase price, loan-amount slider, term and interest, the
 * spec's or the site's own, for what the shopper types. A price or rate the calculator starts
 * from outside them (a $300,000 car, a lender's 16.95%) is not held to them until the shopper
 * types in its field (docs/decisions.md "The calculator keeps what it starts from").
 */
export function calculatorBounds(settings: CalculatorSettings): { price: Bounds; slider: Bounds; terms: Bounds; rates: Bounds } {
  return {
    price: purchasePriceBounds(settings.minPrice),
    slider: loanSliderBounds(settings.minPrice),
    terms: termBounds(settings.maxTermYears),
    rates: interestBounds(settings.interestRange),
  };
}

/** What the calculator's money fields hold as typed: the purchase price (and its message when out of range), the deposit and residual kept in range. */
export function calculatorAmounts(texts: { price: string; deposit: string; residual: string }, priceBounds: Bounds) {
  const price = cleanPurchasePrice(parseAmount(texts.price));
  return {
    price,
    priceError: purchasePriceError(price, priceBounds),
    deposit: snapToBounds(parseAmount(texts.deposit), DEPOSIT_BOUNDS),
    residual: snapToBounds(parseAmount(texts.residual), RESIDUAL_BOUNDS),
  };
}
