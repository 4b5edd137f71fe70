/**
 * What the form islands need from site.json and a car, as small serialisable props
 * (islands get JSON props: no functions, nothing secret). Pure: pages call these at
 * build time and hand the result to the islands.
 */
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import type { Features } from '../../schemas/site/features.ts';
import { smsSenderId } from '../../schemas/site/sms.ts';
import type { LeadCar } from './lead-payload.ts';
import { moneyPresets } from './money-input.ts';
import { serviceRequirements } from './service-booking.ts';
import type { LeadFormSettings } from '../../schemas/forms/lead-forms.ts';
import { carImageSources, type ImageOptions } from '../images.ts';
import { headlineLine, saleHeadline } from '../vehicle/price.ts';
import { testDriveTimeZone } from '../locations/locations.ts';

/** A location or dealership choice of the enquiry form. */
export interface FormLocation {
  id: string;
  name: string;
  slug: string;
  dealership_slug: string | null;
  type: 'sales' | 'service' | 'parts';
  phone: string | null;
}

/** Site settings every form island reads. */
export interface FormSiteConfig {
  apiBase: string;
  /** Dealer name: '{brand}' of the consent text. */
  brand: string;
  /** The sender ID of the site's texts (site.json `sms`): the trade-in lead's `sms_from` (spec §7). */
  smsSender: string;
  phone: string;
  termsRequired: boolean;
  commentsRequired: boolean;
  copyLocationDealership: boolean;
  locations: FormLocation[];
  dealerships: { slug: string; name: string }[];
  defaultState: string;
  instantOfferImages: boolean;
  moneyPresets: number[];
  reserveDeposit: number;
  /** Online payments (docs/payments.md): 'none' = no card taken online; the deposit terms shown before payment. */
  payments: { provider: 'none' | 'stripe'; holdMinutes: number; depositHoldHours: number; depositRefundable: boolean; depositTerms?: string };
  privacyHref: string;
  termsHref: string;
  /** The marketing opt-in starts ticked (site features.marketing_opt_in_default). */
  optInDefault: boolean;
  /** The dealer's time zone (site.json `timezone`): the earliest date or time a booking form takes is on the dealer's clock. */
  timeZone: string;
}

/** The site's forms ask for the terms-of-use box instead of the consent notice (site.json `features.terms_required`); the lead API asks here too. */
export function requiresTerms(site: { features: Pick<Features, 'terms_required'> }): boolean {
  return site.features.terms_required;
}

/** Form settings of a site. */
export function formSiteConfig(site: Site): FormSiteConfig {
  return {
    apiBase: site.api_base,
    brand: site.name,
    smsSender: smsSenderId(site),
    phone: site.phone,
    termsRequired: requiresTerms(site),
    commentsRequired: site.features.enquiry_comments_required,
    copyLocationDealership: site.features.copy_location_dealership,
    locations: site.locations
      .filter((location) => location.visible)
      .map((location) => ({
        id: String(location.id),
        name: location.name,
        slug: location.slug,
        dealership_slug: location.dealership_slug ?? null,
        type: location.location_type === 'service' || location.location_type === 'parts' ? location.location_type : 'sales',
        phone: location.contact_detail?.phone ?? null,
      })),
    dealerships: site.dealerships.map((dealership) => ({ slug: dealership.slug, name: dealership.name })),
    defaultState: site.default_state,
    instantOfferImages: site.features.instant_offer_images,
    moneyPresets: [...moneyPresets(site.finance.presets)],
    reserveDeposit: site.reserve_deposit,
    payments: {
      provider: site.payments.provider,
      holdMinutes: site.payments.hold_minutes,
      depositHoldHours: site.payments.deposit_hold_hours,
      depositRefundable: site.payments.deposit_refundable,
      ...(site.payments.deposit_terms ? { depositTerms: site.payments.deposit_terms } : {}),
    },
    privacyHref: '/privacy-policy',
    termsHref: '/terms-and-conditions',
    optInDefault: site.features.marketing_opt_in_default,
    timeZone: site.timezone,
  };
}

/**
 * The settings the lead forms are built with, resolved as their pages resolve them (the contact
 * page's, the service form's and the instant offer's locations, the contact page's dealership select, the enquiry's
 * Comments, the service order step's requirements and options): the lead API holds a completed
 * lead to its form's rules with them (src/schemas/forms/lead-forms.ts).
 */
