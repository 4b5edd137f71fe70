import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema } from '../../schemas/car.ts';
import { SiteSchema } from '../../schemas/site.ts';
import { consentText, dealershipForLocation, decodeLeadCar, formSiteConfig, leadCar, locationsFor, modalFormConfig, preselectedLocation } from './form-config.ts';

const location = (slug: string, type: string, dealership?: string) => ({
  id: slug,
  name: slug.toUpperCase(),
  slug,
  location_type: type,
  dealership_slug: dealership,
  address: { street: '1 A St', city: 'Brisbane', state: 'QLD' },
});

const site = v.parse(SiteSchema, {
  slug: 'acme',
  template: 'used-group',
  name: 'Acme Cars',
  url: 'https://acme.example.com.au',
  phone: '+61 7 3000 1234',
  locations: [location('north', 'sales', 'acme-north'), location('workshop', 'service', 'acme-service')],
  features: { terms_required: true, copy_location_dealership: true },
  finance: { presets: [300000, 800000] },
});

describe('form config', () => {
  it('takes the form settings from the site', () => {
    const config = formSiteConfig(site);
    expect(config).toMatchObject({ apiBase: '/api', brand: 'Acme Cars', smsSender: 'Acme Cars', termsRequired: true, commentsRequired: true, copyLocationDealership: true, defaultState: 'qld', moneyPresets: [300000, 800000], reserveDeposit: 200 });
    expect(config.locations.map((entry) => entry.slug)).toEqual(['north', 'workshop']);
    expect(locationsFor(config, 'service').map((entry) => entry.slug)).toEqual(['workshop']);
    expect(locationsFor(config, 'sales')).toHaveLength(2);
  });

  it('preselects a single location and copies its dealership where the site says so', () => {
    const config = formSiteConfig(site);
    expect(preselectedLocation(locationsFor(config, 'service'))).toBe('workshop');
    expect(preselectedLocation(config.locations)).toBe('');
    expect(dealershipForLocation(config.locations, 'north', true)).toBe('acme-north');
    expect(dealershipForLocation(config.locations, 'north', false)).toBeUndefined();
  });

  it('builds the lead car and the consent text', () => {
    const car = v.parse(CarSchema, { id: 3, slug: 'c-3', year: 2020, make: 'Mazda', model: 'CX-5', status: 'in_stock', car_type: 'used', location: { name: 'North', distribution_locations: [{ name: 'Gold Coast' }] } });
    expect(leadCar(car)).toMatchObject({ id: 3, name: '2020 Mazda CX-5', car_type: 'used', location: { distribution_locations: [{ name: 'Gold Coast', slug: null }] } });
    // The vehicle's kind where it is not a car, so a form names it as the page does ('We hold the bike ...').
    expect(leadCar(car).vehicle_kind).toBeUndefined();
    expect(leadCar(v.parse(CarSchema, { id: 4, slug: 'm-4', status: 'in_stock', car_type: 'used', item_type: 'motorcycle' })).vehicle_kind).toBe('motorcycle');
    expect(consentText('Acme Cars')).toBe('By submitting this enquiry, I agree to the Acme Cars Privacy Policy.');
  });
});

describe('car choices', () => {
  it('round-trips what a choice needs (id, slug, name, status, type, price, headline price, dealership, delivery locations), without the rest', async () => {
    const { encodeCarChoices, decodeCarChoices } = await import('./form-config.ts');
    const cars = [
      v.parse(CarSchema, { id: 1, slug: 'a-1', name: 'Car A', make: 'Kia', status: 'in_stock', car_type: 'new', year: 2024, primary_image_url: 'https://x/y.jpg', dealership_slug: 'north', location: { name: 'North', distribution_locations: [{ name: 'Coast' }] } }),
      v.parse(CarSchema, { id: 'b2', slug: 'b-2', status: 'in_stock', car_type: 'used', price: 9990, location: { name: 'South' } }),
    ];
    const decoded = decodeCarChoices(encodeCarChoices(cars));
    expect(decoded[0]).toEqual({ id: 1, slug: 'a-1', name: 'Car A', status: 'in_stock', car_type: 'new', dealership_slug: 'north', location: { distribution_locations: [{ name: 'Coast', slug: null }] } });
    expect(decoded[1]).toEqual({ id: 'b2', slug: 'b-2', name: 'Stock b2', status: 'in_stock', car_type: 'used', price: 9990, headline_price: { amount: 9990, text: '$9,990', label: null } }); // the display name the schema sets (issue 12 item 3)
    expect(decodeCarChoices('not json')).toEqual([]);
    expect(decodeCarChoices('[{"id":{}}]')).toEqual([]);
  });

  it("carry the price the car's page shows first: the drive-away total with its label, not the excl. government charges price", async () => {
    const { encodeCarChoices, decodeCarChoices } = await import('./form-config.ts');
    const cars = [
      v.parse(CarSchema, { id: 3, slug: 'c-3', name: 'Car C', status: 'in_stock', car_type: 'new', price: 40000, price_type: 'Excl. Govt. Charges', drive_away_price: 44500 }),
      v.parse(CarSchema, { id: 4, slug: 'd-4', name: 'Car D', status: 'in_stock', car_type: 'used', price: 5 }),
    ];
    const [egc, none] = decodeCarChoices(encodeCarChoices(cars));
    expect(egc!.headline_price).toEqual({ amount: 44500, text: '$44,500', label: 'Drive Away' });
    expect(none!.headline_price).toBeUndefined();
  });

  it("carry the vehicle's kind where it is not a car (the journey's deposit step names it)", async () => {
    const { encodeCarChoices, decodeCarChoices } = await import('./form-config.ts');
    const cars = [
      v.parse(CarSchema, { id: 5, slug: 'e-5', status: 'in_stock', car_type: 'used', item_type: 'caravan' }),
      v.parse(CarSchema, { id: 6, slug: 'f-6', status: 'in_stock', car_type: 'used' }),
    ];
    expect(decodeCarChoices(encodeCarChoices(cars)).map((choice) => choice.vehicle_kind)).toEqual(['caravan', undefined]);
  });
});

