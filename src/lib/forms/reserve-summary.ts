/**
 * The car summary beside the reserve form (src/components/forms/ReservePage.astro): its price,
 * odometer, stock number and the deposit (its terms in short), as [label, value] rows.
 */
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import { formatKm } from '../text/format.ts';
import { depositTermsShort } from './deposit-terms.ts';
import { headlineLine, headlinePrice, priceOptions } from '../vehicle/price.ts';

/** The summary rows of `car` on `site`; a row is left out when the car has nothing to show for it. */
export function reserveSummary(car: Car, site: Pick<Site, 'offers_subscription' | 'texts' | 'reserve_deposit' | 'payments'>): [string, string][] {
  const rows: [string, string][] = [];
  // The vehicle page's headline: a subscription where the site offers one, else the drive-away total when the feed gives one (ACL s48).
  const price = headlinePrice(car, priceOptions(site));
  if (price.amount !== null) rows.push(['Price', headlineLine(price)]);
  if (typeof car.km === 'number') rows.push(['Odometer', formatKm(car.km)]);
  if (car.stocknum) rows.push(['Stock number', car.stocknum]);
  // In short: the reserve page states the deposit terms in full, the site's extra terms included, under its heading.
  rows.push(['Deposit', depositTermsShort(site.reserve_deposit, site.payments)]);
  return rows;
}
