/**
 * Building the body of POST /api/leads (spec §7 "Lead submission") from a form's values
 * and the page it was sent from: category, subcategory, lead_id, form_completed, url,
 * source 'Website', user_agent, car fields, lead_attributes (visited pages, linked query
 * params), campaign params, additional_services; UI helper keys and blanks stripped.
 * Also which analytics event a successful lead fires (spec §7 ids 14, 15, 17, 18, 48).
 */
import type { AnalyticsEventName } from '../marketing/analytics.ts';
import type { VehicleKind } from '../../schemas/vehicle-kind.ts';
import { VISITED_PAGES_MAX } from '../../schemas/visited-pages-bounds.ts';
import { slugify } from '../text/slug.ts';
import { collectAdditionalServices } from './service-booking.ts';

/** The car a lead is about, as islands receive it (serialisable subset of Car). */
export interface LeadCar {
  id: string | number;
  slug: string;
  name?: string | null;
  make?: string | null;
  model?: string | null;
  year?: number | null;
  car_type?: 'new' | 'used' | 'demo' | null;
  status?: string | null;
  tag?: string | null;
  stocknum?: string | null;
  price?: number | null;
  /** The price the car's page shows first (src/lib/vehicle/price.ts saleHeadline: the drive-away total when the feed gives one), in the car choices; absent when it shows none. */
  headline_price?: { amount: number; text: string; label: string | null } | null;
  dealership_id?: string | number | null;
  dealership_slug?: string | null;
  primary_image_url?: string | null;
  /** The vehicle's kind (the Car's `vehicle_kind`) where it is not a car, so a form names it as its page does; absent: a car. */
  vehicle_kind?: Exclude<VehicleKind, 'car'> | null;
  /** Location of the car (test-drive delivery locations, dealership). */
  location?: {
    id?: string | number | null;
    name?: string | null;
    slug?: string | null;
    distribution_locations?: { name?: string | null; slug?: string | null }[] | null;
  } | null;
  /** The time zone of the car's location where it is not the site's (testDriveTimeZone): when the availability call fails, the test-drive form's free box offers the days bookable on both this clock and the site's (typedTestDriveDates). */
  time_zone?: string | null;
}

/** Where the form was sent from. */
export interface LeadPageContext {
  /** Full page URL. */
  url: string;
  userAgent: string;
  /** Pages seen this visit, oldest first. */
  visitedPages: readonly string[];
  /** The franchise brand of the site (its slug), when it has one (spec §3 manufacturer_slug). */
  manufacturerSlug?: string;
}

/**
 * The page_id a lead carries (spec §3): the static page the form was sent from,
 * as its path without query or trailing slash ('/service', '/cars/2019-mazda-cx-5', '/' for
 * home). The spec's CMS page ids do not exist on a static site; the path is its stable id.
 */
export function pageIdOf(url: string): string | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (trimmed || '/').slice(0, 80);
}

/** Query parameters copied into custom_params as campaign params (spec §7); the delivered lead reports them. */
export const CAMPAIGN_PARAM = /^(utm_[a-z_]+|gclid|fbclid|msclkid|car_type|campaign|source)$/i;
const MAX_PARAMS = 30;

/** Keys starting with '_' are UI helpers (radio groups, presets) and never sent. */
export function isHelperKey(key: string): boolean {
  return key.startsWith('_');
}

/** The query parameters of a URL, bounded to what the API accepts. */
export function queryParams(url: string): Record<string, string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return {};
  }
  const params: Record<string, string> = {};
  for (const [key, value] of parsed.searchParams) {
    if (Object.keys(params).length >= MAX_PARAMS) break;
    if (/^[A-Za-z0-9_.\-[\] ]{1,64}$/.test(key)) params[key] = value.slice(0, 500);
  }
  return params;
}

