/**
 * The 'Weekly repayments' facet's bands (spec §3 Car `weekly_price_range`): a car is filed under
 * the band of the repayment its own page prints (pageFinance, car-finance.ts), a week's worth of
 * it where the page quotes a month, so the facet and the page never disagree. A car whose page
 * prints no repayment (no finance on the site, a sold car, no price) keeps the feed's band.
 * $50 bands to $1,000, then one open band: the feed's own scheme, under the facet's limit.
 * Applied once, where a tenant's cars are loaded (src/lib/site/tenant.ts). Pure.
 */
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import { formatMoney } from '../text/format.ts';
import { pageFinance } from './car-finance.ts';
import { PERIODS_PER_YEAR } from './repayment.ts';

/** Width of a band, in dollars a week. */
export const WEEKLY_BAND_STEP = 50;
/** Lower limit of the open top band. */
export const WEEKLY_BAND_TOP = 1_000;

/** The band of a weekly repayment: '$150 - $200' for $150 up to $199.99, '$1,000 and over'. */
export function weeklyBand(weekly: number): string {
  const from = Math.min(WEEKLY_BAND_TOP, Math.max(0, Math.floor(weekly / WEEKLY_BAND_STEP) * WEEKLY_BAND_STEP));
  return from >= WEEKLY_BAND_TOP ? `${formatMoney(from)} and over` : `${formatMoney(from)} - ${formatMoney(from + WEEKLY_BAND_STEP)}`;
}

/** A week's worth of the repayment the car's page prints (shownPayment), or null when it prints none. */
export function printedWeeklyRepayment(car: Car, site: Site, now: number): number | null {
  const { printed, figures, scenario } = pageFinance(car, site, now);
  return printed ? (figures.shownPayment * PERIODS_PER_YEAR[scenario.frequency]) / PERIODS_PER_YEAR.weekly : null;
}

/** The cars of a site with each one's repayment band set from its page (a copy of a car whose band changes). */
export function withRepaymentBands(cars: readonly Car[], site: Site, now: number): Car[] {
  return cars.map((car) => {
    const weekly = printedWeeklyRepayment(car, site, now);
    const band = weekly === null ? car.weekly_price_range : weeklyBand(weekly);
    return band === car.weekly_price_range ? car : { ...car, weekly_price_range: band };
  });
}
