/**
 * What a dealer receives for a lead: a JSON document, or ADF/XML 1.0 (Auto-lead Data
 * Format, the auto industry's lead format that dealer CRMs import). Pure functions.
 */
import type { Car } from '../../schemas/car.ts';
import type { Evaluation, StoredLead } from './store.ts';
import type { ApiTenant } from './tenants.ts';

/** The shopper's own car from a trade-in evaluation, as the dealer needs it. */
function tradeIn(evaluation: Evaluation | undefined, photos: readonly string[]) {
  if (!evaluation) return null;
  const vehicle = (evaluation.vehicle && !('candidates' in evaluation.vehicle) ? evaluation.vehicle : {}) as Record<string, unknown>;
  return {
    evaluation_id: evaluation.id,
    registration: evaluation.rego,
    state: evaluation.state,
    vin: evaluation.vin,
    description: evaluation.description,
    year: vehicle.Year ?? null,
    make: vehicle.Make ?? null,
    model: vehicle.Model ?? null,
    variant: vehicle.Variant ?? null,
    km: evaluation.km,
    offer_price: evaluation.offer_price,
    images: evaluation.image_count,
    /** Signed links (30 days). */
    photos,
  };
}

/** The server's payment record of a lead (set only by the payments module; browser claims are dropped). */
function paymentOf(lead: StoredLead): Record<string, string> | null {
  const payment = lead.data.payment;
  return payment && typeof payment === 'object' && !Array.isArray(payment) ? (payment as Record<string, string>) : null;
}

/** One line for the dealer about the money: paid (with the reference), refunded, or not taken online. */
export function paymentLine(lead: StoredLead): string {
  const payment = paymentOf(lead);
  if (payment) {
    const what = lead.category.toLowerCase() === 'reserve' ? 'Deposit' : 'Payment';
    const invoice = payment.invoice_reference ? ` for ${payment.invoice_reference}` : '';
    const until = payment.reserved_until ? `; car reserved until ${payment.reserved_until}` : '';
    const refunded = payment.refunded ? `; refunded $${payment.refunded}` : '';
    return `${what}${invoice}: $${payment.amount} ${payment.currency} ${payment.status} online (${payment.provider} reference ${payment.reference})${until}${refunded}`;
  }
  if (lead.category.toLowerCase() === 'reserve' && lead.form_completed) return 'Deposit: not paid online (no card was taken). Please call the customer to take the deposit.';
  return '';
}

/**
 * The shopper's marketing status a delivered lead carries (issue 14 item 6, audit 2.81): the
 * link the CRM puts in its marketing e-mails, and whether the contact has unsubscribed (then
 * the lead still reaches the dealer, with opt_in false, and says not to send marketing).
 */
export interface LeadMarketing {
  unsubscribe_url?: string;
  /** ms since epoch of the opt-out, when the contact has unsubscribed from this dealer's marketing. */
  opted_out_at?: number;
}

/** The lead's marketing opt-in as delivered: the shopper's choice, always false once the contact unsubscribed. */
function deliveredOptIn(data: Record<string, unknown>, marketing: LeadMarketing): unknown {
  return marketing.opted_out_at !== undefined ? false : (data.opt_in ?? null);
}

/** One line for the dealer about marketing: unsubscribed (do not market), and the link for marketing e-mails. */
export function marketingLines(marketing: LeadMarketing): string[] {
  return [
    marketing.opted_out_at !== undefined ? `Marketing: this customer unsubscribed on ${new Date(marketing.opted_out_at).toISOString().slice(0, 10)}. Do not send them marketing; answer this enquiry only.` : '',
    marketing.unsubscribe_url ? `Unsubscribe link for marketing e-mails to this customer: ${marketing.unsubscribe_url}` : '',
  ].filter(Boolean);
}