export function leadFormSettings(site: Site): LeadFormSettings {
  const config = formSiteConfig(site);
  const service = serviceRequirements(site.service);
  return {
    commentsRequired: config.commentsRequired,
    contactLocations: locationsFor(config, 'sales'),
    dealershipSelect: config.dealerships.length > 1,
    dealerships: config.dealerships.map((dealership) => dealership.slug),
    copyLocationDealership: config.copyLocationDealership,
    serviceLocations: locationsFor(config, 'service'),
    buyingLocations: buyingLocations(site, config),
    intervalRequired: service.intervalRequired,
    typeRequired: service.typeRequired,
    intervals: site.service.intervals,
    types: site.service.types,
  };
}

/**
 * Form settings of the lead modals (vehicle page, Quick Enquiry): the modals send the car's
 * own location and dealership, so the site's location and dealership lists stay out of the
 * page's props.
 */
export function modalFormConfig(site: Site): FormSiteConfig {
  return { ...formSiteConfig(site), locations: [], dealerships: [] };
}

/**
 * The car fields a lead form needs (absent fields left out, so long car lists stay small in page props);
 * given the site, the time zone of the car's location where it is not the site's (`time_zone`).
 */
export function leadCar(car: Car, site?: Pick<Site, 'timezone' | 'locations'>): LeadCar {
  const full = fullLeadCar(car, site);
  return Object.fromEntries(Object.entries(full).filter(([, value]) => value !== null && value !== undefined)) as unknown as LeadCar;
}

function fullLeadCar(car: Car, site: Pick<Site, 'timezone' | 'locations'> | undefined): LeadCar {
  const zone = site ? testDriveTimeZone(site, car) : undefined;
  return {
    id: car.id,
    slug: car.slug,
    name: car.name,
    make: car.make ?? null,
    model: car.model ?? null,
    year: car.year ?? null,
    car_type: car.car_type,
    status: car.status,
    tag: car.tag ?? null,
    stocknum: car.stocknum ?? null,
    price: car.price ?? null,
    dealership_id: car.dealership_id ?? null,
    dealership_slug: car.dealership_slug ?? null,
    primary_image_url: car.primary_image_url,
    vehicle_kind: car.vehicle_kind === 'car' ? null : car.vehicle_kind,
    location: car.location
      ? {
          id: car.location.id ?? null,
          name: car.location.name ?? null,
          slug: car.location.slug ?? null,
          distribution_locations: (car.location.distribution_locations ?? []).map((entry) => ({ name: entry.name ?? null, slug: entry.slug ?? null })),
        }
      : null,
    time_zone: zone !== undefined && zone !== site?.timezone ? zone : null,
  };
}

/** Locations offered by a form of `kind`: service forms prefer service locations when there are any. */
export function locationsFor(config: Pick<FormSiteConfig, 'locations'>, kind: 'sales' | 'service'): FormLocation[] {
  if (kind === 'service') {
    const service = config.locations.filter((location) => location.type === 'service');
    if (service.length > 0) return service;
  }
  return config.locations;
}

/** The instant offer's buying locations (its location_id select): the site's visible locations marked 'buying', else its sales locations. */
export function buyingLocations(site: Pick<Site, 'locations'>, config: Pick<FormSiteConfig, 'locations'>): FormLocation[] {
  const buying = new Set(site.locations.filter((location) => location.location_subtype.includes('buying')).map((location) => location.slug));
  return config.locations.filter((location) => (buying.size > 0 ? buying.has(location.slug) : location.type === 'sales'));
}

/** Spec §4: a single location option is preselected. */
export function preselectedLocation(locations: readonly FormLocation[]): string {
  return locations.length === 1 ? locations[0]!.slug : '';
}

/** The dealership_slug copied from the chosen location on sites that say so (spec §4): the forms' and the lead API's one rule. */
export { dealershipForLocation } from '../../schemas/forms/lead-forms.ts';

/** Spec §5 consent notice. */
export function consentText(brand: string): string {
  return `By submitting this enquiry, I agree to the ${brand} Privacy Policy.`;
}