describe('garage cars', () => {
  it('list every visible car with its name, formatted price (none at $10 or less) and primary image', async () => {
    const { garageCars } = await import('./form-config.ts');
    const cars = [
      v.parse(CarSchema, { id: 1, slug: 'a-1', name: 'Car A', status: 'in_stock', car_type: 'used', price: 26495, images: [{ image: 'https://x/a.jpg' }] }),
      v.parse(CarSchema, { id: 'b2', slug: 'b-2', status: 'sold', car_type: 'used', price: 1 }),
    ];
    expect(garageCars(cars)).toEqual([
      { id: '1', slug: 'a-1', name: 'Car A', price: '$26,495', image: 'https://x/a.jpg' },
      { id: 'b2', slug: 'b-2', name: 'Stock b2', price: null, image: null },
    ]);
  });

  it("show the price the car sells for as its pages lead with it: the drive-away total with its label, not the excl. government charges price", async () => {
    const { garageCars } = await import('./form-config.ts');
    const cars = [
      v.parse(CarSchema, { id: 3, slug: 'c-3', name: 'Car C', status: 'in_stock', car_type: 'new', price: 40000, price_type: 'Excl. Govt. Charges', drive_away_price: 44500 }),
      v.parse(CarSchema, { id: 4, slug: 'd-4', name: 'Car D', status: 'in_stock', car_type: 'used', price: 30000, offer_price: 2000, subscription_price: 189 }),
    ];
    expect(garageCars(cars).map((entry) => entry.price)).toEqual(['$44,500 Drive Away', '$28,000']);
  });

  it("give a site with an image CDN its photo through the CDN, not the dealer's original (site.json images.cdn_template)", async () => {
    const { garageCars } = await import('./form-config.ts');
    const car = v.parse(CarSchema, { id: 1, slug: 'a-1', name: 'Car A', status: 'in_stock', car_type: 'used', price: 26495, images: [{ image: 'https://x/a.jpg' }] });
    const [entry] = garageCars([car], { cdn: 'https://img.example.net/fetch/{url}?w={width}&q={quality}', quality: 80 });
    expect(entry!.image).toMatch(/^https:\/\/img\.example\.net\/fetch\/https%3A%2F%2Fx%2Fa\.jpg\?w=\d+&q=80$/);
  });
});

describe('lead modals', () => {
  it('keep the site settings but leave the location and dealership lists out of the props', () => {
    const config = modalFormConfig(site);
    expect(config).toMatchObject({ apiBase: '/api', brand: 'Acme Cars', termsRequired: true, commentsRequired: true, locations: [], dealerships: [] });
    expect(formSiteConfig(site).locations).toHaveLength(2);
  });

  it('read the car of a Quick Enquiry button, refusing malformed data', () => {
    expect(decodeLeadCar('{"id":"7","slug":"c-7","name":"Car 7","car_type":"used"}')).toEqual({ id: '7', slug: 'c-7', name: 'Car 7', car_type: 'used' });
    expect(decodeLeadCar('{"id":7,"slug":"c-7"}')).toEqual({ id: 7, slug: 'c-7' });
    for (const bad of [undefined, '', 'not json', '[]', 'null', '{"slug":"c-7"}', '{"id":"","slug":"c-7"}', '{"id":{},"slug":"c-7"}', '{"id":"7"}']) expect(decodeLeadCar(bad)).toBeNull();
  });
});
