/**
 * Which cars ask the quote provider for a finance quote, and what they send (spec §7 POST
 * /api/youx/quote: selfAssessedCreditScore GREAT, purchasePrice, loanTerm 5, year, vin, nvic,
 * whoIsHelping). The cars the quote provider prices (a youxQuote in the feed), available, on the
 * car's own price; the request is checked with the lead API's own schema at build time, so a car
 * the endpoint would refuse (a price over its range, a long VIN) does not ask. Pure.
 */
import * as v from 'valibot';
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import { FinanceQuoteRequestSchema, type FinanceQuoteRequest } from '../../schemas/api/cars.ts';
import { isCarAvailable } from '../vehicle/availability.ts';
import { financePrice, QUOTE_TERM_YEARS } from './car-finance.ts';

/** The credit rating the page asks for (spec §7). */
export const QUOTE_CREDIT_SCORE = 'GREAT';

/** The request the page sends for a car, or null when the car is not one the quote provider prices. */
export function quoteRequest(car: Car, site: Site): FinanceQuoteRequest | null {
  if (!car.youxQuote || !isCarAvailable(car)) return null;
  const purchasePrice = financePrice(car);
  if (purchasePrice === null) return null;
  const body = {
    selfAssessedCreditScore: QUOTE_CREDIT_SCORE,
    purchasePrice,
    loanTerm: QUOTE_TERM_YEARS,
    ...(typeof car.year === 'number' ? { year: car.year } : {}),
    ...(car.vin ? { vin: car.vin } : {}),
    ...(car.nvic ? { nvic: car.nvic } : {}),
    whoIsHelping: (site.finance.who_is_helping ?? site.name).slice(0, 80),
  };
  const checked = v.safeParse(FinanceQuoteRequestSchema, body);
  return checked.success ? checked.output : null;
}