/** Options of buildLeadPayload. */
export interface LeadPayloadInput {
  values: Record<string, unknown>;
  category: string;
  subcategory?: string;
  car?: LeadCar | null;
  page: LeadPageContext;
  /** Second and later steps of a multi-step form. */
  leadId?: string;
  /** false on a step that is not the last one; true when the flow is complete. */
  formCompleted?: boolean;
  offerAccepted?: boolean;
}

/** The JSON body of POST /api/leads. */
export function buildLeadPayload(input: LeadPayloadInput): Record<string, unknown> {
  const { values: withoutChecks, additional_services } = collectAdditionalServices(input.values);
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(withoutChecks)) {
    if (isHelperKey(key) || value === undefined || value === null) continue;
    // Blank optional inputs are left out rather than sent as '' (the API treats absent as not given).
    if (typeof value === 'string' && value.trim() === '') continue;
    body[key] = value;
  }
  const car = input.car;
  if (car) {
    body.car_id = String(car.id);
    // A blank dealership id (the feed's) names none: not sent. Every value goes whole: the stock reader bounds them at what the API takes (src/schemas/car-lead-bounds.ts).
    if (car.dealership_id !== undefined && car.dealership_id !== null && String(car.dealership_id).trim() !== '')
      body.car_dealership_id = String(car.dealership_id);
    if (car.stocknum) body.stock_number = car.stocknum;
    if (car.make) body['Vehicle Make'] ??= car.make;
    if (car.model) body['Vehicle Model'] ??= car.model;
    if (car.car_type) body.car_type = car.car_type;
    if (car.status) body.vehicle_status = car.status;
    if (car.dealership_slug && body.dealership_slug === undefined) body.dealership_slug = car.dealership_slug;
  }
  // Spec §3: the brand the lead is about (the car's make, else the site's franchise) and the page.
  const manufacturer = car?.make ? slugify(car.make) : input.page.manufacturerSlug;
  if (manufacturer && body.manufacturer_slug === undefined) body.manufacturer_slug = manufacturer.slice(0, 120);
  const pageId = pageIdOf(input.page.url);
  if (pageId) body.page_id = pageId;
  const linked = queryParams(input.page.url);
  const campaign = Object.fromEntries(Object.entries(linked).filter(([key]) => CAMPAIGN_PARAM.test(key)));
  body.category = input.category;
  if (input.subcategory) body.subcategory = input.subcategory;
  if (input.leadId) body.lead_id = input.leadId;
  if (input.formCompleted !== undefined) body.form_completed = input.formCompleted;
  if (input.offerAccepted !== undefined) body.offer_accepted = input.offerAccepted;
  body.url = input.page.url.slice(0, 2000);
  body.source = 'Website';
  body.user_agent = input.page.userAgent.slice(0, 500);
  body.lead_attributes = {
    visited_pages: input.page.visitedPages.slice(-VISITED_PAGES_MAX.count).map((page) => page.slice(0, VISITED_PAGES_MAX.length)),
    linked_query_params: linked,
  };
  if (Object.keys(campaign).length > 0) body.custom_params = { ...campaign, ...((body.custom_params as Record<string, unknown> | undefined) ?? {}) };
  if (additional_services.length > 0) body.additional_services = additional_services;
  return body;
}

/** The kinds of lead that fire an analytics event. */
export type LeadKind = 'enquiry' | 'test-drive' | 'offer-accepted';

/** Spec §7: 14 new enquiry, 15 used enquiry, 17 new test drive or 'Test Drive Only' tag, 48 used test drive, 18 offer accepted. */
export function leadAnalyticsEvent(kind: LeadKind, car?: Pick<LeadCar, 'car_type' | 'tag'> | null): AnalyticsEventName {
  if (kind === 'offer-accepted') return 'tradeInOfferAccepted';
  const used = car?.car_type === 'used';
  if (kind === 'test-drive') {
    if (car?.tag && car.tag.trim().toLowerCase() === 'test drive only') return 'newTestDrive';
    return used ? 'usedTestDrive' : 'newTestDrive';
  }
  return used ? 'usedEnquiry' : 'newEnquiry';
}
