/**
 * Location rules (spec §2 "Locations", §3 Location / opening hours / special hours, §9):
 * list layout by count, opening status in the dealer's time zone, weekly hours, holiday
 * hours in 12-hour am/pm, the Sales / Service / Parts grouping, maps and directions, the
 * Email Us address and the dealer locator's distance order. Pure: no DOM, no Astro, no React.
 */
import type { Car } from '../../schemas/car.ts';
import type { Dealership, Location, OpeningHour, Site } from '../../schemas/site.ts';
import { minutesOfDay, WEEKDAYS } from '../../schemas/site/locations.ts';
import { sortByDistance, type LatLng } from './geo.ts';
import { calendarDay, dealerWallClock } from '../text/dealer-time.ts';
import { formatWeekdayDay } from '../text/format.ts';

/** Card image size of the spec (§9 "Location card image 534x356"). */
export const LOCATION_CARD_IMAGE = { width: 534, height: 356 } as const;
/** Static map zoom and type (§9 "Map zoom 10, roadmap"). */
export const MAP_ZOOM = 10;
/** The carousel switches to its wider width class above this many cards (§9). */
export const WIDE_CAROUSEL_ABOVE = 4;
/** The 'Swipe' hint shows on large screens when there are this many cards or fewer (§2). */
export const SWIPE_HINT_MAX = 3;

/** Weekday names, index 0 = Sunday (owned by the site.json schema, which names a day in its messages). */
export { WEEKDAYS };
/** Display order of the Opening Hours table: Monday to Sunday. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** How a list of locations is laid out. */
export type LocationListLayout =
  | { kind: 'none' }
  | { kind: 'hero-map' }
  | { kind: 'dealership-carousel'; wide: boolean }
  | { kind: 'grid'; columns: number }
  | { kind: 'location-carousel'; wide: true };

/** What a linker needs of a site to know whether it builds location pages. */
export type LocationsFeature = { features: Pick<Site['features'], 'locations'> };

const isVisible = (location: Pick<Location, 'visible'>) => location.visible !== false;

/** Locations that appear on the site: visible ones, the primary location first, otherwise in file order. */
export function visibleLocations(locations: readonly Location[]): Location[] {
  return locations.filter(isVisible).sort((a, b) => Number(b.primary) - Number(a.primary));
}

/**
 * The location a page speaks for when it names none (the contact, finance and sell-my-car pages'
 * contact card): the first visible location of the kind, the primary one first ('buying' is a
 * location_subtype; it falls back to sales); else the first visible location.
 */
export function mainLocation(locations: readonly Location[], kind: 'sales' | 'service' | 'buying'): Location | undefined {
  const visible = visibleLocations(locations);
  if (kind === 'buying') return visible.find((location) => location.location_subtype.includes('buying')) ?? mainLocation(locations, 'sales');
  return visible.find((location) => locationType(location) === kind) ?? visible[0];
}

/** The locations with a detail page (/locations/{slug}, /our-location/{slug}): the visible ones; none without the locations feature. */
export function locationPageLocations(site: LocationsFeature & Pick<Site, 'locations'>): Location[] {
  return site.features.locations ? visibleLocations(site.locations) : [];
}

/**
 * The address a location page's Email Us button and modal offer (spec §2): the location's
 * e-mail, else the site's; none, so no button, without one or when site.json
 * marketing.email_us is false.
 */
export function emailUsAddress(location: Location, site: Pick<Site, 'email'> & { marketing: Pick<Site['marketing'], 'email_us'> }): string | undefined {
  if (site.marketing.email_us === false) return undefined;
  return location.contact_detail.email ?? site.email;
}

/** Path of a location's detail page when the site builds it (as locationPageLocations); undefined otherwise. Every link to a location page asks here. */
export function locationPageHref(site: LocationsFeature, location: Pick<Location, 'slug' | 'visible'>): string | undefined {
  return site.features.locations && isVisible(location) ? `/locations/${location.slug}` : undefined;
}

/** Pages that list or show locations: the dealer locator and each location's page (also under its older path). */
const LOCATIONS_PATH = /^\/(?:dealer-locator\/?$|locations\/|our-location\/)/;

/** Menu links without those to the locator or a location page on a site without the locations feature (the locator only says to call there). */
export function withoutLocationLinks<T extends { href: string }>(site: LocationsFeature, links: readonly T[]): T[] {
  return site.features.locations ? [...links] : links.filter((link) => !LOCATIONS_PATH.test(link.href));
}

/** Distinct dealerships the locations belong to (by dealership_slug, else dealership_id). */
export function dealershipCount(locations: readonly Location[]): number {
  const keys = new Set(locations.map((location) => String(location.dealership_slug ?? location.dealership_id ?? '')).filter(Boolean));
  return keys.size;
}

