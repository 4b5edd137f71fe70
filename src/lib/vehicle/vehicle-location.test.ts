import { describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/car.ts';
import type { Location } from '../../schemas/site.ts';
import { siteLocationFor, vehicleLocation } from './vehicle-location.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';

const yard = (id: number, slug: string, patch: Partial<Location> = {}): Location =>
  ({
    id,
    name: `Yard ${slug}`,
    slug,
    location_type: 'sales',
    location_subtype: [],
    primary: false,
    visible: true,
    manufacturers: [],
    address: { street: `${id} Main Rd`, city: 'Brisbane', state: 'QLD', postcode: '4000' },
    contact_detail: { phone: '+61 7 3000 000' + id, opening_hours: [], special_hours: [] },
    ...patch,
  }) as Location;
const car = makeCar({ id: 1, slug: 'c', status: 'in_stock', car_type: 'used' });
const site = { name: 'Dealer', phone: '+61 7 3999 0000', address: '9 Head Office St', features: { locations: true }, locations: [yard(1, 'north'), yard(2, 'south', { dealership_slug: 'south-motors', primary: true })] };

describe('siteLocationFor', () => {
  it.each<[string, Partial<Car>, string | null]>([
    ['by location id', { location: { id: 1 } }, 'north'],
    ['by location slug', { location: { slug: 'north' } }, 'north'],
    ['by dealership', { dealership_slug: 'south-motors' }, 'south'],
    ['primary sales yard otherwise', {}, 'south'],
  ])('%s', (_name, patch, expected) => {
    expect(siteLocationFor({ ...car, ...patch }, site.locations)?.slug ?? null).toBe(expected);
  });
  it('none when several yards and no primary', () => {
    expect(siteLocationFor(car, [yard(1, 'a'), yard(2, 'b')])).toBeNull();
  });
});

describe('vehicleLocation', () => {
  it('prefers the car record, then the site location, then the site', () => {
    expect(vehicleLocation({ ...car, city: 'Caboolture', location: { id: 1, phone: '+61 7 1111 2222' } }, site)).toEqual({
      name: 'Yard north',
      address: '1 Main Rd, Brisbane, QLD 4000',
      city: 'Caboolture',
      state: 'QLD',
      phone: '+61 7 1111 2222',
      directionsUrl: 'https://www.google.com/maps/dir/?api=1&destination=1%20Main%20Rd%2C%20Brisbane%2C%20QLD%204000',
      href: '/locations/north',
      dealerLicence: null,
    });
    const bare = vehicleLocation(car, { ...site, locations: [] });
    expect(bare).toMatchObject({ name: 'Dealer', address: '9 Head Office St', phone: '+61 7 3999 0000', city: null, href: null });
  });
  it('names the location without linking its page where the site builds no location pages (features.locations false)', () => {
    const shown = vehicleLocation({ ...car, location: { id: 1 } }, { ...site, features: { locations: false } });
    expect(shown).toMatchObject({ name: 'Yard north', address: '1 Main Rd, Brisbane, QLD 4000', href: null });
  });
  it('uses coordinates or the place URL for directions', () => {
    const withCoords = { ...site, locations: [yard(3, 'x', { primary: true, address: { street: '1 A St', city: 'Cairns', state: 'QLD', lat: -16.9, long: 145.7 } })] };
    expect(vehicleLocation(car, withCoords).directionsUrl).toBe('https://www.google.com/maps/dir/?api=1&destination=-16.9%2C145.7');
    const withPlace = { ...site, locations: [yard(4, 'y', { primary: true, address: { street: '1 A St', city: 'Cairns', state: 'QLD', place_url: 'https://maps.google.com/?cid=1' } })] };
    expect(vehicleLocation(car, withPlace).directionsUrl).toBe('https://maps.google.com/?cid=1');
  });
});
