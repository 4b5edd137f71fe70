/**
 * The lead e-mail a salesperson reads (docs/lead-api.md "Lead e-mails"): plain text, what they
 * need first at the top (the category, who to call and how, the car), then the lines the ADF
 * carries as the customer's comments (formats.ts commentLines, the one builder of them). The
 * ADF or JSON of the lead travels as an attachment for a CRM that reads e-mail.
 */
import { formatMoney } from '../../lib/text/format.ts';
import type { Car } from '../../schemas/car.ts';
import type { ApiTenant } from '../kernel/tenants.ts';
import type { Evaluation } from './evaluations.ts';
import { commentLines, dealerZone, leadDocument, leadKind, type LeadMarketing } from './formats.ts';
import type { StoredLead } from './row.ts';

/** The car the lead is about (its display name), with its stock number and price, or nothing. */
function carLine(car: Car | undefined): string {
  if (!car) return '';
  const stock = car.stocknum ? `, stock ${car.stocknum}` : '';
  const price = typeof car.price === 'number' && car.price > 0 ? `, ${formatMoney(car.price)}` : '';
  return `Car: ${car.name ?? car.slug}${stock}${price}`;
}

/** The car the shopper named on the form (no stock car: an enquiry's make and model, the car to service), or nothing. */
function namedCarLine(lead: StoredLead): string {
  const named = [lead.data.Year, lead.data['Vehicle Make'], lead.data['Vehicle Model'] ?? lead.data.Model].filter(
    (part) => part !== undefined && part !== null && String(part).trim() !== '',
  );
  return named.length > 0 ? `Vehicle named: ${named.join(' ')}` : '';
}

/** The shopper's own car from a trade-in evaluation, in one line, or nothing. */
function tradeInLine(trade: ReturnType<typeof leadDocument>['trade_in']): string {
  if (!trade) return '';
  const rego = trade.registration ? `, rego ${trade.registration}` : '';
  const offer = trade.offer_price !== null ? `, instant offer ${formatMoney(trade.offer_price)}` : '';
  return `Their car: ${trade.description ?? 'from their trade-in evaluation'}${rego}${offer}`;
}

/** The text body of the lead e-mail; `attached` names the attachment's format ("ADF/XML" or "JSON"). */
export function leadEmailText(
  lead: StoredLead,
  tenant: ApiTenant | undefined,
  car: Car | undefined,
  evaluation: Evaluation | undefined,
  photos: readonly string[],
  marketing: LeadMarketing,
  attached: string,
): string {
  const doc = leadDocument(lead, tenant, car, evaluation, photos, marketing);
  const customer = doc.customer;
  // commentLines starts with the category line: it heads the e-mail.
  const [category, ...comments] = commentLines(lead, leadKind(lead), doc.dealer, marketing, dealerZone(tenant?.site));
  const name = [customer.name, customer.last_name].filter(Boolean).join(' ');
  const head = [
    category,
    name ? `Name: ${name}` : '',
    customer.phone ? `Phone: ${customer.phone}` : '',
    customer.email ? `E-mail: ${customer.email}` : '',
    customer.postcode ? `Postcode: ${customer.postcode}` : '',
    carLine(car) || namedCarLine(lead),
    tradeInLine(doc.trade_in),
    ...photos.map((photo) => `Photo: ${photo}`),
  ];
  const footer = `Lead ${lead.id} (revision ${lead.revision}). The ${attached} of this lead is attached for your CRM.`;
  return [head.filter(Boolean).join('\n'), comments.join('\n'), footer].filter(Boolean).join('\n\n');
}
