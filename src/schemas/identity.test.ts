import { describe, expect, it } from 'vitest';
import { carDisplayName, normaliseCar, primaryPhoto } from './identity.ts';
import { placeholderImage, primaryImage } from '../lib/images.ts';

// Issue 12 item 3: the one owner of the display name and the primary image.
describe('carDisplayName (spec §3 Car "name")', () => {
  it.each<[string, Parameters<typeof carDisplayName>[0], string]>([
    ['the feed name, trimmed', { id: 1, name: '  2021 Kia Rio  ', year: 2020, make: 'Mazda' }, '2021 Kia Rio'],
    ['no name: year make model badge', { id: 1, name: null, year: 2021, make: 'Kia', model: 'Rio', badge: 'S' }, '2021 Kia Rio S'],
    ['blank name, missing parts left out', { id: 1, name: '  ', year: 2021, make: 'Kia', model: null, badge: '' }, '2021 Kia'],
    ['nothing to name it by: the stock number', { id: 7, stocknum: 'A12' }, 'Stock A12'],
    ['nothing to name it by: the id', { id: 'x9' }, 'Stock x9'],
  ])('%s', (_name, car, expected) => {
    expect(carDisplayName(car)).toBe(expected);
  });
});

describe('primaryPhoto and primaryImage', () => {
  it.each<[string, Parameters<typeof primaryPhoto>[0], string | null]>([
    ['the first feed image', { images: [{ image: '/a.webp' }, { image: '/b.webp' }], primary_image_url: '/p.webp' }, '/a.webp'],
    ['no images: the primary image url', { images: [], primary_image_url: '/p.webp' }, '/p.webp'],
    ['a blank primary image url is none', { images: null, primary_image_url: '  ' }, null],
    ['no photo at all', {}, null],
  ])('%s', (_name, car, expected) => {
    expect(primaryPhoto(car)).toBe(expected);
  });

  it('a car without a photo shows the placeholder drawn for its body', () => {
    expect(primaryImage({ primary_image_url: null, simple_body: 'Ute' })).toBe(placeholderImage('Ute'));
    expect(primaryImage({ primary_image_url: '/a.webp', simple_body: 'Ute' })).toBe('/a.webp');
  });
});

describe('normaliseCar', () => {
  it('sets the display name and the primary photo and keeps every other field', () => {
    const car = normaliseCar({ id: 3, slug: 'c', status: 'in_stock', car_type: 'new', make: 'Kia', images: [{ image: '/a.webp' }], extra: 1 });
    expect(car).toEqual({ id: 3, slug: 'c', status: 'in_stock', car_type: 'new', make: 'Kia', images: [{ image: '/a.webp' }], extra: 1, name: 'Kia', primary_image_url: '/a.webp' });
  });
});
