/**
 * What a dealer receives for a lead: a JSON document (schema docs/schemas/lead-webhook-v1.json),
 * or ADF/XML 1.0 (Auto-lead Data Format, the auto industry's lead format that dealer CRMs
 * import), valid against the standard's DTD (docs/standards/adf-1.0.dtd) for every lead
 * category. Pure functions. docs/lead-api.md "What the dealer receives" says what each field
 * holds; a change of the JSON shape is a new schema version (LEAD_WEBHOOK_SCHEMA_VERSION).
 * Every ADF value is written one line (oneLine) but the comments, whose every line is.
 */
import { CAMPAIGN_PARAM } from '../../lib/forms/lead-payload.ts';
import { calendarDay, dealerInstant, instantDay } from '../../lib/text/dealer-time.ts';
import { formatDay, formatMoment, formatMoney, formatMonth } from '../../lib/text/format.ts';
import { canonicalUrl } from '../../lib/text/seo.ts';
import { SPIN_LEAD_CATEGORY } from '../../schemas/api/spin-to-win.ts';
import type { Car } from '../../schemas/car.ts';
import { oneLine, textLines } from '../../schemas/forms/fields.ts';
import { isAuMobile } from '../../schemas/phone.ts';
import { completesForm, isReserveCategory, isTestDriveCategory } from '../../schemas/lead.ts';
import type { Location } from '../../schemas/site.ts';
import type { Evaluation } from './evaluations.ts';
import type { StoredLead } from './row.ts';
import type { ApiTenant } from '../kernel/tenants.ts';

/** The version of the JSON body's shape (docs/schemas/lead-webhook-v<N>.json). */
export const LEAD_WEBHOOK_SCHEMA_VERSION = 1;

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

/** An amount of dollars stored as text ('1500.00') as the dealer reads money everywhere ('$1,500.00', formatMoney); text that is no amount as it was stored. */
function moneyText(value: string): string {
  return /^\d+(?:\.\d+)?$/.test(value.trim()) ? formatMoney(Number(value), { cents: true }) : value;
}

/**
 * One line for the dealer about the money: paid (with the reference), refunded, or not taken
 * online. A payment lead the server has not seen paid (one a browser posted, or the unpaid lead
 * of /online-payment completed by the browser) says so, whatever its category and values claim.
 */
export function paymentLine(lead: StoredLead, timeZone: string): string {
  const payment = paymentOf(lead);
  if (payment) {
    const what = isReserveCategory(lead.category) ? 'Deposit' : 'Payment';
    const invoice = payment.invoice_reference ? ` for ${payment.invoice_reference}` : '';
    const until = payment.reserved_until ? `; car reserved until ${momentText(payment.reserved_until, timeZone)}` : '';
    const refunded = payment.refunded ? `; refunded ${moneyText(payment.refunded)}` : '';
    return `${what}${invoice}: ${moneyText(payment.amount ?? '')} ${payment.currency} ${payment.status} online (${payment.provider} reference ${payment.reference})${until}${refunded}`;
  }
  if (isReserveCategory(lead.category) && completesForm(lead.data))
    return 'Deposit: not paid online (no card was taken). Please call the customer to take the deposit.';
  if (lead.category.toLowerCase() === 'online payment') return 'Payment: not paid online (no card was taken). Please call the customer to take the payment.';
  return '';
}

/**
 * The shopper's marketing status a delivered lead carries: the
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
export function marketingLines(marketing: LeadMarketing, timeZone: string): string[] {
  return [
    marketing.opted_out_at !== undefined
      ? `Marketing: this customer unsubscribed on ${formatDay(instantDay(marketing.opted_out_at, timeZone))}. Do not send them marketing; answer this enquiry only.`
      : '',
    marketing.unsubscribe_url ? `Unsubscribe link for marketing e-mails to this customer: ${marketing.unsubscribe_url}` : '',
  ].filter(Boolean);
}

/** The time zone the dealer reads times in (site.json timezone); UTC when the site is not known. */
export const dealerZone = (site: ApiTenant['site'] | undefined): string => site?.timezone ?? 'UTC';

