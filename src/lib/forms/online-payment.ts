/**
 * The /online-payment site limit (site.json payments.online_payment_max, in dollars): its check
 * and its message, one rule for the form, the lead API that checks the limit again, and npm run
 * invoice. Amounts are shown as the shopper reads them, dollars and cents (centsMoney, format.ts).
 */
import { centsMoney } from '../text/format.ts';

/** The site's limit (in dollars, up to 2 decimals) in whole cents: 1024.1 is 102410, not 102409.99999999999. */
export function onlinePaymentLimitCents(maxDollars: number): number {
  return Math.round(maxDollars * 100);
}

/** Why an amount in cents is refused under the site's limit (in dollars), or undefined: the limit itself is allowed. */
export function onlinePaymentLimitRefusal(amountCents: number, maxDollars: number): string | undefined {
  return amountCents > onlinePaymentLimitCents(maxDollars) ? onlinePaymentLimitMessage(maxDollars) : undefined;
}

/** Why an amount above the site's limit (in dollars) is refused. */
export function onlinePaymentLimitMessage(maxDollars: number): string {
  return `Online payments are limited to ${centsMoney(onlinePaymentLimitCents(maxDollars))}. Please call us to pay a larger amount.`;
}
