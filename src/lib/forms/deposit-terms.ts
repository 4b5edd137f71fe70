/**
 * The deposit terms (spec §9 wording by default) every page states before a shopper pays a
 * deposit and again on /success once paid, from the site's payment settings
 * (src/schemas/site/payments.ts), and the deposit as money wherever it is shown (depositMoney).
 */
import type { DepositTermsSettings, PaymentSettings } from '../../schemas/site/payments.ts';
import { formatMoney } from '../text/format.ts';

/**
 * The deposit as money, the one way every page and island shows it (the terms, the Reserve
 * buttons of the vehicle page and the search cards, the reserve form's buttons, its payment note
 * and the summary it sends): whole dollars ('$200', '$1,500'), with its cents when it has some
 * ('$250.50'), as the server charges it (site.json reserve_deposit, in cents).
 */
export function depositMoney(deposit: number): string {
  return formatMoney(deposit, { cents: !Number.isInteger(deposit) });
}

/** How long a paid deposit holds the car: '1 hour', '48 hours'. */
const holdWords = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

const refundWords = (refundable: boolean) => (refundable ? 'refundable in full' : 'not refundable');

/**
 * The deposit terms a shopper reads before paying and again on /success once paid (spec §9
 * wording by default); every page that states the deposit (the deposit step, the reserve page,
 * the online purchase journey, the vehicle page's Reserve Online tab and "Why Buy From Us?")
 * states these.
 */
export function depositTerms(deposit: number, carName: string, settings: DepositTermsSettings): string {
  const terms = `${depositMoney(deposit)} deposit holds the ${carName} for you for ${holdWords(settings.deposit_hold_hours)}. The deposit is ${refundWords(settings.deposit_refundable)}.`;
  return [terms, settings.deposit_terms ?? ''].filter(Boolean).join(' ');
}

/** The deposit terms, then, on a site that takes no card online, who takes the deposit: the reserve page's and the online purchase journey's introduction. */
export function reserveDepositTerms(deposit: number, carName: string, settings: DepositTermsSettings & Pick<PaymentSettings, 'provider'>): string {
  const noCard = settings.provider === 'none' ? ' No card is taken online: our team will call you to take the deposit.' : '';
  return `${depositTerms(deposit, carName, settings)}${noCard}`;
}

/**
 * The deposit terms in short for a summary row on a page that states them in full beside it
 * (depositTerms, with the site's extra terms): '$200, held 48 hours, refundable in full'.
 */
export function depositTermsShort(deposit: number, settings: Pick<DepositTermsSettings, 'deposit_hold_hours' | 'deposit_refundable'>): string {
  return `${depositMoney(deposit)}, held ${holdWords(settings.deposit_hold_hours)}, ${refundWords(settings.deposit_refundable)}`;
}
