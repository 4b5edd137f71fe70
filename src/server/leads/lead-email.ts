/**
 * The lead e-mail a salesperson reads (docs/lead-api.md "Lead e-mails"): plain text, what they
 * need first at the top (the category, who to call and how, the car), then the lines the ADF
 * carries as the customer's comments (formats.ts commentLines, the one builder of them). Every
 * line is one line (oneLine) and the shopper's message is set apart under its heading, so no
 * value reads as a line of the server's. The ADF or JSON of the lead travels as an attachment
 * for a CRM that reads e-mail.
 */
import { canonicalUrl } from '../../lib/text/seo.ts';
import { formatKm, formatMoney } from '../../lib/text/format.ts';
import { oneLine } from '../../schemas/forms/fields.ts';
import { headlineLine, saleHeadline } from '../../lib/vehicle/price.ts';
import type { Car } from '../../schemas/car.ts';
import type { ApiTenant } from '../kernel/tenants.ts';
import type { Evaluation } from './evaluations.ts';
import { commentLines, dealerZone, goneStockNote, leadDocument, leadKind, tradeInConditionLines, type LeadMarketing } from './formats.ts';
import type { StoredLead } from './row.ts';

/**
 * The car the lead is about (its display name), with its stock number and the price its pages lead
 * with (saleHeadline: the drive-away total where the feed breaks the price down, after any offer),
 * and its page; a stock car the stock no longer lists as the ADF names it (goneStockNote); else the
 * car the shopper named.
 */
function carLines(lead: StoredLead, car: Car | undefined, siteUrl: string | undefined): string[] {
  if (!car) {
    const gone = goneStockNote(lead);
    return [gone ? `Car: ${gone}` : namedCarLine(lead)];
  }
  const stock = car.stocknum ? `, stock ${car.stocknum}` : '';
  const sale = saleHeadline(car);
  const price = sale ? `, ${headlineLine(sale)}` : '';
  return [`Car: ${car.name ?? car.slug}${stock}${price}`, siteUrl ? `Vehicle page: ${canonicalUrl(siteUrl, `/cars/${car.slug}`)}` : ''];
}

/** The car the shopper named on the form (no stock car: an enquiry's make and model, the car to service), or nothing. */
function namedCarLine(lead: StoredLead): string {
  const named = [lead.data.Year, lead.data['Vehicle Make'], lead.data['Vehicle Model'] ?? lead.data.Model].filter(
    (part) => part !== undefined && part !== null && String(part).trim() !== '',
  );
  return named.length > 0 ? `Vehicle named: ${named.join(' ')}` : '';
}

/** The shopper's own car from a trade-in evaluation (what it is, rego, odometer, VIN, offer) and their answers about its condition, or nothing. */
function tradeInLines(lead: StoredLead, trade: ReturnType<typeof leadDocument>['trade_in']): string[] {
  if (!trade) return [];
  const rego = trade.registration ? `, rego ${trade.registration}` : '';
  const km = typeof trade.km === 'number' ? `, ${formatKm(trade.km)}` : '';
  const vin = trade.vin ? `, VIN ${trade.vin}` : '';
  const offer = trade.offer_price !== null ? `, instant offer ${formatMoney(trade.offer_price)}` : '';
  return [`Their car: ${trade.description ?? 'from their trade-in evaluation'}${rego}${km}${vin}${offer}`, ...tradeInConditionLines(lead)];
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
    ...carLines(lead, car, tenant?.site.url),
    ...tradeInLines(lead, doc.trade_in),
    ...photos.map((photo) => `Photo: ${photo}`),
  ];
  const footer = `Lead ${lead.id} (revision ${lead.revision}). The ${attached} of this lead is attached for your CRM.`;
  // Each line of the head is one line (oneLine): no value written into it adds a line of its own.
  return [head.filter(Boolean).map(oneLine).join('\n'), comments.join('\n'), footer].filter(Boolean).join('\n\n');
}