/**
 * The list layout by count: 0 nothing, 1 a hero map, several dealerships a carousel,
 * several locations of one dealership a grid (columns by count), the wider carousel above 4.
 */
export function locationListLayout(locations: readonly Location[], dealerships: readonly Dealership[] = []): LocationListLayout {
  const count = locations.length;
  if (count === 0) return { kind: 'none' };
  if (count === 1) return { kind: 'hero-map' };
  const groups = Math.max(dealershipCount(locations), dealerships.length > 1 ? Math.min(dealerships.length, count) : 0);
  if (groups > 1) return { kind: 'dealership-carousel', wide: count > WIDE_CAROUSEL_ABOVE };
  if (count > WIDE_CAROUSEL_ABOVE) return { kind: 'location-carousel', wide: true };
  return { kind: 'grid', columns: gridColumns(count) };
}

/** Grid columns for a count of location cards: 2 -> 2, 3 -> 3, 4 -> 2 (two rows of two). */
export function gridColumns(count: number): number {
  if (count <= 1) return 1;
  if (count === 4) return 2;
  return Math.min(count, 3);
}

/** Whether the 'Swipe' hint shows (3 or fewer cards, large screens). */
export function showSwipeHint(cardCount: number): boolean {
  return cardCount > 0 && cardCount <= SWIPE_HINT_MAX;
}

/** The type of a location; empty means sales. */
export function locationType(location: Pick<Location, 'location_type'>): 'sales' | 'service' | 'parts' {
  return location.location_type === 'service' || location.location_type === 'parts' ? location.location_type : 'sales';
}

/** Label of a location type for the Sales / Service / Parts dropdown. */
export function locationTypeLabel(type: 'sales' | 'service' | 'parts'): string {
  return type === 'sales' ? 'Sales' : type === 'service' ? 'Service' : 'Parts';
}