/** A stored date-time for the dealer to read, on their clock with the zone; the text as stored when it is no date. */
function momentText(value: string, timeZone: string): string {
  return formatMoment(dealerInstant(value, timeZone), timeZone) || value;
}

/** A stored calendar date ('2026-12-03') for the dealer to read: '3 Dec 2026'; the text as stored when it is no date. */
const dayText = (value: string): string => formatDay(calendarDay(value)) || value;

/** A form value as trimmed text, or undefined when absent or blank. */
function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const out = String(value).trim();
  return out === '' ? undefined : out;
}

/** The lead's custom_params (campaign and form extras), as text. */
function customParams(data: Record<string, unknown>): Record<string, string> {
  const custom = data.custom_params;
  if (!custom || typeof custom !== 'object' || Array.isArray(custom)) return {};
  return Object.fromEntries(Object.entries(custom as Record<string, unknown>).map(([key, value]) => [key, String(value)]));
}

/** The campaign parameters a lead came with (utm_*, gclid, ...): its custom_params first, then the page's query. */
export function campaignParams(data: Record<string, unknown>): Record<string, string> {
  const attributes = data.lead_attributes as { linked_query_params?: Record<string, unknown> } | undefined;
  const linked = attributes && typeof attributes.linked_query_params === 'object' && attributes.linked_query_params ? attributes.linked_query_params : {};
  const out: Record<string, string> = {};
  for (const [key, value] of [...Object.entries(customParams(data)), ...Object.entries(linked)]) {
    if (CAMPAIGN_PARAM.test(key) && !(key in out) && text(value) !== undefined) out[key] = String(value);
  }
  return out;
}

/** What a lead is about, for the places ADF gives it (vehicle interest, location type). */
type LeadKind = 'enquiry' | 'test-drive' | 'trade-in' | 'sell' | 'finance' | 'service' | 'reserve' | 'payment' | 'photos';

export function leadKind(lead: StoredLead): LeadKind {
  const category = lead.category.trim().toLowerCase();
  if (isTestDriveCategory(category)) return 'test-drive';
  if (/trade-?in|offer accepted/.test(category)) return text(lead.data.page_id) === '/sell-my-car' ? 'sell' : 'trade-in';
  if (category.includes('finance')) return 'finance';
  if (category.includes('service')) return 'service';
  if (category.startsWith('reserve')) return 'reserve';
  if (category.includes('payment')) return 'payment';
  if (category.includes('photo')) return 'photos';
  return 'enquiry';
}

/**
 * The location that should act on the lead: the one the shopper chose (location / location_id),
 * else the car's, else the lead's dealership's, else the site's; among several, one of the
 * kind the lead needs (service for service leads, parts for parts, else sales), primary first.
 */
export function actingLocation(lead: StoredLead, tenant: ApiTenant | undefined, car: Car | undefined): Location | undefined {
  const locations = tenant?.site.locations ?? [];
  if (locations.length === 0) return undefined;
  const byKey = (key: unknown) => (text(key) === undefined ? undefined : locations.find((entry) => entry.slug === text(key) || String(entry.id) === text(key)));
  const chosen = byKey(lead.data.location) ?? byKey(lead.data.location_id) ?? byKey(car?.location?.id) ?? byKey(car?.location?.slug);
  if (chosen) return chosen;
  const category = lead.category.toLowerCase();
  const wanted = category.includes('service') ? 'service' : category.includes('parts') ? 'parts' : 'sales';
  const dealership = text(lead.data.dealership_slug) ?? lead.dealership_slug ?? car?.dealership_slug ?? undefined;
  const ofDealership = dealership ? locations.filter((entry) => entry.dealership_slug === dealership) : [];
  const pool = ofDealership.length > 0 ? ofDealership : locations;
  const rank = (entry: Location) => ((entry.location_type || 'sales') === wanted ? 0 : 2) + (entry.primary ? 0 : 1) + (entry.visible ? 0 : 4);
  return [...pool].sort((a, b) => rank(a) - rank(b))[0];
}