/** STOP / unsubscribe wording under the consent notice. */
export const UNSUBSCRIBE_TEXT = 'You can opt out of marketing messages at any time: reply STOP to any SMS, or use the unsubscribe link in any email.';

/** Where a site publishes its forms' car choices (src/pages/car-choices.json.ts, read by src/islands/forms/car-choices.ts). */
export const CAR_CHOICES_PATH = '/car-choices.json';

/** Where a site publishes the cars its garage page can list (src/pages/garage-cars.json.ts, read by src/islands/forms/MyGarage.tsx). */
export const GARAGE_CARS_PATH = '/garage-cars.json';

/** A watchlist entry's car: what the garage page shows of it. */
export interface GarageCarEntry {
  id: string;
  slug: string;
  name: string;
  /** The price the car sells for as its pages show it, with its label ('$44,500 Drive Away'; saleHeadline), or null when they show none. */
  price: string | null;
  image: string | null;
}

/** The garage list of a site's visible cars; each photo as the page shows it (through the site's image CDN when it has one: `imageOptions`, siteImageOptions). */
export function garageCars(cars: readonly Car[], imageOptions: ImageOptions = {}): GarageCarEntry[] {
  return cars.map((car) => {
    const sale = saleHeadline(car);
    return {
      id: String(car.id),
      slug: car.slug,
      name: car.name,
      price: sale ? headlineLine(sale) : null,
      image: car.primary_image_url ? carImageSources(car.primary_image_url, 'card', imageOptions).src : null,
    };
  });
}

/**
 * A list of cars for a form's choices (test drive, trade-in, finance, checkout journey) as
 * one JSON text (the site's CAR_CHOICES_PATH file), holding only what the form shows or needs to choose (id, slug,
 * name, status, car_type, tag, price, the headline price the trade-in shows, a kind other than car, delivery locations,
 * the time zone of a car's location where it is not the site's, given `site`)
 * and the car's dealership (the lead's dealership_slug, as the vehicle page's forms send it): the API completes a lead's vehicle from
 * car_id, and every extra field repeats hundreds of times on a big tenant's page.
 */
export function encodeCarChoices(cars: readonly Car[], site?: Pick<Site, 'timezone' | 'locations'>): string {
  return JSON.stringify(
    cars.map((car) => {
      const lead = leadCar(car, site);
      const choice: LeadCar = { id: lead.id, slug: lead.slug, name: lead.name };
      if (lead.status) choice.status = lead.status;
      if (lead.car_type) choice.car_type = lead.car_type;
      if (lead.tag) choice.tag = lead.tag;
      if (typeof lead.price === 'number' && lead.price > 0) choice.price = lead.price;
      const headline = saleHeadline(car);
      if (headline?.amount) choice.headline_price = { amount: headline.amount, text: headline.text, label: headline.label };
      if (lead.dealership_slug) choice.dealership_slug = lead.dealership_slug;
      if (lead.vehicle_kind) choice.vehicle_kind = lead.vehicle_kind;
      const distribution = lead.location?.distribution_locations?.filter((entry) => entry.name || entry.slug) ?? [];
      if (distribution.length > 0) choice.location = { distribution_locations: distribution };
      if (lead.time_zone) choice.time_zone = lead.time_zone;
      return choice;
    }),
  );
}

/** Read encodeCarChoices() output back; anything malformed is dropped. */
export function decodeCarChoices(text: string | undefined): LeadCar[] {
  if (!text) return [];
  try {
    const list = JSON.parse(text) as unknown;
    if (!Array.isArray(list)) return [];
    return list.filter((item): item is LeadCar => !!item && typeof item === 'object' && (typeof item.id === 'string' || typeof item.id === 'number') && typeof item.slug === 'string');
  } catch {
    return [];
  }
}

/** One car from a button's data attribute (JSON of a LeadCar), or null when it is malformed. */
export function decodeLeadCar(text: string | undefined): LeadCar | null {
  if (!text) return null;
  try {
    const item = JSON.parse(text) as unknown;
    if (!item || typeof item !== 'object' || Array.isArray(item)) return null;
    const car = item as LeadCar;
    return (typeof car.id === 'string' || typeof car.id === 'number') && String(car.id) !== '' && typeof car.slug === 'string' ? car : null;
  } catch {
    return null;
  }
}
