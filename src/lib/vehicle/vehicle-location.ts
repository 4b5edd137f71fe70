/**
 * Where a car is (spec §2 location line, 'Located at {city}' bar, location footer with
 * #vehicle-map, Get Directions): the car's own location merged with the site's location record.
 */
import type { Car } from '../../schemas/car.ts';
import type { Location, Site } from '../../schemas/site.ts';
import { hasSpecValue } from './spec-rows.ts';
import { locationPageHref, type LocationsFeature } from '../locations/locations.ts';

/** The car's location as the page shows it. */
export interface VehicleLocation {
  name: string;
  /** One-line address, empty when unknown. */
  address: string;
  city: string | null;
  state: string | null;
  phone: string;
  /** Google Maps directions link (the location's place URL when it has one). */
  directionsUrl: string | null;
  /** Site page of the location, when the site builds one (locationPageHref). */
  href: string | null;
  dealerLicence: string | null;
}

function text(value: unknown): string | null {
  return hasSpecValue(value) ? String(value).trim() : null;
}

/** The site location record for a car: by location id or slug, else dealership, else the primary or only sales yard. */
export function siteLocationFor(car: Car, locations: readonly Location[]): Location | null {
  const visible = locations.filter((location) => location.visible !== false);
  const byId = car.location?.id !== undefined && car.location?.id !== null ? visible.find((location) => String(location.id) === String(car.location?.id)) : undefined;
  const bySlug = car.location?.slug ? visible.find((location) => location.slug === car.location?.slug) : undefined;
  // An empty location_type means sales (spec §3).
  const isSales = (location: Location) => !location.location_type || location.location_type === 'sales';
  const byDealership = car.dealership_slug ? visible.find((location) => location.dealership_slug === car.dealership_slug && isSales(location)) : undefined;
  const sales = visible.filter(isSales);
  return byId ?? bySlug ?? byDealership ?? sales.find((location) => location.primary) ?? (sales.length === 1 ? sales[0] : null);
}

/** Everything the page needs about where the car is. */
export function vehicleLocation(car: Car, site: Pick<Site, 'name' | 'phone' | 'address' | 'locations'> & LocationsFeature): VehicleLocation {
  const record = siteLocationFor(car, site.locations);
  const street = record ? [record.address.street, record.address.city, `${record.address.state}${record.address.postcode ? ` ${record.address.postcode}` : ''}`].join(', ') : null;
  const address = text(car.location?.address) ?? street ?? text(site.address) ?? '';
  const city = text(car.city) ?? record?.address.city ?? null;
  const state = text(car.state) ?? record?.address.state ?? null;
  const destination = record?.address.lat !== undefined && record?.address.long !== undefined ? `${record.address.lat},${record.address.long}` : address;
  const directionsUrl = text(record?.address.place_url) ?? (destination ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}` : null);
  return {
    name: text(car.location?.name) ?? record?.name ?? site.name,
    address,
    city,
    state,
    phone: text(car.location?.phone) ?? record?.contact_detail?.phone ?? site.phone,
    directionsUrl,
    href: (record && locationPageHref(site, record)) ?? null,
    dealerLicence: record?.dealer_license_number ?? null,
  };
}
