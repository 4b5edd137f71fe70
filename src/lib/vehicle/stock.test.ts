import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema, type Car } from '../../schemas/car.ts';
import { SiteSchema } from '../../schemas/site.ts';
import { NO_SITE_ZONE } from '../text/dealer-time.ts';
import { priceDisplay } from './price.ts';
import { formatProblem, isCarVisible, isStatusVisible, latestModelYear, parseStock, passesStockRules, visibleStock, withDealerKinds } from './stock.ts';

const NOW = Date.parse('2026-11-21T00:00:00Z');
const DAY = 86_400_000;

function car(fields: Record<string, unknown>): Car {
  return v.parse(CarSchema, { id: 1, slug: 'a-car', status: 'in_stock', car_type: 'used', ...fields });
}

function site(fields: Record<string, unknown> = {}) {
  return v.parse(SiteSchema, { slug: 's', template: 'used-group', name: 'S', url: 'https://s.com.au', phone: '+61 7 3000 0000', ...fields });
}

describe('isStatusVisible', () => {
  it.each([
    ['in_stock', {}, true],
    ['coming_soon', {}, true],
    ['in_stock', { show_on_dealer_website: false }, false],
    ['coming_soon', { show_on_dealer_website: false }, false],
  ])('%s %j -> %s', (status, extra, expected) => {
    expect(isStatusVisible(car({ status, ...extra }), 3, NOW)).toBe(expected);
  });

  const soldAgo = (ms: number, show = true) =>
    car({ status: 'sold', sold_date_timestamp: Math.floor((NOW - ms) / 1000), show_on_dealer_website: show });

  it('shows a car sold 1 day ago when show_on_dealer_website is true', () => expect(isStatusVisible(soldAgo(DAY), 3, NOW)).toBe(true));
  it('shows a car sold exactly 3 days ago (inclusive edge)', () => expect(isStatusVisible(soldAgo(3 * DAY), 3, NOW)).toBe(true));
  it('hides a car sold 3 days and 1 second ago', () => expect(isStatusVisible(soldAgo(3 * DAY + 1000), 3, NOW)).toBe(false));
  it('hides a recently sold car without show_on_dealer_website', () =>
    expect(isStatusVisible(car({ status: 'sold', sold_date_timestamp: Math.floor((NOW - DAY) / 1000) }), 3, NOW)).toBe(false));
  it('hides a recently sold car with show_on_dealer_website false', () => expect(isStatusVisible(soldAgo(DAY, false), 3, NOW)).toBe(false));
  it('hides a sold car with no sale date', () => expect(isStatusVisible(car({ status: 'sold', show_on_dealer_website: true }), 3, NOW)).toBe(false));
  it('uses include_sold_cars_days', () => {
    expect(isStatusVisible(soldAgo(6 * DAY), 7, NOW)).toBe(true);
    expect(isStatusVisible(soldAgo(6 * DAY), 5, NOW)).toBe(false);
    expect(isStatusVisible(soldAgo(1000), 0, NOW)).toBe(false);
  });
  it('accepts millisecond sale timestamps', () => {
    expect(isStatusVisible(car({ status: 'sold', sold_date_timestamp: NOW - DAY, show_on_dealer_website: true }), 3, NOW)).toBe(true);
  });
});