/** The JSON body sent to webhooks. */
export function leadDocument(lead: StoredLead, tenant: ApiTenant | undefined, car: Car | undefined, evaluation?: Evaluation, photos: readonly string[] = [], marketing: LeadMarketing = {}) {
  const data = lead.data;
  return {
    lead_id: lead.id,
    revision: lead.revision,
    site: lead.tenant,
    site_name: tenant?.site.name ?? lead.tenant,
    received_at: new Date(lead.created_at).toISOString(),
    updated_at: new Date(lead.updated_at).toISOString(),
    category: lead.category,
    subcategory: lead.subcategory,
    form_completed: lead.form_completed,
    offer_accepted: lead.offer_accepted,
    customer: {
      name: (data.name ?? data['First Name'] ?? null) as string | null,
      last_name: (data.last_name ?? null) as string | null,
      email: lead.email,
      phone: lead.phone,
      postcode: (data.postcode ?? null) as string | null,
      preferred_contact_method: (data.PreferredContactMethod ?? null) as string | null,
      opt_in: deliveredOptIn(data, marketing),
      marketing_opt_out: marketing.opted_out_at !== undefined,
      unsubscribe_url: marketing.unsubscribe_url ?? null,
    },
    vehicle: car
      ? {
          car_id: String(car.id),
          slug: car.slug,
          stocknum: car.stocknum ?? null,
          vin: car.vin ?? null,
          year: car.year ?? null,
          make: car.make ?? null,
          model: car.model ?? null,
          badge: car.badge ?? null,
          car_type: car.car_type,
          price: car.price ?? null,
          dealership_slug: car.dealership_slug ?? null,
        }
      : null,
    trade_in: tradeIn(evaluation, photos),
    payment: paymentOf(lead),
    values: data,
  };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escape text for XML content and attributes; drops control characters XML 1.0 forbids. */
export function xmlEscape(value: unknown): string {
  return String(value ?? '')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

const element = (name: string, value: unknown, attributes = ''): string =>
  value === undefined || value === null || value === '' ? '' : `<${name}${attributes}>${xmlEscape(value)}</${name}>`;

/** The lead as an ADF 1.0 XML document. */
export function leadAdf(lead: StoredLead, tenant: ApiTenant | undefined, car: Car | undefined, evaluation?: Evaluation, photos: readonly string[] = [], marketing: LeadMarketing = {}): string {
  const doc = leadDocument(lead, tenant, car, evaluation, photos, marketing);
  const trade = doc.trade_in;
  const data = lead.data;
  const comments = [
    `Category: ${lead.category}${lead.subcategory ? ` / ${lead.subcategory}` : ''}`,
    data.message ? String(data.message) : '',
    data.Comments ? String(data.Comments) : '',
    data.dateTime ? `Test drive: ${String(data.dateTime)}` : '',
    Array.isArray(data.additional_services) && data.additional_services.length > 0 ? `Additional services: ${data.additional_services.join(', ')}` : '',
    data['do-you-have-a-trade-in'] ? `Trade-in: ${String(data['do-you-have-a-trade-in'])}` : '',
    data.finance ? `Finance: ${String(data.finance)}` : '',
    paymentLine(lead),
    ...marketingLines(marketing),
  ]
    .filter(Boolean)
    .join('\n');
  const vehicle = doc.vehicle;
  const status = vehicle ? (vehicle.car_type === 'new' ? 'new' : 'used') : 'used';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    '<adf>',
    '<prospect status="new">',
    `<id sequence="${lead.revision}" source="${xmlEscape(doc.site_name)}">${xmlEscape(lead.id)}</id>`,
    `<requestdate>${xmlEscape(doc.updated_at)}</requestdate>`,
    vehicle
      ? `<vehicle interest="buy" status="${status}">${element('id', vehicle.car_id, ' source="stock"')}${element('year', vehicle.year)}${element('make', vehicle.make)}${element('model', vehicle.model)}${element('trim', vehicle.badge)}${element('vin', vehicle.vin)}${element('stock', vehicle.stocknum)}${vehicle.price ? `<price type="asking" currency="AUD">${xmlEscape(vehicle.price)}</price>` : ''}</vehicle>`
      : data['Vehicle Make'] || data['Vehicle Model']
        ? `<vehicle interest="buy" status="used">${element('make', data['Vehicle Make'])}${element('model', data['Vehicle Model'])}</vehicle>`
        : '',
    trade
      ? `<vehicle interest="trade-in" status="used">${element('year', trade.year)}${element('make', trade.make)}${element('model', trade.model)}${element('trim', trade.variant)}${element('vin', trade.vin)}${trade.km !== null ? `<odometer status="original" units="km">${xmlEscape(trade.km)}</odometer>` : ''}${trade.offer_price !== null ? `<price type="offer" currency="AUD">${xmlEscape(trade.offer_price)}</price>` : ''}${element('comments', [trade.registration ? `Rego ${trade.registration} (${String(trade.state ?? '').toUpperCase()}), ${trade.images} photos` : '', ...trade.photos].filter(Boolean).join('\n'))}</vehicle>`
      : '',
    '<customer><contact>',
    element('name', doc.customer.name, ' part="first"'),
    element('name', doc.customer.last_name, ' part="last"'),
    element('email', doc.customer.email),
    element('phone', doc.customer.phone),
    doc.customer.postcode ? `<address><postalcode>${xmlEscape(doc.customer.postcode)}</postalcode><country>AU</country></address>` : '',
    '</contact>',
    element('comments', comments),
    '</customer>',
    `<vendor><vendorname>${xmlEscape(doc.site_name)}</vendorname></vendor>`,
    '<provider><name part="full">Dealer website</name><service>Website</service></provider>',
    '</prospect>',
    '</adf>',
  ]
    .filter(Boolean)
    .join('\n');
}
