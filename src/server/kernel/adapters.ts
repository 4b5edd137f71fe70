/**
 * Third-party services behind small adapters (DESIGN §6): SMS, e-mail, valuation,
 * finance quote, price comparison, delivery estimate and test-drive availability.
 * Each has a local default that works with no account, and an HTTP adapter for a real
 * provider configured by URL and key (`POST <url>/<operation>` with a JSON body and
 * `Authorization: Bearer <key>`, answering the same JSON shape as the local default; a
 * thin proxy maps a vendor's API onto it).
 */
import type { AdapterName, ProviderConfig, ProviderEndpoint } from '../../config/server-settings.ts';
import { lookupPostcode } from '../../lib/locations/postcodes.ts';
import type { Car } from '../../schemas/car.ts';
import type { FinanceQuoteRequest } from '../../schemas/api/cars.ts';
import { availableSlots, type Slot } from './estimates/appointments.ts';
import { estimateDelivery, type DeliveryEstimate } from './estimates/delivery.ts';
import { quoteFinance, type FinanceQuote } from './estimates/finance-quote.ts';
import { comparePrice, type PriceComparison } from './estimates/price-comparison.ts';
import { demoRegoLookup, estimateRetailPrice, tradeInOffer, type RegoVehicle } from './estimates/valuation.ts';
import type { LeadRepository } from '../leads/repository.ts';
import type { MessageLog } from '../ops/messages.ts';
import type { ApiTenant } from './tenants.ts';

export interface SmsAdapter {
  /** Send a text message to an Australian mobile. */
  send(message: { tenant: string; to: string; from: string; body: string }): Promise<void>;
}

export interface MailAdapter {
  /** Send an e-mail (lead delivery by e-mail). */
  send(message: { tenant: string; to: string[]; subject: string; body: string; contentType: string }): Promise<void>;
}

export interface ValuationAdapter {
  /** Vehicles registered under a plate: none, one, or candidates to choose from. */
  lookup(tenant: ApiTenant, rego: string, state: string): Promise<RegoVehicle[]>;
  /** A trade-in offer for a chosen vehicle at an odometer reading. */
  value(tenant: ApiTenant, vehicle: RegoVehicle, km: number): Promise<{ offerPrice: number; retailPrice: number; basis: string }>;
}

export interface FinanceQuoteAdapter {
  quote(tenant: ApiTenant, request: FinanceQuoteRequest): Promise<FinanceQuote>;
}

export interface PriceComparisonAdapter {
  /** Undefined when there is no market data for the car. */
  compare(tenant: ApiTenant, car: Car): Promise<PriceComparison | undefined>;
}

export interface DeliveryAdapter {
  /** Undefined when no estimate can be given for that postcode. */
  estimate(tenant: ApiTenant, car: Car | undefined, postcode: string): Promise<DeliveryEstimate | undefined>;
}

export interface AppointmentsAdapter {
  availability(tenant: ApiTenant, car: Car, days: number, now: number): Promise<{ timezone: string; days: { date: string; slots: Slot[] }[] }>;
}

/** Every adapter the API uses. */
/** Every adapter, one per provider name (ProviderConfig's keys). */
export interface Adapters extends Record<AdapterName, object> {
  sms: SmsAdapter;
  mail: MailAdapter;
  valuation: ValuationAdapter;
  financeQuote: FinanceQuoteAdapter;
  priceComparison: PriceComparisonAdapter;
  delivery: DeliveryAdapter;
  appointments: AppointmentsAdapter;
}

export type { ProviderConfig, ProviderEndpoint } from '../../config/server-settings.ts';

