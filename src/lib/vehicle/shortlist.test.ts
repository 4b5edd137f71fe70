import { describe, expect, it } from 'vitest';
import { makeCar } from '../../../tests/fixtures/make-car.ts';
import { makeSite } from '../../../tests/fixtures/make-site.ts';
import { priceOptions } from './price.ts';
import { COMPARE_PATH, parseShortlistCars, SAVED_CARS_PATH, shortlistCars, shortlistPages, shortlistTitles, carPath } from './shortlist.ts';

describe('shortlist pages', () => {
  it('exist only where their feature is on (both are on by default)', () => {
    expect(shortlistPages(makeSite().features)).toEqual({ saved: SAVED_CARS_PATH, compare: COMPARE_PATH });
    expect(shortlistPages(makeSite({ features: { favourites: false } }).features)).toEqual({ saved: null, compare: COMPARE_PATH });
    expect(shortlistPages(makeSite({ features: { compare: false } }).features)).toEqual({ saved: SAVED_CARS_PATH, compare: null });
  });

  it('are titled in what the site sells', () => {
    expect(shortlistTitles(makeSite())).toEqual({ saved: 'Saved Cars', compare: 'Compare Cars' });
    expect(shortlistTitles(makeSite({ template: 'caravan' }))).toEqual({ saved: 'Saved Caravans', compare: 'Compare Caravans' });
    expect(shortlistTitles(makeSite({ vehicle_kinds: ['motorcycle', 'truck'] })).saved).toBe('Saved Bikes & Trucks');
  });
});

describe('the shortlist file', () => {
  const site = makeSite();

  it("holds each visible car's card price and facts as text", () => {
    const car = makeCar({
      id: 7,
      slug: 'corolla-7',
      year: 2021,
      make: 'Toyota',
      model: 'Corolla',
      price: 28990,
      km: 45210,
      simple_transmission: 'Automatic',
      simple_fuel: 'Petrol',
      simple_body: 'Hatch',
    });
    const [entry] = shortlistCars([car], priceOptions(site));
    expect(entry).toMatchObject({
      id: '7',
      slug: 'corolla-7',
      name: car.name,
      available: true,
      year: '2021',
      odometer: '45,210 km',
      transmission: 'Automatic',
      fuel: 'Petrol',
      body: 'Hatch',
    });
    expect(entry!.price).toMatch(/^\$28,990/);
    // A car without a photo shows its body's drawing, as its card does.
    expect(entry!.image).toBe('/media/placeholders/hatch.webp');
  });

  it("carries each car's card photo as its URL, as the search index does: the pages make its widths (a file of one URL a car)", () => {
    const photo = '/media/photos/0123456789abcdef01234567-a1b2c3.jpg';
    const remote = 'https://dealer.example.com/1.jpg';
    const cars = [makeCar({ id: 1, primary_image_url: photo }), makeCar({ id: 2, primary_image_url: remote })];
    expect(shortlistCars(cars, priceOptions(site)).map((entry) => entry.image)).toEqual([photo, remote]);
  });

  it('gives a sold car the sold tag instead of a price, and leaves out facts the feed lacks', () => {
    const [entry] = shortlistCars([makeCar({ status: 'sold', price: 19990 })], priceOptions(site));
    expect(entry).toMatchObject({ available: false, price: 'JUST SOLD', year: null, odometer: null, transmission: null, fuel: null, body: null });
  });

  it('is read defensively', () => {
    const good = {
      id: '1',
      slug: 'a',
      name: 'A car',
      image: '/a.webp',
      available: true,
      price: '$1,000',
      year: '2020',
      odometer: null,
      transmission: 'Manual',
      fuel: null,
      body: null,
    };
    const text = JSON.stringify([good, { id: '2', slug: 'b' }, 'x', null, { ...good, id: 3, slug: 'c' }, { ...good, id: '4', available: 'yes', price: 5 }]);
    const parsed = parseShortlistCars(text);
    expect(parsed.map((car) => car.id)).toEqual(['1', '4']);
    expect(parsed[0]).toEqual(good);
    // Anything but true is not for sale; a sold car's price is the sold tag.
    expect(parsed[1]).toMatchObject({ available: false, price: 'JUST SOLD' });
    expect(parseShortlistCars('{not json')).toEqual([]);
    expect(parseShortlistCars('{}')).toEqual([]);
  });

  it("links a car's page by its slug as one path segment", () => {
    expect(carPath('corolla-7')).toBe('/cars/corolla-7');
    expect(carPath('../../x?y#z')).toBe('/cars/..%2F..%2Fx%3Fy%23z');
  });
});