/** The dealership that receives the lead: its name, the acting location and how to reach it. */
function dealerOf(lead: StoredLead, tenant: ApiTenant | undefined, car: Car | undefined) {
  const location = actingLocation(lead, tenant, car);
  const slug = location?.dealership_slug ?? text(lead.data.dealership_slug) ?? car?.dealership_slug ?? null;
  const dealership = slug ? tenant?.site.dealerships.find((entry) => entry.slug === slug) : undefined;
  return {
    name: dealership?.name ?? tenant?.site.name ?? lead.tenant,
    dealership_slug: slug,
    location: location
      ? {
          id: String(location.id),
          slug: location.slug,
          name: location.name,
          type: location.location_type || 'sales',
          phone: location.contact_detail.phone ?? location.contact_detail.landline_phone ?? tenant?.site.phone ?? null,
          email: location.contact_detail.email ?? tenant?.site.email ?? null,
          address: { street: location.address.street, city: location.address.city, state: location.address.state, postcode: location.address.postcode ?? null },
        }
      : null,
  };
}

/**
 * A lead's values as delivered. A Spin to Win lead stored before its prize became the site's own
 * line (prizeLine) carries the server's note as `message` ('Spin to Win, Nov 2026: won ...'): no
 * shopper wrote it (the category is the server's alone and the spin entry has no message), so it is
 * left out, and a resend reads as a new spin lead does: the prize line, no 'Message:'.
 */
function deliveredData(lead: StoredLead): Record<string, unknown> {
  if (lead.category !== SPIN_LEAD_CATEGORY || !('message' in lead.data)) return lead.data;
  const { message: _serverNote, ...data } = lead.data;
  return data;
}

