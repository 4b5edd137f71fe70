/** The Car record schema's field rules and their messages (src/schemas/car.ts). */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CarRecordSchema, CarSchema, carReadingFor } from './car.ts';

const base = { id: 1, slug: 'a-car', status: 'in_stock', car_type: 'used' };

/** Each issue of a record as `field: message`. */
function issuesOf(fields: Record<string, unknown>): string[] {
  const result = v.safeParse(CarRecordSchema, { ...base, ...fields });
  return result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`);
}

describe('number fields', () => {
  it('take a number or a numeric text', () => {
    const result = v.parse(CarRecordSchema, { ...base, price: ' 12990 ', km: 35120, year: '2021' });
    expect([result.price, result.km, result.year]).toEqual([12990, 35120, 2021]);
  });

  it.each([
    ['price', 'abc', 'price: expected a number or a numeric text, received "abc"'],
    ['year', '20x1', 'year: expected a number or a numeric text, received "20x1"'],
    ['km', true, 'km: expected a number or a numeric text, received true'],
    ['variant', { cylinders: '4 cyl' }, 'variant.cylinders: expected a number or a numeric text, received "4 cyl"'],
  ])('word a %s of %j as what they take and what they got', (field, value, message) => {
    expect(issuesOf({ [field]: value })).toEqual([message]);
  });
});

describe('photo URLs', () => {
  const read = (fields: Record<string, unknown>) => v.parse(carReadingFor(), { ...base, ...fields });
  const refusal = (url: string) => `expected a photo URL (http(s), or a site path starting with /), received ${JSON.stringify(url)}`;

  it('keeps http(s) URLs and site paths as they are, and drops nothing', () => {
    const images = [{ image: 'https://photos.example/a.jpg', thumb: 'HTTP://photos.example/a-t.jpg' }, { image: '/media/vehicles/b.webp' }];
    const { car, dropped } = read({
      images,
      primary_image_url: 'https://photos.example/p.jpg',
      spin_images: ['/spin/1.jpg'],
      spin_interior_image: 'https://photos.example/i.jpg',
    });
    expect(dropped).toEqual([]);
    expect(car.images).toEqual(images);
    expect([car.primary_image_url, car.spin_images, car.spin_interior_image]).toEqual([
      'https://photos.example/a.jpg',
      ['/spin/1.jpg'],
      'https://photos.example/i.jpg',
    ]);
  });

  it.each([
    'ftp://photos.example/a.jpg',
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:image/png;base64,AAAA',
    '///evil.example/a.jpg',
    '//\\evil.example/a.jpg',
    '/\\evil.example/a.jpg',
    'photos/a.jpg',
  ])('drops the gallery photo %j, keeps the others and says which field went', (url) => {
    const { car, dropped } = read({ images: [{ image: url, thumb: 'https://photos.example/t.jpg' }, { image: 'https://photos.example/b.jpg' }] });
    expect(car.images).toEqual([{ image: 'https://photos.example/b.jpg' }]);
    expect(car.primary_image_url).toBe('https://photos.example/b.jpg');
    expect(dropped).toEqual([{ field: 'images.0.image', message: refusal(url) }]);
  });

  it('reads a protocol-relative photo (//cdn...) as https and keeps it in every photo field, dropping nothing', () => {
    const { car, dropped } = read({
      images: [{ image: '//cdn.example/a.jpg', thumb: ' //cdn.example/a-t.jpg' }],
      thumbnails: ['//cdn.example/t1.jpg'],
      primary_image_url: '//cdn.example/p.jpg',
      spin_images: ['//spin.example/1.jpg'],
      spin_interior_image: '//spin.example/i.jpg',
    });
    expect(dropped).toEqual([]);
    expect(car).toMatchObject({
      images: [{ image: 'https://cdn.example/a.jpg', thumb: 'https://cdn.example/a-t.jpg' }],
      thumbnails: ['https://cdn.example/t1.jpg'],
      spin_images: ['https://spin.example/1.jpg'],
      spin_interior_image: 'https://spin.example/i.jpg',
    });
    expect(read({ primary_image_url: '//cdn.example/p.jpg' })).toMatchObject({ car: { primary_image_url: 'https://cdn.example/p.jpg' }, dropped: [] });
  });

  it('gives a car from a feed of protocol-relative photos its photos, the first its primary one', () => {
    const { car } = read({ images: [{ image: '//cdn.example/1.jpg' }, { image: '//cdn.example/2.jpg' }] });
    expect(car.images?.map((image) => image.image)).toEqual(['https://cdn.example/1.jpg', 'https://cdn.example/2.jpg']);
    expect(car.primary_image_url).toBe('https://cdn.example/1.jpg');
  });

  it('drops a bad thumbnail, primary photo, thumbnails entry, spin frame and interior panorama one by one', () => {
    const { car, dropped } = read({
      images: [{ image: 'https://photos.example/a.jpg', thumb: 'javascript:alert(1)' }],
      thumbnails: ['ftp://t.example/1.jpg', 'https://t.example/2.jpg'],
      primary_image_url: 'javascript:alert(2)',
      spin_images: ['/spin/1.jpg', 'javascript:alert(3)', '/spin/3.jpg'],
      spin_interior_image: 'ftp://photos.example/i.jpg',
    });
    expect(car).toMatchObject({
      images: [{ image: 'https://photos.example/a.jpg', thumb: null }],
      thumbnails: ['https://t.example/2.jpg'],
      primary_image_url: 'https://photos.example/a.jpg',
      spin_images: ['/spin/1.jpg', '/spin/3.jpg'],
      spin_interior_image: null,
    });
    expect(dropped.map((drop) => drop.field)).toEqual(['images.0.thumb', 'thumbnails.0', 'primary_image_url', 'spin_images.1', 'spin_interior_image']);
  });

  it('leaves a car whose every photo is dropped without a photo (its page shows the placeholder)', () => {
    const { car } = read({ images: [{ image: 'ftp://photos.example/a.jpg' }], primary_image_url: 'javascript:alert(1)' });
    expect([car.images, car.primary_image_url]).toEqual([[], null]);
  });

  it('shortens a long refused value in its message', () => {
    const { dropped } = read({ primary_image_url: `data:image/png;base64,${'A'.repeat(5000)}` });
    expect(dropped[0]!.message.length).toBeLessThan(200);
  });

  it('the Car schema drops them too', () => {
    expect(v.parse(CarSchema, { ...base, images: [{ image: 'javascript:alert(1)' }] }).images).toEqual([]);
  });
});

describe('model year', () => {
  it('refuses a year after the latest model year the reader was given, and takes that year', () => {
    const schema = carReadingFor(undefined, 2027);
    expect(v.safeParse(schema, { ...base, year: 2027 }).success).toBe(true);
    const refused = v.safeParse(schema, { ...base, year: '2028' });
    expect(refused.success ? [] : refused.issues.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`)).toEqual([
      'year: must not be later than next year (2027), received 2028',
    ]);
  });

  it('without a latest model year (a record read without a clock) keeps to the fixed range', () => {
    expect(v.safeParse(carReadingFor(), { ...base, year: 2031 }).success).toBe(true);
    expect(v.safeParse(carReadingFor(), { ...base, year: 2101 }).success).toBe(false);
  });
});