/** POST JSON to a provider with a timeout; throws on non-2xx. */
async function callProvider<T>(endpoint: ProviderEndpoint, operation: string, body: unknown, timeoutMs = 8000): Promise<T> {
  const response = await fetch(`${endpoint.url.replace(/\/$/, '')}/${operation}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(endpoint.key ? { authorization: `Bearer ${endpoint.key}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`provider ${operation} answered HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** The location a car stands at (by its location slug or id), else the site's primary or first location. */
export function carLocation(tenant: ApiTenant, car: Car | undefined) {
  const locations = tenant.site.locations;
  const key = car?.location?.slug ?? (car?.location?.id !== undefined && car?.location?.id !== null ? String(car.location.id) : undefined);
  return (
    (key ? locations.find((location) => location.slug === key || String(location.id) === key) : undefined) ??
    locations.find((location) => location.primary) ??
    locations[0]
  );
}

/** Latitude/longitude of a location: its own, else its postcode's. */
export function locationPoint(location: ReturnType<typeof carLocation>): { lat: number; lng: number } | undefined {
  if (!location) return undefined;
  if (typeof location.address.lat === 'number' && typeof location.address.long === 'number') return { lat: location.address.lat, lng: location.address.long };
  const place = location.address.postcode ? lookupPostcode(location.address.postcode) : undefined;
  return place ? { lat: place.lat, lng: place.lng } : undefined;
}

/** Build the adapters: HTTP where a provider is configured, local defaults elsewhere. */
export function createAdapters(stores: { messages: MessageLog; leads: LeadRepository }, providers: ProviderConfig = {}, now: () => number = Date.now): Adapters {
  const currentYear = () => new Date(now()).getUTCFullYear();
  return {
    sms: providers.sms
      ? { send: async (message) => void (await callProvider(providers.sms!, 'sms', { to: message.to, from: message.from, body: message.body })) }
      : { send: async (message) => stores.messages.record({ tenant: message.tenant, channel: 'sms', recipient: message.to, subject: message.from, body: message.body, now: now() }) },
    mail: providers.mail
      ? { send: async (message) => void (await callProvider(providers.mail!, 'mail', message)) }
      : {
          send: async (message) =>
            stores.messages.record({ tenant: message.tenant, channel: 'email', recipient: message.to.join(', '), subject: message.subject, body: message.body, now: now() }),
        },
    valuation: providers.valuation
      ? {
          lookup: (tenant, rego, state) => callProvider<RegoVehicle[]>(providers.valuation!, 'lookup', { site: tenant.slug, rego, state }),
          value: (tenant, vehicle, km) => callProvider(providers.valuation!, 'value', { site: tenant.slug, vehicle, km }),
        }
      : {
          lookup: async (tenant, rego, state) => demoRegoLookup(rego, state, tenant.cars, currentYear()),
          value: async (tenant, vehicle, km) => {
            const retail = estimateRetailPrice({ make: vehicle.Make, model: vehicle.Model, year: vehicle.Year, km }, tenant.cars, currentYear());
            return { offerPrice: tradeInOffer(retail.price), retailPrice: retail.price, basis: retail.basis };
          },
        },
    financeQuote: providers.financeQuote
      ? { quote: (tenant, request) => callProvider(providers.financeQuote!, 'quote', { site: tenant.slug, ...request }) }
      : {
          quote: async (_tenant, request) =>
            quoteFinance({ purchasePrice: request.purchasePrice, loanTerm: request.loanTerm, selfAssessedCreditScore: request.selfAssessedCreditScore, year: request.year, currentYear: currentYear() }),
        },
    priceComparison: providers.priceComparison
      ? { compare: (tenant, car) => callProvider(providers.priceComparison!, 'compare', { site: tenant.slug, car }) }
      : { compare: async (tenant, car) => comparePrice(car, tenant.cars) },
    delivery: providers.delivery
      ? { estimate: (tenant, car, postcode) => callProvider(providers.delivery!, 'estimate', { site: tenant.slug, car_id: car?.id, postcode }) }
      : {
          estimate: async (tenant, car, postcode) => {
            const place = lookupPostcode(postcode);
            const origin = locationPoint(carLocation(tenant, car));
            return place && origin ? estimateDelivery(origin, place) : undefined;
          },
        },
    appointments: providers.appointments
      ? { availability: (tenant, car, days) => callProvider(providers.appointments!, 'availability', { site: tenant.slug, car_id: car.id, days }) }
      : {
          availability: async (tenant, car, days, at) => {
            const location = carLocation(tenant, car);
            const timezone = tenant.site.timezone;
            const booked = await stores.leads.bookedSlots(tenant.slug, String(car.id), at, at + (days + 2) * 86_400_000);
            return { timezone, days: availableSlots({ now: at, days, timeZone: timezone, hours: location?.contact_detail?.opening_hours, booked }) };
          },
        },
  };
}