/** The JSON body sent to webhooks (docs/schemas/lead-webhook-v1.json). */
export function leadDocument(
  lead: StoredLead,
  tenant: ApiTenant | undefined,
  car: Car | undefined,
  evaluation?: Evaluation,
  photos: readonly string[] = [],
  marketing: LeadMarketing = {},
) {
  const data = deliveredData(lead);
  return {
    schema_version: LEAD_WEBHOOK_SCHEMA_VERSION,
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
    dealer: dealerOf(lead, tenant, car),
    lead_source: {
      source: text(data.source) ?? null,
      url: text(data.url) ?? null,
      page_id: text(data.page_id) ?? null,
      campaign: campaignParams(data),
    },
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

/**
 * A value written as one line (oneLine), escaped: the ADF's one-line values (a name, a stock
 * number, the source) come out one line however the value was stored (a lead stored before
 * the forms made their fields one line), with no bidirectional control.
 */
const oneLineXml = (value: unknown): string => xmlEscape(oneLine(String(value ?? '')));

type Attributes = Record<string, string | number | undefined>;

const attributeText = (attributes: Attributes): string =>
  Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${oneLineXml(value)}"`)
    .join('');

/** An element with text written as one line, or nothing when the value is absent or blank. */
const element = (name: string, value: unknown, attributes: Attributes = {}): string =>
  value === undefined || value === null || oneLine(String(value)).trim() === '' ? '' : `<${name}${attributeText(attributes)}>${oneLineXml(value)}</${name}>`;

/** An element the DTD requires: written empty when there is no value (nothing is made up). */
const required = (name: string, value: unknown, attributes: Attributes = {}): string =>
  element(name, value, attributes) || `<${name}${attributeText(attributes)}/>`;

/**
 * An ADF comments element of lines, each made one line (oneLine): a value written into a line
 * (a name, a stock number, a description) adds no line of its own that could read as the server's.
 */
function commentsElement(lines: readonly string[]): string {
  const text = lines.filter(Boolean).map(oneLine).join('\n');
  return text.trim() === '' ? '' : `<comments>${xmlEscape(text)}</comments>`;
}

/** An absolute URL for a possibly site-relative one, or undefined. */
function absoluteUrl(value: unknown, base: string | undefined): string | undefined {
  const raw = text(value);
  if (!raw) return undefined;
  try {
    return new URL(raw, base).href;
  } catch {
    return undefined;
  }
}

/** ADF `address`: street is required by the DTD, so with no street given it is written empty (no address is invented). */
function adfAddress(parts: { street?: string; city?: string; state?: string; postcode?: string }): string {
  if (!parts.street && !parts.city && !parts.state && !parts.postcode) return '';
  return `<address>${required('street', parts.street, { line: 1 })}${element('city', parts.city)}${element('regioncode', parts.state?.toUpperCase())}${element('postalcode', parts.postcode)}<country>AU</country></address>`;
}

/** ADF `finance`: method and at least one amount, or nothing. */
function adfFinance(
  method: string,
  amounts: { amount: string | undefined; type: 'downpayment' | 'monthly' | 'total'; limit: 'maximum' | 'minimum' | 'exact' }[],
): string {
  const written = amounts
    .filter((entry) => entry.amount !== undefined)
    .map((entry) => element('amount', entry.amount, { type: entry.type, limit: entry.limit, currency: 'AUD' }));
  return written.length > 0 ? `<finance><method>${oneLineXml(method)}</method>${written.join('')}</finance>` : '';
}

/** A number written as an ADF amount (whole dollars, or cents when it has them), or undefined. */
function amountText(value: unknown): string | undefined {
  const number = Number(text(value)?.replace(/[$,\s]/g, ''));
  return text(value) !== undefined && Number.isFinite(number) && number > 0 ? String(number) : undefined;
}

/** The vehicle the lead is about, in the DTD's child order. */
function interestVehicle(lead: StoredLead, kind: LeadKind, car: Car | undefined, site: ApiTenant['site'] | undefined): string {
  const siteUrl = site?.url;
  const timeZone = dealerZone(site);
  const data = lead.data;
  const custom = customParams(data);
  const budget = amountText(custom.vehiclePriceBudget);
  const finance = kind === 'finance' ? adfFinance('finance', [{ amount: budget, type: 'total', limit: 'maximum' }]) : '';
  const payment = paymentOf(lead);
  const testDrive = kind === 'test-drive' && text(data.dateTime) ? `Test drive requested for ${momentText(text(data.dateTime)!, timeZone)}` : '';
  if (car) {
    const interest = kind === 'test-drive' ? 'test-drive' : 'buy';
    const colour = car.colour
      ? `<colorcombination>${element('interiorcolor', car.interior_colour)}${element('exteriorcolor', car.colour)}<preference>1</preference></colorcombination>`
      : '';
    return [
      `<vehicle interest="${interest}" status="${car.car_type === 'new' ? 'new' : 'used'}">`,
      element('id', car.id, { source: 'stock' }),
      required('year', car.year),
      required('make', car.make),
      required('model', car.model),
      element('vin', car.vin),
      element('stock', car.stocknum),
      element('trim', [car.badge, car.series].filter(Boolean).join(' ')),
      element('doors', car.doors),
      element('bodystyle', car.simple_body),
      element('transmission', car.simple_transmission ?? car.trans),
      car.car_type !== 'new' && car.km !== undefined && car.km !== null ? element('odometer', car.km, { units: 'km' }) : '',
      colour,
      element('imagetag', absoluteUrl(car.primary_image_url, siteUrl), { alttext: car.name ?? undefined }),
      element('price', car.price, { type: 'asking', currency: 'AUD' }),
      element('pricecomments', kind === 'reserve' && payment ? paymentLine(lead, timeZone) : ''),
      finance,
      commentsElement([
        car.car_type === 'demo' ? 'Demonstrator (demo) vehicle' : '',
        testDrive,
        kind === 'photos' ? 'The customer asked for more photos of this vehicle.' : '',
        siteUrl ? `Vehicle page: ${canonicalUrl(siteUrl, `/cars/${car.slug}`)}` : '',
      ]),
      '</vehicle>',
    ].join('');
  }
  if (text(lead.car_id)) return storedStockVehicle(lead, kind, timeZone, [finance, testDrive]);
  // No stock car: the car the shopper named (an enquiry's make and model, the car to service,
  // the VIN a finance link carried), else the DTD's required year, make and model left empty.
  // ADF 1.0 has no interest for a service or a payment: those leave it out (the DTD's default applies).
  const service = kind === 'service';
  const own = kind === 'trade-in' || kind === 'sell';
  const interest = service || kind === 'payment' ? '' : ` interest="${own || kind === 'test-drive' ? kind : 'buy'}"`;
  const note = service
    ? 'The customer’s vehicle, to be serviced.'
    : own && custom.trade_in_vehicle
      ? `The customer’s vehicle: ${custom.trade_in_vehicle}`
      : text(data['Vehicle Make']) || text(data['Vehicle Model']) || custom.vin
        ? 'The vehicle the customer named (not a stock vehicle).'
        : `No particular vehicle: ${lead.category}.`;
  const status = text(data.car_type) === 'new' ? ' status="new"' : service || own || text(data.car_type) ? ' status="used"' : '';
  return [
    `<vehicle${interest}${status}>`,
    required('year', service ? data.Year : undefined),
    required('make', data['Vehicle Make']),
    required('model', data['Vehicle Model'] ?? (service ? data.Model : undefined)),
    element('vin', custom.vin),
    finance,
    commentsElement([note, testDrive]),
    '</vehicle>',
  ].join('');
}

/** What the dealer reads of a lead's stock car that has left the stock: its id and stock number as the lead stored them; empty for a lead without a stock car. */
export function goneStockNote(lead: StoredLead): string {
  const carId = text(lead.car_id);
  if (!carId) return '';
  const stock = text(lead.data.stock_number);
  return `The stock vehicle the customer chose (car ${carId}${stock ? `, stock ${stock}` : ''}); it is no longer listed on the site.`;
}

/**
 * The stock car a lead was stored with that the stock no longer lists when it is sent (sold, or
 * gone from the feed before a retry or a later revision): what the lead kept of it (car id, stock
 * number, make, model, new or used), said to be no longer listed. Nothing is made up.
 */
function storedStockVehicle(lead: StoredLead, kind: LeadKind, timeZone: string, [finance, testDrive]: [string, string]): string {
  const data = lead.data;
  const carId = text(lead.car_id)!;
  const stock = text(data.stock_number);
  const status = text(data.car_type) ? ` status="${text(data.car_type) === 'new' ? 'new' : 'used'}"` : '';
  const note = goneStockNote(lead);
  return [
    `<vehicle interest="${kind === 'test-drive' ? 'test-drive' : 'buy'}"${status}>`,
    element('id', carId, { source: 'stock' }),
    required('year', undefined),
    required('make', data['Vehicle Make']),
    required('model', data['Vehicle Model']),
    element('stock', stock),
    element('pricecomments', kind === 'reserve' && paymentOf(lead) ? paymentLine(lead, timeZone) : ''),
    finance,
    commentsElement([note, testDrive]),
    '</vehicle>',
  ].join('');
}

/** The shopper's answers about their own car's condition (the instant offer's questions), one line each. */
export function tradeInConditionLines(lead: StoredLead): string[] {
  const data = lead.data;
  return [
    text(data.service_history) ? `Service history: ${text(data.service_history)}` : '',
    text(data.number_of_keys) ? `Keys: ${text(data.number_of_keys)}` : '',
    text(data.car_condition) ? `Condition: ${text(data.car_condition)}` : '',
  ].filter(Boolean);
}

/** The shopper's own car from the evaluation: to trade in, or to sell (the sell-my-car page). */
function shopperVehicle(lead: StoredLead, kind: LeadKind, trade: ReturnType<typeof tradeIn>): string {
  if (!trade) return '';
  const condition = tradeInConditionLines(lead);
  const offer =
    trade.offer_price !== null
      ? `Instant offer: ${formatMoney(trade.offer_price)}${lead.offer_accepted ? ' (accepted by the customer)' : ''}`
      : 'No online offer was made for this vehicle.';
  const comments = [
    trade.description ? `Vehicle: ${trade.description}` : '',
    trade.registration ? `Rego ${trade.registration} (${String(trade.state ?? '').toUpperCase()}), ${trade.images} photos` : '',
    offer,
    ...condition,
    ...trade.photos,
  ];
  return [
    `<vehicle interest="${kind === 'sell' ? 'sell' : 'trade-in'}" status="used">`,
    required('year', trade.year),
    required('make', trade.make),
    required('model', trade.model),
    element('vin', trade.vin),
    element('trim', trade.variant),
    trade.km !== null ? element('odometer', trade.km, { units: 'km' }) : '',
    trade.offer_price !== null ? element('price', trade.offer_price, { type: 'offer', currency: 'AUD' }) : '',
    commentsElement(comments),
    '</vehicle>',
  ].join('');
}

/**
 * The shopper's own words (their message, a service booking's comments) set apart: a heading,
 * then each of their lines marked '| ', so none of them reads as one of the server's lines.
 */
function customerWords(heading: string, value: unknown): string[] {
  const words = text(value);
  return words ? [`${heading}:`, ...textLines(words).map((line) => `| ${line}`.trimEnd())] : [];
}

/**
 * The prize of a spin's lead, in the site's own words (the server made the lead: no shopper
 * wrote any of it): its subcategory is the prize, custom_params.spin_month the month it was won.
 */
function prizeLine(lead: StoredLead): string {
  if (lead.category !== SPIN_LEAD_CATEGORY) return '';
  const month = customParams(lead.data).spin_month;
  const when = month ? ` (${formatMonth(calendarDay(month))})` : '';
  return `Prize: ${lead.subcategory ?? ''}, won in Spin to Win${when}. Please contact the customer to arrange the prize.`;
}

/**
 * The lines of the customer's comments: what they asked for, in words a salesperson reads. Each
 * is one line (oneLine): no value written into a labelled line adds a line of its own.
 */
export function commentLines(lead: StoredLead, kind: LeadKind, dealer: ReturnType<typeof dealerOf>, marketing: LeadMarketing, timeZone: string): string[] {
  const data = lead.data;
  const custom = customParams(data);
  const campaign = campaignParams(data);
  const budget = amountText(custom.vehiclePriceBudget);
  const list = (values: unknown) => (Array.isArray(values) ? values.map(String).filter(Boolean).join(', ') : '');
  return [
    `Category: ${lead.category}${lead.subcategory ? ` / ${lead.subcategory}` : ''}`,
    text(data.PreferredContactMethod) ? `Preferred contact: ${text(data.PreferredContactMethod)}` : '',
    dealer.location ? `Location: ${dealer.location.name}` : '',
    prizeLine(lead),
    ...customerWords('Message', deliveredData(lead).message),
    ...customerWords('Comments', data.Comments),
    text(data.dateTime) ? `Test drive: ${momentText(text(data.dateTime)!, timeZone)}` : '',
    text(data.delivery_location) ? `Delivery location for the test drive: ${text(data.delivery_location)}` : '',
    kind === 'service'
      ? [text(data['Service Type']), text(data['Service Interval'])]
          .filter(Boolean)
          .join(', ')
          .replace(/^(.+)$/, 'Service: $1')
      : '',
    kind === 'service' && text(data['Preferred Service Date']) ? `Preferred service date: ${dayText(text(data['Preferred Service Date'])!)}` : '',
    // A valued car's rego is given with that car (shopperVehicle); any other rego the shopper typed is given here.
    text(data.Rego) && !(text(data.evalid) && (kind === 'trade-in' || kind === 'sell'))
      ? `Rego: ${text(data.Rego)}${text(data.State) ? ` (${text(data.State)!.toUpperCase()})` : ''}`
      : '',
    data.tyre_quote === true ? 'Tyre quote requested' : '',
    list(data.additional_services) ? `Additional services: ${list(data.additional_services)}` : '',
    budget ? `Finance budget: ${formatMoney(Number(budget))}` : '',
    custom.employment_status ? `Employment: ${custom.employment_status}` : '',
    custom.invoice_reference ? `Invoice or reference: ${custom.invoice_reference}${custom.amount ? `, amount ${moneyText(custom.amount)}` : ''}` : '',
    text(data['do-you-have-a-trade-in']) ? `Trade-in: ${text(data['do-you-have-a-trade-in'])}` : '',
    text(data.finance) ? `Finance: ${text(data.finance)}` : '',
    custom.offer_withheld === 'true' ? 'Instant offer: none online (over the online-estimate limits)' : '',
    lead.offer_accepted ? 'The customer accepted the instant offer.' : '',
    paymentLine(lead, timeZone),
    text(data.source) || text(data.url) ? `Source: ${[text(data.source), text(data.url)].filter(Boolean).join(', ')}` : '',
    Object.keys(campaign).length > 0
      ? `Campaign: ${Object.entries(campaign)
          .map(([key, value]) => `${key}=${value}`)
          .join('; ')}`
      : '',
    data.opt_in === true && marketing.opted_out_at === undefined ? 'Marketing opt-in: yes' : '',
    ...marketingLines(marketing, timeZone),
  ]
    .filter(Boolean)
    .map(oneLine);
}

/** The lead as an ADF 1.0 XML document, valid against docs/standards/adf-1.0.dtd. */
export function leadAdf(
  lead: StoredLead,
  tenant: ApiTenant | undefined,
  car: Car | undefined,
  evaluation?: Evaluation,
  photos: readonly string[] = [],
  marketing: LeadMarketing = {},
): string {
  const doc = leadDocument(lead, tenant, car, evaluation, photos, marketing);
  const data = lead.data;
  const kind = leadKind(lead);
  const site = tenant?.site;
  const dealer = doc.dealer;
  const preferred = text(data.PreferredContactMethod)?.toLowerCase();
  const phone = doc.customer.phone ?? undefined;
  const campaign = doc.lead_source.campaign;
  const hasStreet = Boolean(text(data.street) || text(data.suburb));
  const location = dealer.location;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    '<adf>',
    '<prospect status="new">',
    `<id sequence="${lead.revision}" source="${oneLineXml(doc.site_name)}">${oneLineXml(lead.id)}</id>`,
    `<requestdate>${oneLineXml(doc.updated_at)}</requestdate>`,
    // The DTD asks for at least one vehicle: the one of interest, or the shopper's own when that is all the lead is about.
    doc.trade_in && !car && !text(lead.car_id) && !text(data['Vehicle Make']) && !text(data['Vehicle Model']) ? '' : interestVehicle(lead, kind, car, site),
    shopperVehicle(lead, kind, doc.trade_in),
    '<customer>',
    '<contact>',
    doc.customer.name || doc.customer.last_name ? element('name', doc.customer.name, { part: 'first' }) : '<name part="full"/>',
    element('name', doc.customer.last_name, { part: 'last' }),
    element('email', doc.customer.email, { preferredcontact: preferred === 'email' ? 1 : undefined }),
    // The DTD asks for an e-mail or a phone; every new lead has one (leadProblems), so an empty phone is only a fallback.
    phone
      ? element('phone', phone, {
          type: isAuMobile(phone) ? 'cellphone' : 'voice',
          preferredcontact: preferred === 'phone' || preferred === 'sms' ? 1 : undefined,
        })
      : doc.customer.email
        ? ''
        : '<phone/>',
    adfAddress({
      street: text(data.street),
      city: text(data.suburb),
      // An instant offer's `state` is the registration's state, not where the shopper lives.
      state: hasStreet ? text(data.state) : undefined,
      postcode: text(data.postcode),
    }),
    '</contact>',
    commentsElement(commentLines(lead, kind, dealer, marketing, dealerZone(site))),
    '</customer>',
    '<vendor>',
    location ? element('id', location.slug, { source: 'location' }) : '',
    `<vendorname>${oneLineXml(dealer.name)}</vendorname>`,
    element('url', site?.url),
    '<contact>',
    `<name part="full" type="business">${oneLineXml(location?.name ?? dealer.name)}</name>`,
    element('email', location?.email ?? site?.email),
    required('phone', location?.phone ?? site?.phone, { type: 'voice' }),
    location
      ? adfAddress({
          street: location.address.street,
          city: location.address.city,
          state: location.address.state,
          postcode: location.address.postcode ?? undefined,
        })
      : adfAddress({ street: text(site?.address) }),
    '</contact>',
    '</vendor>',
    '<provider>',
    `<name part="full" type="business">${oneLineXml(doc.lead_source.source ?? 'Website')}</name>`,
    element('service', [campaign.utm_campaign ?? campaign.campaign, campaign.utm_source, campaign.utm_medium].filter(Boolean).join(' / ')),
    element('url', doc.lead_source.url),
    '</provider>',
    '</prospect>',
    '</adf>',
  ]
    .filter(Boolean)
    .join('\n');
}
