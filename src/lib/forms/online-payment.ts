/**
 * The /online-payment amounts as the shopper reads them: dollars and cents, and the message of
 * the site's limit (site.json payments.online_payment_max), one text for the form and the lead
 * API that checks the limit again.
 */
import { formatMoney } from '../text/format.ts';

/** An online payment's amount in dollars, with cents: `2500.5` -> `$2,500.50`. */
export function paymentMoney(dollars: number): string {
  return formatMoney(dollars, { cents: true });
}

/** Why an amount above the site's limit (in dollars) is refused. */
export function onlinePaymentLimitMessage(maxDollars: number): string {
  return `Online payments are limited to ${paymentMoney(maxDollars)}. Please call us to pay a larger amount.`;
}