function addressKey(location: Location): string {
  const { street, city, state } = location.address;
  return `${street}|${city}|${state}`.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Locations sharing this location's address (itself included), Sales first then Service then Parts. */
export function sameAddressLocations(location: Location, all: readonly Location[]): Location[] {
  const order = { sales: 0, service: 1, parts: 2 };
  return all
    .filter((other) => addressKey(other) === addressKey(location))
    .sort((a, b) => order[locationType(a)] - order[locationType(b)]);
}

/** One line of the address: '12 Smith St, Springwood QLD 4114'. */
export function addressLine(location: Location): string {
  const { street, city, state, postcode } = location.address;
  return `${street}, ${city} ${state}${postcode ? ` ${postcode}` : ''}`;
}

/** Google Maps directions link: the place URL when set, else the position, else the address text. */
export function directionsUrl(location: Location): string {
  const { place_url, lat, long } = location.address;
  if (place_url && /^https?:\/\//.test(place_url)) return place_url;
  const destination = lat !== undefined && long !== undefined ? `${lat},${long}` : addressLine(location);
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** Static map image URL when the location has a map key and a position; otherwise undefined (map-free card). */
export function staticMapUrl(location: Location, size: { width: number; height: number } = LOCATION_CARD_IMAGE): string | undefined {
  const { map_key, lat, long } = location.address;
  if (!map_key || lat === undefined || long === undefined) return undefined;
  const centre = `${lat},${long}`;
  // The Static Maps API serves at most 640x640; larger images are requested at half size and scale 2.
  const scale = size.width > 640 || size.height > 640 ? 2 : 1;
  const params = new URLSearchParams({
    center: centre,
    zoom: String(MAP_ZOOM),
    size: `${Math.round(size.width / scale)}x${Math.round(size.height / scale)}`,
    ...(scale === 2 ? { scale: '2' } : {}),
    maptype: 'roadmap',
    markers: centre,
    key: map_key,
  });
  return `https://maps.googleapis.com/maps/api/staticmap?${params.toString()}`;
}

/** Minutes since midnight -> '8:00am' / '5:30pm' / '12:00pm': the status line's and the test-drive slots' time. */
export function minutesText(total: number): string {
  const hours = Math.floor(total / 60);
  const suffix = hours < 12 ? 'am' : 'pm';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(total % 60).padStart(2, '0')}${suffix}`;
}

/** A site.json time (see minutesOfDay) -> '8:00am' / '5:30pm' / '12:00pm'; undefined for malformed input. */
export function formatHour12(time: string | undefined): string | undefined {
  const minutes = minutesOfDay(time);
  return minutes === undefined ? undefined : minutesText(minutes);
}

/** A range '8:00am - 5:30pm' from open/close; undefined when either is missing. */
export function hoursRange(open: string | undefined, close: string | undefined): string | undefined {
  const from = formatHour12(open);
  const to = formatHour12(close);
  return from && to ? `${from} - ${to}` : undefined;
}

/** The date, weekday and minutes since midnight of an instant in a time zone (the dealer's wall clock, src/lib/text/dealer-time.ts). */
export function zonedClock(now: number, timeZone: string): { date: string; weekday: number; minutes: number; seconds: number; day: number } {
  const wall = dealerWallClock(now, timeZone);
  const minutes = wall.hour * 60 + wall.minute;
  return { date: wall.date, weekday: wall.weekday, minutes, seconds: minutes * 60 + wall.second, day: wall.day };
}

/**
 * The IANA time zones kept in each state and territory (site.json `locations[].address.state`),
 * its capital's first: NSW's Broken Hill keeps South Australia's time and Lord Howe Island its
 * own, as do WA's Eucla and Queensland's Lindeman Islands (by name).
 */
const STATE_TIME_ZONES: Record<Location['address']['state'], readonly string[]> = {
  QLD: ['Australia/Brisbane', 'Australia/Lindeman'],
  NSW: ['Australia/Sydney', 'Australia/Broken_Hill', 'Australia/Lord_Howe'],
  VIC: ['Australia/Melbourne'],
  SA: ['Australia/Adelaide'],
  WA: ['Australia/Perth', 'Australia/Eucla'],
  TAS: ['Australia/Hobart'],
  ACT: ['Australia/Sydney', 'Australia/Canberra'],
  NT: ['Australia/Darwin'],
};

/**
 * A location's own time zone: the site's (`siteZone`, site.json `timezone`) when the location's
 * state keeps that zone or no state is given, else its state's capital's (a Sydney-zoned site's
 * Perth location: 'Australia/Perth'). The site's pages still read every location in the site's
 * zone (docs/architecture.md "One owner per concept"); only the test-drive time taken while the
 * appointments provider cannot be asked, typed or not, and the hours it is checked against read
 * the location's (testDriveTimeZone; docs/lead-api.md).
 */
export function locationTimeZone(location: { address?: Pick<Location['address'], 'state'> } | undefined, siteZone: string): string {
  const zones = location?.address ? STATE_TIME_ZONES[location.address.state] : undefined;
  return !zones || zones.includes(siteZone) ? siteZone : zones[0];
}

/** A car as far as where it stands goes: its location's slug or id (the feed's). */
interface StandingCar {
  location?: { slug?: string | null; id?: string | number | null } | null;
}

/** The location `car` stands at (its location's slug or id), else the site's primary or first location. */
export function carStandingLocation<L extends Pick<Location, 'slug' | 'id' | 'primary'>>(locations: readonly L[], car: StandingCar | undefined): L | undefined {
  const key = car?.location?.slug ?? (car?.location?.id !== undefined && car?.location?.id !== null ? String(car.location.id) : undefined);
  return (
    (key ? locations.find((location) => location.slug === key || String(location.id) === key) : undefined) ??
    locations.find((location) => location.primary) ??
    locations[0]
  );
}

/**
 * The time zone of the location `car` stands at (locationTimeZone): the clock the lead API reads a
 * test-drive time typed without a zone on while it runs an appointments provider (its provider
 * adapter's typedTimeZone; the local grid reads the site's). The form's car carries it (LeadCar
 * `time_zone`) for the days its free box offers when the availability call fails (those bookable
 * on both this clock and the site's: typedTestDriveDates); the typed time itself is then sent as
 * typed, for the lead API to read.
 */
export function testDriveTimeZone(site: Pick<Site, 'timezone' | 'locations'>, car: StandingCar | undefined): string {
  return locationTimeZone(carStandingLocation(site.locations, car), site.timezone);
}

/** One row of the Opening Hours table. */
export interface HoursRow {
  weekday: number;
  day: string;
  /** '8:00am - 5:30pm' (from open and close, which an Open row has), 'Closed' or 'Enquire Now'. */
  text: string;
  closed: boolean;
  /** For service locations with external booking: closed days offer 'Enquire Now'. */
  enquire: boolean;
}

/** Opening Hours Monday to Sunday; missing days are Closed. `enquireWhenClosed` turns Closed into 'Enquire Now'. */
export function weeklyHours(hours: readonly OpeningHour[], enquireWhenClosed = false): HoursRow[] {
  return WEEK_ORDER.map((weekday) => {
    const row = hours.find((hour) => hour.weekday === weekday);
    const closed = !row || row.status === 'Closed';
    const text = closed ? (enquireWhenClosed ? 'Enquire Now' : 'Closed') : (hoursRange(row.open, row.close) ?? 'Open');
    return { weekday, day: WEEKDAYS[weekday], text, closed, enquire: closed && enquireWhenClosed };
  });
}

/** The opening status now: open or closed, with a label for screen and card. */
export interface OpeningStatus {
  open: boolean;
  label: string;
  /** Special hours apply today. */
  special: boolean;
}

/** A location's weekly and holiday hours (site.json `contact_detail`). */
export type LocationHours = { opening_hours: readonly OpeningHour[]; special_hours: readonly Location['contact_detail']['special_hours'][number][] };

/** A location's hours on one day: open and close in minutes since midnight (none on a closed day); `special` when a holiday entry decided them. */
export interface DayHours {
  special: boolean;
  hours?: { open: number; close: number };
}

/**
 * A location's hours on one of the dealer's dates ('2026-12-25'): its holiday entry
 * (special_hours) for that date first, else its weekly row for the date's weekday; a day
 * without an Open row is closed. The one owner of "a location's hours on a day": the opening
 * status and the test-drive slots read it.
 */
export function hoursOnDate(location: LocationHours, date: string): DayHours {
  const special = location.special_hours.find((entry) => entry.date === date);
  const weekday = new Date(calendarDay(date)).getUTCDay();
  const row = special ? { status: special.status, open: special.start_hour, close: special.end_hour } : location.opening_hours.find((hour) => hour.weekday === weekday);
  const open = row?.status === 'Open' ? minutesOfDay(row.open) : undefined;
  const close = row?.status === 'Open' ? minutesOfDay(row.close) : undefined;
  return open !== undefined && close !== undefined ? { special: Boolean(special), hours: { open, close } } : { special: Boolean(special) };
}

/** Opening status at `now`, in the dealer's time zone; special hours for today win over the weekly row (hoursOnDate). */
export function openingStatus(location: Location, now: number, timeZone: string): OpeningStatus {
  const clock = zonedClock(now, timeZone);
  const { special, hours } = hoursOnDate(location.contact_detail, clock.date);
  if (hours && clock.minutes >= hours.open && clock.minutes < hours.close) {
    return { open: true, label: `Open now · closes ${minutesText(hours.close)}`, special };
  }
  if (hours && clock.minutes < hours.open) {
    return { open: false, label: `Closed now · opens ${minutesText(hours.open)}`, special };
  }
  return { open: false, label: 'Closed now', special };
}

/** One entry of the holiday-hours dialog. */
export interface HolidayRow {
  date: string;
  /** 'Today' for the dealer's current date, else e.g. 'Friday 25 December'. */
  label: string;
  name?: string;
  /** '9:00am - 1:00pm' or 'Closed'. */
  hours: string;
}

/** Special hours from today on (in the dealer's time zone), date order, for the holiday-hours dialog. */
export function holidayHours(location: Location, now: number, timeZone: string): HolidayRow[] {
  const today = zonedClock(now, timeZone).date;
  return location.contact_detail.special_hours
    .filter((entry) => entry.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((entry) => {
      const label = entry.date === today ? 'Today' : formatWeekdayDay(calendarDay(entry.date));
      const hours = entry.status === 'Open' ? (hoursRange(entry.start_hour, entry.end_hour) ?? 'Open') : 'Closed';
      return { date: entry.date, label, ...(entry.name ? { name: entry.name } : {}), hours };
    });
}

/** Position of a location, when its address has one. */
export function locationPosition(location: Location): LatLng | undefined {
  const { lat, long } = location.address;
  return lat !== undefined && long !== undefined ? { lat, lng: long } : undefined;
}

/** Dealer locator order: nearest first from `origin` (haversine, 6371 km); locations without a position last. */
export function locationsByDistance(origin: LatLng, locations: readonly Location[]): { location: Location; km: number | undefined }[] {
  return sortByDistance(origin, locations, locationPosition).map(({ item, km }) => ({ location: item, km }));
}

/** Distance for display: '12.3 km' under 100 km, whole km above. */
export function formatDistance(km: number): string {
  return km < 100 ? `${km.toFixed(1)} km` : `${Math.round(km).toLocaleString('en-AU')} km`;
}

/**
 * The dealerships a lead may name as its dealership_slug: site.json's, every location's (shown or not)
 * and every car's. The lead API refuses any other (src/server/kernel/tenants.ts); the finance form is
 * given the same list, so a link's dealership known only from a car is kept when the car list fails to load.
 */
export function leadDealershipSlugs(site: Pick<Site, 'dealerships' | 'locations'>, cars: readonly Pick<Car, 'dealership_slug'>[]): Set<string> {
  const slugs = new Set<string>(site.dealerships.map((dealership) => dealership.slug));
  for (const location of site.locations) if (location.dealership_slug) slugs.add(location.dealership_slug);
  for (const car of cars) if (car.dealership_slug) slugs.add(car.dealership_slug);
  return slugs;
}