describe('passesStockRules', () => {
  const dealerships = [
    { id: 1, slug: 'north', name: 'North' },
    { id: 2, slug: 'south', name: 'South' },
  ];
  const rules = (fields: Record<string, unknown>) => site({ dealerships, stock_rules: fields }).stock_rules;
  it('excludes listed stock numbers, case-insensitively', () => {
    expect(passesStockRules(car({ stocknum: 'AB12' }), rules({ excluded_stock_numbers: ['ab12'] }))).toBe(false);
    expect(passesStockRules(car({ stocknum: 'AB13' }), rules({ excluded_stock_numbers: ['ab12'] }))).toBe(true);
  });
  it('filters price 0 (and missing price) only when the site asks', () => {
    expect(passesStockRules(car({ price: 0 }), rules({ hide_price_zero: true }))).toBe(false);
    expect(passesStockRules(car({}), rules({ hide_price_zero: true }))).toBe(false);
    expect(passesStockRules(car({ price: 1 }), rules({ hide_price_zero: true }))).toBe(true);
    expect(passesStockRules(car({ price: 0 }), rules({}))).toBe(true);
  });
  it('applies status / car_type conditions (all given fields must match)', () => {
    const exclude = rules({ exclude: [{ status: ['coming_soon'], car_type: ['new'] }] });
    expect(passesStockRules(car({ status: 'coming_soon', car_type: 'new' }), exclude)).toBe(false);
    expect(passesStockRules(car({ status: 'coming_soon', car_type: 'used' }), exclude)).toBe(true);
    expect(passesStockRules(car({ status: 'in_stock', car_type: 'new' }), exclude)).toBe(true);
  });
  it('an entry naming a dealership hides that dealership’s car only, not another dealership’s car of the same stock number', () => {
    const group = rules({ excluded_stock_numbers: [{ stock_number: 'a1', dealership_slug: 'north' }] });
    expect(passesStockRules(car({ stocknum: 'A1', dealership_slug: 'north' }), group)).toBe(false);
    expect(passesStockRules(car({ stocknum: 'A1', dealership_slug: 'south' }), group)).toBe(true);
    expect(passesStockRules(car({ stocknum: 'A1' }), group)).toBe(true);
    expect(passesStockRules(car({ stocknum: 'A2', dealership_slug: 'north' }), group)).toBe(true);
  });
  it('an entry naming no dealership (a plain stock number, or one without dealership_slug) hides that stock number at every dealership', () => {
    for (const entry of ['A1', { stock_number: 'A1' }]) {
      const everywhere = rules({ excluded_stock_numbers: [entry] });
      expect(passesStockRules(car({ stocknum: 'A1', dealership_slug: 'north' }), everywhere)).toBe(false);
      expect(passesStockRules(car({ stocknum: 'A1', dealership_slug: 'south' }), everywhere)).toBe(false);
    }
  });
  it('applies make and dealership conditions', () => {
    const exclude = rules({ exclude: [{ make: ['suzuki'] }, { dealership_slug: ['north'] }] });
    expect(passesStockRules(car({ make: 'Suzuki' }), exclude)).toBe(false);
    expect(passesStockRules(car({ make: 'Mazda', dealership_slug: 'north' }), exclude)).toBe(false);
    expect(passesStockRules(car({ make: 'Mazda', dealership_slug: 'south' }), exclude)).toBe(true);
  });
});

describe('isCarVisible and visibleStock', () => {
  it('needs both the status rule and the stock rules', () => {
    const s = site({ stock_rules: { excluded_stock_numbers: ['X1'] } });
    expect(isCarVisible(car({ stocknum: 'X1' }), s, NOW)).toBe(false);
    expect(isCarVisible(car({ stocknum: 'X2', status: 'sold' }), s, NOW)).toBe(false);
    expect(isCarVisible(car({ stocknum: 'X2' }), s, NOW)).toBe(true);
  });
  it('orders newest first', () => {
    const cars = [
      car({ id: 1, slug: 'old', created_at: '2026-01-01T00:00:00Z' }),
      car({ id: 2, slug: 'new', created_at: '2026-11-01T00:00:00Z' }),
      car({ id: 3, slug: 'undated' }),
    ];
    expect(visibleStock(cars, site(), NOW).map((c) => c.slug)).toEqual(['new', 'old', 'undated']);
  });
});

