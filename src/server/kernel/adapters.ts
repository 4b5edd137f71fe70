/**
 * Third-party services behind small adapters (DESIGN §6): the kernel's own (SMS, e-mail),
 * the provider call every adapter shares, the location helpers the features' local
 * defaults use, and the appointments adapter's interface (two features use it). Each feature declares its own adapters beside it (features/<name>/adapters.ts);
 * src/server/adapters.ts composes them all. An HTTP adapter calls a real provider by URL and
 * key (`POST <url>/<operation>`, JSON body, `Authorization: Bearer <key>`) and gets the local
 * default's JSON shape back (a thin proxy maps a vendor's API onto it).
 */
import type { ProviderConfig, ProviderEndpoint } from '../../config/server-settings.ts';
import { lookupPostcode } from '../../lib/locations/postcodes.ts';
import { carStandingLocation } from '../../lib/locations/locations.ts';
import type { Car } from '../../schemas/car.ts';
import type { MessageLog } from '../ops/messages.ts';
import type { ApiTenant } from './tenants.ts';

export interface SmsAdapter {
  /** Send a text message to an Australian mobile. */
  send(message: { tenant: string; to: string; from: string; body: string }): Promise<void>;
}

/** A file sent with an e-mail (a lead's ADF or JSON for a CRM that reads e-mail). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface MailAdapter {
  /** Send an e-mail (lead delivery by e-mail): a body of `contentType`, and its attachments. */
  send(message: { tenant: string; to: string[]; subject: string; body: string; contentType: string; attachments?: MailAttachment[] }): Promise<void>;
}

/** An e-mail as the message log keeps it: the body, then each attachment under a line naming it. */
function loggedMail(body: string, attachments: readonly MailAttachment[] = []): string {
  return [body, ...attachments.map((file) => `--- attached: ${file.filename} (${file.contentType}) ---\n${file.content}`)].join('\n\n');
}

/** One bookable test-drive slot. */
export interface Slot {
  /** The dealer's wall-clock ISO date-time with its offset (dealerIso): what the form posts, /success repeats and the dealer reads. */
  start: string;
  /** Wall-clock label, e.g. '9:00am'. */
  label: string;
}

/**
 * The time a test drive holds its car (epoch ms), from its start to its end: a booking of the car
 * clashes with another whose time overlaps it (one ending as the other starts does not) or that
 * starts at the same moment.
 */
export interface DriveTime {
  startsAt: number;
  endsAt: number;
}

/**
 * Test-drive appointments, a provider or the local slot grid (features/cars/adapters.ts builds
 * it): the cars feature lists the slots, the leads feature books the time a lead's drive holds.
 */
export interface AppointmentsAdapter {
  /** The slots of `days` days from tomorrow, less those a booked drive overlaps. */
  availability(tenant: ApiTenant, car: Car, days: number, now: number): Promise<{ timezone: string; days: { date: string; slots: Slot[] }[] }>;
  /** The time a test drive of the car starting at `startsAt` holds it, booked or not (the lead's write answers a clash); undefined when the time cannot be booked. */
  driveTime(tenant: ApiTenant, car: Car, startsAt: number, now: number): Promise<DriveTime | undefined>;
  /**
   * The time a test drive of the car starting at `startsAt` holds it when driveTime failed (a
   * provider that cannot be asked): its start alone, when the car's location is open then on a
   * date a drive may be booked (the local grid's dates and hours, any start from opening until
   * closing); undefined for any other time. An outage loses no lead with a possible time.
   */
  unaskedTime(tenant: ApiTenant, car: Car, startsAt: number, now: number): DriveTime | undefined;
  /**
   * The time zone a test-drive time of the car sent without a zone (the form's free date-time box)
   * is read in: the zone this adapter reads the location's hours in when it checks such a time (a
   * provider's, checked by unaskedTime while it cannot be asked: the location's own; the local
   * grid's: the site's).
   */
  typedTimeZone(tenant: ApiTenant, car: Car): string;
  /**
   * How long (ms from its start) a booking stored without its end holds the car: one booked
   * before migration 310, or by an older API process during a rolling restart, which stored this
   * adapter's booking as its start alone. It holds what such a booking held then: a local grid
   * slot its hour, a provider's slot (or a time taken while the provider failed) its start alone.
   */
  readonly unendedMs: number;
}

/** The adapters the kernel itself uses (lead delivery, sign-in codes, texts). */
export interface KernelAdapters {
  sms: SmsAdapter;
  mail: MailAdapter;
}

export type { ProviderConfig, ProviderEndpoint } from '../../config/server-settings.ts';

/** POST JSON to a provider with a timeout; throws on non-2xx. */
export async function callProvider<T>(endpoint: ProviderEndpoint, operation: string, body: unknown, timeoutMs = 8000): Promise<T> {
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
  return carStandingLocation(tenant.site.locations, car);
}

/** Latitude/longitude of a location: its own, else its postcode's. */
export function locationPoint(location: ReturnType<typeof carLocation>): { lat: number; lng: number } | undefined {
  if (!location) return undefined;
  if (typeof location.address.lat === 'number' && typeof location.address.long === 'number') return { lat: location.address.lat, lng: location.address.long };
  const place = location.address.postcode ? lookupPostcode(location.address.postcode) : undefined;
  return place ? { lat: place.lat, lng: place.lng } : undefined;
}

/** The kernel's adapters: HTTP where a provider is configured, else recorded in the message log. */
export function createKernelAdapters(messages: MessageLog, providers: ProviderConfig = {}, now: () => number = Date.now): KernelAdapters {
  return {
    sms: providers.sms
      ? { send: async (message) => void (await callProvider(providers.sms!, 'sms', { to: message.to, from: message.from, body: message.body })) }
      : { send: async (message) => messages.record({ tenant: message.tenant, channel: 'sms', recipient: message.to, subject: message.from, body: message.body, now: now() }) },
    mail: providers.mail
      ? { send: async (message) => void (await callProvider(providers.mail!, 'mail', message)) }
      : {
          send: async (message) =>
            messages.record({
              tenant: message.tenant,
              channel: 'email',
              recipient: message.to.join(', '),
              subject: message.subject,
              body: loggedMail(message.body, message.attachments),
              now: now(),
            }),
        },
  };
}
