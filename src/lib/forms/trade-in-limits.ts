/**
 * The online estimate's limits (spec §2/§9 trade-in FAQ: "no online estimate for over 7 years
 * or 100,000 km"), set by site.json `trade_in.max_age_years` and `max_km`. The lead API applies
 * them before it values a car: an over-limit car gets no offer price (the dealer values it in
 * person) while the shopper's details are still taken. Age is the dealer's year (dealer-time.ts
 * `dealerYear`: site.json `timezone`) minus the car's (build) year; a car exactly at a limit
 * still gets an estimate ("over" means above it). Pure: the caller passes its clock.
 */
import { dealerYear } from '../text/dealer-time.ts';
import { formatNumber } from '../text/format.ts';

/** The site's limits (site.json trade_in). */
export interface TradeInLimits {
  max_age_years: number;
  max_km: number;
}

/** Why an online estimate is withheld, and what the shopper is told. */
export interface OfferWithheld {
  reason: 'age' | 'km';
  limit: number;
  message: string;
}

function carYear(year: unknown): number | undefined {
  const value = typeof year === 'string' ? Number(year.trim()) : year;
  return typeof value === 'number' && Number.isInteger(value) && value > 1900 ? value : undefined;
}

/**
 * Whether the online estimate is withheld for this car: `undefined` when it may be given.
 * An unknown year is not held against the car (the km limit still applies).
 */
export function offerWithheld(car: { year: unknown; km: number | null | undefined }, limits: TradeInLimits, now: number, timeZone?: string): OfferWithheld | undefined {
  const year = carYear(car.year);
  if (year !== undefined && dealerYear(now, timeZone) - year > limits.max_age_years) {
    return {
      reason: 'age',
      limit: limits.max_age_years,
      message: `We can't give an online estimate for vehicles over ${limits.max_age_years} years old. We have your details: our buying team will contact you with a valuation.`,
    };
  }
  if (typeof car.km === 'number' && car.km > limits.max_km) {
    return {
      reason: 'km',
      limit: limits.max_km,
      message: `We can't give an online estimate for vehicles with more than ${formatNumber(limits.max_km)} km. We have your details: our buying team will contact you with a valuation.`,
    };
  }
  return undefined;
}