describe('parseStock', () => {
  it('rejects a file that is not an array', () => {
    const result = parseStock('t', { cars: [] });
    expect(result.cars).toEqual([]);
    expect(result.problems[0].message).toMatch(/JSON array/);
  });

  // The feed reader takes { "vehicles": [...] } too (readSnapshotFeed); the build reads the same shapes.
  it('reads the records of { "vehicles": [...] } as of a bare array', () => {
    const records = [{ id: 1, slug: 'a-car', status: 'in_stock', car_type: 'used' }];
    expect(parseStock('t', { vehicles: records }).cars.map((c) => c.slug)).toEqual(['a-car']);
    expect(parseStock('t', { vehicles: records }).read).toBe(1);
  });

  it('words a problem of the whole file with no stray space before the colon', () => {
    expect(formatProblem({ tenant: 'acme', record: '', field: '', message: 'no such file: the site is built with no stock' })).toBe(
      'acme: stock.json: no such file: the site is built with no stock',
    );
  });

  it('reports each bad record with its id or index and field path, and keeps the rest', () => {
    const result = parseStock('acme', [
      { id: 1, slug: 'good-one', status: 'in_stock', car_type: 'used', price: 1000 },
      { id: 2, slug: 'bad-price', status: 'in_stock', car_type: 'used', price: 'cheap' },
      { slug: 'no-id', status: 'in_stock', car_type: 'used' },
      { id: 4, status: 'in_stock', car_type: 'used' },
      { id: 5, slug: 'bad-status', status: 'stolen', car_type: 'used' },
      { id: 6, slug: 'bad-image', status: 'in_stock', car_type: 'used', images: [{ image: '' }] },
      { id: 7, slug: 'good-one', status: 'in_stock', car_type: 'used' },
      { id: 1, slug: 'dup-id', status: 'in_stock', car_type: 'used' },
      'not an object',
    ]);
    expect(result.cars.map((c) => c.slug)).toEqual(['good-one']);
    expect(result.read).toBe(9);
    expect(result.skipped).toBe(8);
    const lines = result.problems.map((problem) => formatProblem(problem));
    expect(lines).toContainEqual(expect.stringMatching(/^acme: stock\.json record id 2 \(#1\) field price: /));
    expect(lines).toContainEqual(expect.stringMatching(/record #2 field id: required field is missing/));
    expect(lines).toContainEqual(expect.stringMatching(/record id 4 \(#3\) field slug: required field is missing/));
    expect(lines).toContainEqual(expect.stringMatching(/record id 5 \(#4\) field status: status must be one of/));
    expect(lines).toContainEqual(expect.stringMatching(/record id 6 \(#5\) field images\.0\.image: image url is empty/));
    expect(lines).toContainEqual(expect.stringMatching(/record id 7 \(#6\) field slug: duplicate slug "good-one"/));
    expect(lines).toContainEqual(expect.stringMatching(/record id 1 \(#7\) field id: duplicate id "1"/));
    expect(lines).toContainEqual(expect.stringMatching(/record #8: /));
  });

  it('keeps script-like text as plain data (escaping is the page’s job) and fills a missing name', () => {
    const result = parseStock('t', [{ id: 'A1', slug: 'x', status: 'in_stock', car_type: 'new', year: 2024, make: 'Kia', model: 'EV6', colour: '<script>alert(1)</script>' }]);
    expect(result.cars[0].colour).toBe('<script>alert(1)</script>');
    expect(result.cars[0].name).toBe('2024 Kia EV6');
  });

  it('accepts numeric strings and sparse nulls from real feeds, and keeps unknown fields', () => {
    const result = parseStock('t', [{ id: 9, slug: 'y', status: 'in_stock', car_type: 'used', price: '12990', km: null, badge: null, extra_field: 'kept' }]);
    expect(result.problems).toEqual([]);
    expect(result.cars[0].price).toBe(12990);
    expect((result.cars[0] as Record<string, unknown>).extra_field).toBe('kept');
  });
});

describe('problem lines (formatProblem)', () => {
  const base = { status: 'in_stock', car_type: 'used' };

  it('names the record by feed id, stock number and place in the file, and says the record was skipped', () => {
    const { problems } = parseStock('acme', [
      { ...base, id: 520000, slug: 'fine', stocknum: 'RT10001' },
      { ...base, id: 520003, slug: 'bad-km', stocknum: 'RT10004', km: -1 },
      { ...base, slug: 'no-id', stocknum: 'RT10005' },
      { ...base, id: 'PC2', slug: 'bad-status', stocknum: 'PC2', status: 'stolen' },
      { ...base, id: 7, slug: 'fine', stocknum: 'null' },
    ]);
    expect(problems.map((problem) => formatProblem(problem))).toEqual([
      'acme: stock.json record id 520003, stock RT10004 (#1) field km: must not be negative (got -1); record skipped',
      'acme: stock.json record stock RT10005 (#2) field id: required field is missing; record skipped',
      // A stock number that is the id (a CSV export without an id column) is not said twice.
      'acme: stock.json record id PC2 (#3) field status: status must be one of in_stock, coming_soon, sold (got "stolen"); record skipped',
      'acme: stock.json record id 7 (#4) field slug: duplicate slug "fine" (already used by id 520000, stock RT10001 (#0)); record skipped',
    ]);
  });

  it('reports a photo that is not a photo URL and keeps the car with its other photos', () => {
    const result = parseStock('acme', [
      { ...base, id: 520000, slug: 'a-car', stocknum: 'RT10001', images: [{ image: 'ftp://photos.example/a.jpg' }, { image: 'javascript:alert(1)' }, { image: '/media/vehicles/a.webp' }] },
    ]);
    expect([result.cars.length, result.skipped]).toEqual([1, 0]);
    expect(result.cars[0]!.images).toEqual([{ image: '/media/vehicles/a.webp' }]);
    expect(result.problems.map((problem) => formatProblem(problem))).toEqual([
      'acme: stock.json record id 520000, stock RT10001 (#0) field images.0.image: expected a photo URL (http(s), or a site path starting with /), received "ftp://photos.example/a.jpg"; field dropped',
      'acme: stock.json record id 520000, stock RT10001 (#0) field images.1.image: expected a photo URL (http(s), or a site path starting with /), received "javascript:alert(1)"; field dropped',
    ]);
  });

  it('drops a negative price, keeps the car and reports it: the car shows the no-price text (spec §4)', () => {
    const { cars, problems } = parseStock('acme', [
      { ...base, id: 520001, slug: 'a-car', stocknum: 'RT10002', price: -5000, before_price: '-1', offer_price: 0, subscription_price: -20 },
    ]);
    expect(cars).toHaveLength(1);
    expect(cars[0]).toMatchObject({ price: null, before_price: null, offer_price: 0, subscription_price: null, price_range: null });
    expect(priceDisplay(cars[0]!, { offersSubscription: true, noPriceText: 'Enquire for price.' })).toMatchObject({ kind: 'none', text: 'Enquire for price.' });
    expect(problems.map((problem) => formatProblem(problem))).toEqual(
      ['price', 'before_price', 'subscription_price'].map((field) => `acme: stock.json record id 520001, stock RT10002 (#0) field ${field}: must not be negative; field dropped`),
    );
  });

  it("drops a distribution location's name too long for a test drive's delivery location, keeps the car and reports it", () => {
    const long = `Free delivery anywhere in South East Queensland and Northern New South Wales, ${'conditions apply '.repeat(4)}`;
    const { cars, problems } = parseStock('acme', [
      { ...base, id: 520002, slug: 'a-car', stocknum: 'RT10003', location: { name: 'Southport', distribution_locations: [{ name: 'Tweed Heads', slug: 'tweed' }, { name: long, slug: 'seq' }] } },
    ]);
    expect(cars).toHaveLength(1);
    expect(cars[0]!.location?.distribution_locations).toEqual([
      { name: 'Tweed Heads', slug: 'tweed' },
      { name: null, slug: 'seq' },
    ]);
    expect(problems.map((problem) => formatProblem(problem))).toEqual([
      `acme: stock.json record id 520002, stock RT10003 (#0) field location.distribution_locations.1.name: expected at most 120 characters (a test drive's delivery location), received ${long.trim().length}: "${long.slice(0, 60)}..."; field dropped`,
    ]);
  });

  it('skips and reports a later record whose stock number is taken (any case, spaces trimmed), as a duplicate id is', () => {
    const { cars, problems } = parseStock('acme', [
      { ...base, id: 520000, slug: 'a', stocknum: 'RT10001' },
      { ...base, id: 520009, slug: 'b', stocknum: ' rt10001' },
      { ...base, id: 520010, slug: 'c', stocknum: 10002 },
      { ...base, id: 520011, slug: 'd', stocknum: '10002' },
      { ...base, id: 520012, slug: 'e' },
      { ...base, id: 520013, slug: 'f', stocknum: 'null' },
      { ...base, id: 520014, slug: 'g', stocknum: '' },
      { ...base, id: 520015, slug: 'h', stocknum: '' },
    ]);
    expect(cars.map((car) => car.id)).toEqual([520000, 520010, 520012, 520013, 520014, 520015]);
    expect(problems.map((problem) => formatProblem(problem))).toEqual([
      'acme: stock.json record id 520009, stock rt10001 (#1) field stocknum: duplicate stock number " rt10001" (already used by id 520000, stock RT10001 (#0)); record skipped',
      'acme: stock.json record id 520011, stock 10002 (#3) field stocknum: duplicate stock number "10002" (already used by id 520010, stock 10002 (#2)); record skipped',
    ]);
  });

  it("checks stock numbers within each dealership: a group site's dealerships number their stock on their own", () => {
    const { cars, problems } = parseStock('acme', [
      { ...base, id: 1, slug: 'a', stocknum: 'S1', dealership_slug: 'north' },
      { ...base, id: 2, slug: 'b', stocknum: 's1 ', dealership_slug: 'south' },
      { ...base, id: 3, slug: 'c', stocknum: 'S1' },
      { ...base, id: 4, slug: 'd', stocknum: 'S1', dealership_slug: 'south' },
      { ...base, id: 5, slug: 'e', stocknum: 'S1', dealership_slug: null },
    ]);
    expect(cars.map((car) => car.id)).toEqual([1, 2, 3]);
    expect(problems.map((problem) => formatProblem(problem))).toEqual([
      'acme: stock.json record id 4, stock S1 (#3) field stocknum: duplicate stock number "S1" at dealership "south" (already used by id 2, stock s1 (#1)); record skipped',
      'acme: stock.json record id 5, stock S1 (#4) field stocknum: duplicate stock number "S1" (already used by id 3, stock S1 (#2)); record skipped',
    ]);
  });

  it('reports nothing dropped from a record skipped for another reason', () => {
    const { problems } = parseStock('acme', [
      { ...base, id: 1, slug: 'a-car' },
      { ...base, id: 1, slug: 'b-car', images: [{ image: 'ftp://photos.example/a.jpg' }] },
    ]);
    expect(problems.map((problem) => [problem.field, problem.outcome])).toEqual([['id', 'record skipped']]);
  });

  it('words a problem of the whole file without a record or an outcome', () => {
    expect(formatProblem({ tenant: 'acme', record: '', field: '', message: 'no stock.json: the site is built with no stock' })).toBe('acme: stock.json: no stock.json: the site is built with no stock');
  });
});

describe('model year and the clock', () => {
  const base = { status: 'in_stock', car_type: 'new' };
  const records = [
    { ...base, id: 1, slug: 'next-year', year: 2027 },
    { ...base, id: 520002, slug: 'far-future', stocknum: 'RT10003', year: 2031 },
  ];

  it("skips and reports a year more than one after the clock's year (NOW is in 2026)", () => {
    const result = parseStock('acme', records, undefined, NOW);
    expect(result.cars.map((c) => c.id)).toEqual([1]);
    expect(result.problems.map((problem) => formatProblem(problem))).toEqual([
      'acme: stock.json record id 520002, stock RT10003 (#1) field year: must not be later than next year (2027), received 2031; record skipped',
    ]);
    expect(result.latestModelYear).toBe(2027);
  });

  it('applies no such limit to a parse without a clock, and the parse says so', () => {
    const result = parseStock('acme', records);
    expect(result.cars).toHaveLength(2);
    expect(result.latestModelYear).toBeUndefined();
  });

  it("takes the year on the dealer's wall clock: from midnight on 1 January where the dealer is, next year's model is taken", () => {
    // 00:30 on 1 January 2027 in Brisbane; 22:30 on 31 December 2026 in Perth; still 2026 in UTC.
    const newYearBrisbane = Date.parse('2026-12-31T14:30:00Z');
    expect(latestModelYear(newYearBrisbane, 'Australia/Brisbane')).toBe(2028);
    expect(latestModelYear(newYearBrisbane, 'Australia/Perth')).toBe(2027);
    const model2028 = [{ ...base, id: 3, slug: 'model-2028', year: 2028 }];
    expect(parseStock('acme', model2028, undefined, newYearBrisbane, 'Australia/Brisbane')).toMatchObject({ skipped: 0, latestModelYear: 2028 });
    expect(parseStock('acme', model2028, undefined, newYearBrisbane, 'Australia/Perth')).toMatchObject({ skipped: 1, latestModelYear: 2027 });
  });

  it('without a site, takes the year where a year begins first, so it never refuses a year a dealer takes', () => {
    expect(NO_SITE_ZONE).toBe('Pacific/Kiritimati');
    // 00:30 on 1 January 2027 at UTC+14, 20:30 on 31 December 2026 in Brisbane.
    const newYearFirst = Date.parse('2026-12-31T10:30:00Z');
    expect(latestModelYear(newYearFirst)).toBe(2028);
    expect(parseStock('acme', [{ ...base, id: 3, slug: 'model-2028', year: 2028 }], undefined, newYearFirst)).toMatchObject({ skipped: 0, latestModelYear: 2028 });
    for (const zone of ['Australia/Sydney', 'Australia/Brisbane', 'Australia/Perth', 'UTC', 'Pacific/Auckland']) {
      for (const instant of [newYearFirst, Date.parse('2026-12-31T13:30:00Z'), Date.parse('2027-01-01T12:00:00Z')]) expect(latestModelYear(instant)).toBeGreaterThanOrEqual(latestModelYear(instant, zone));
    }
  });
});

describe('withDealerKinds', () => {
  const records = [
    { id: 1, slug: 'isuzu-nlr', status: 'in_stock', car_type: 'used', make: 'Isuzu', model: 'NLR' },
    { id: 2, slug: 'yamaha-mt07', status: 'in_stock', car_type: 'used', make: 'Yamaha', model: 'MT-07', item_type: 'Motorcycle' },
  ];

  it('decides each kind again from the site when the parse was made without it, without parsing again', () => {
    const unsited = parseStock('t', records);
    expect(unsited.kinds).toBeUndefined();
    const sited = withDealerKinds(unsited, ['truck', 'motorcycle']);
    expect(sited.cars.map((car) => car.vehicle_kind)).toEqual(['truck', 'motorcycle']);
    expect(sited.cars.map((car) => car.vehicle_kind)).toEqual(parseStock('t', records, ['truck', 'motorcycle']).cars.map((car) => car.vehicle_kind));
    expect(sited.kinds).toEqual(['truck', 'motorcycle']);
  });

  it('keeps a parse made from the same kinds as it is', () => {
    const parsed = parseStock('t', records, ['truck', 'motorcycle']);
    expect(withDealerKinds(parsed, ['truck', 'motorcycle'])).toBe(parsed);
  });
});