describe('prose fields', () => {
  it('dealer comments, hotspot descriptions and finance disclaimers are reduced to their text', () => {
    const car = v.parse(CarSchema, {
      ...base,
      dealercomments: '<script>alert(1)</script><b>Bold</b> &amp; more<br>next line',
      hotspots: { exterior: [{ title: 'Wheels', description: '<i>Alloy</i> wheels' }] },
      finance_lenders: { Taurus: { disclaimer: '<p>Terms &amp; conditions apply.</p>' } },
    });
    expect(car.dealercomments).toBe('Bold & more\nnext line');
    expect(car.hotspots?.exterior?.[0]?.description).toBe('Alloy wheels');
    expect(car.finance_lenders?.Taurus?.disclaimer).toBe('Terms & conditions apply.');
  });

  it("labels keep their text as sent (escaped where shown), the text 'null' still null", () => {
    const car = v.parse(CarSchema, { ...base, name: 'Evil <b>Ranger</b>', colour: '&amp;', dealercomments: 'null' });
    expect([car.name, car.colour, car.dealercomments]).toEqual(['Evil <b>Ranger</b>', '&amp;', null]);
  });
  it('titles, labels, stock numbers, equipment and prose lose their bidirectional controls (Trojan Source), their right-to-left words kept', () => {
    const car = v.parse(CarSchema, {
      ...base,
      name: '2019 Mazda\u202E 0099$\u202C',
      carsales_title: '\u2067Mazda\u2069 CX-5',
      make: 'Mazda\u200E',
      stocknum: 'A1\u200F',
      standardEquipment: ['Air\u061C bags'],
      dealercomments: '<p>One owner\u202B تم الفحص&#x202C;</p>',
      hotspots: { exterior: [{ title: 'Wheels\u202D', description: 'Alloy\u2066 wheels' }] },
    });
    expect([car.name, car.carsales_title, car.make, car.stocknum, car.standardEquipment, car.dealercomments]).toEqual([
      '2019 Mazda 0099$',
      'Mazda CX-5',
      'Mazda',
      'A1',
      ['Air bags'],
      'One owner تم الفحص',
    ]);
    expect(car.hotspots?.exterior?.[0]).toMatchObject({ title: 'Wheels', description: 'Alloy wheels' });
  });
  it('a torque given as text loses its bidirectional controls too (shown in Vehicle Details)', () => {
    const car = v.parse(CarSchema, { ...base, variant: { torque: '\u202E320 Nm\u202C' } });
    expect(car.variant?.torque).toBe('320 Nm');
    expect(v.parse(CarSchema, { ...base, variant: { torque: '320' } }).variant?.torque).toBe(320);
  });
  it('a text id holding a bidirectional control is refused, not changed: it is a key (dropping the control could make it another car’s id)', () => {
    expect(issuesOf({ id: 'A1\u202E' })).toEqual(['id: id must not hold bidirectional control characters']);
    expect(issuesOf({ id: 'A1' })).toEqual([]);
  });
});
