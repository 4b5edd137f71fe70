/**
 * parseSite: a bad site.json is refused with the file, the field path and, under locations, the location's id and name.
 * loadTenant: a stock.json is read in the shapes the pipeline's snapshot reader takes; any other shape stops the tenant.
 * A bad lead-delivery.json stops the tenant too (the lead API could not load it), naming the file once.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseStock } from '../vehicle/stock.ts';
import { leadDestinationNotice, listTenantDirs, loadTenant, parseSite, skippedTenantFolders, stockRuleNotices, TenantConfigError } from './tenant.ts';

const location = (id: number, name: string, contact_detail: Record<string, unknown> = {}) => ({
  id,
  name,
  slug: name.toLowerCase(),
  address: { street: '1 Main St', city: name, state: 'QLD' },
  contact_detail,
});
const site = (locations: unknown[]) => ({
  slug: 'hours-motors',
  template: 'used-group',
  name: 'Hours Motors',
  url: 'https://hours.example.com.au',
  phone: '+61 7 3555 0100',
  locations,
});

function refusal(data: unknown): TenantConfigError {
  try {
    parseSite('tenants/hours-motors/site.json', data);
  } catch (error) {
    if (error instanceof TenantConfigError) return error;
    throw error;
  }
  throw new Error('parseSite accepted the site');
}

describe('parseSite', () => {
  it("names the file, the field and the location of a location's bad field", () => {
    const error = refusal(
      site([location(7, 'Springwood'), location(8, 'Logan', { opening_hours: [{ weekday: 5, status: 'Open', open: '08:00', close: '24:00' }] })]),
    );
    expect(error.file).toBe('tenants/hours-motors/site.json');
    expect(error.details).toEqual([
      expect.stringMatching(
        /^field locations\.1\.contact_detail\.opening_hours\.0\.close \(location 8 "Logan"\): expected a 24-hour time from 00:00 to 23:59.* \(got "24:00"\)$/,
      ),
    ]);
  });

  it('names the field and the location of an Open day without its times (the table said Open, the status line Closed now)', () => {
    const error = refusal(
      site([location(7, 'Springwood'), location(8, 'Logan', { opening_hours: [{ weekday: 6, status: 'Open', formated_hours: '8:00am - 12:00pm' }] })]),
    );
    expect(error.details).toEqual([
      `field locations.1.contact_detail.opening_hours.0 (location 8 "Logan"): Saturday is 'Open' without open and close: an Open day needs open and close (24-hour 'HH:MM'); a day without hours is 'Closed'`,
    ]);
  });

  // docs/site-json.md: a location's id is unique within the site (cars, leads and holiday entries name a location by it).
  it.each([
    ['the same number', 7],
    ['the same id as a string', '7'],
  ])('refuses two locations with one id (%s), naming both fields and the id', (_name, id) => {
    const error = refusal(site([location(7, 'Springwood'), location(8, 'Logan'), { ...location(9, 'Beenleigh'), id }]));
    expect(error.details).toEqual([
      `field locations.2.id (location 7 "Beenleigh"): the id 7 is also locations.0.id ("Springwood"); location ids are unique within a site (cars, leads and holiday entries name a location by its id): give one of them another id`,
    ]);
  });

  it('accepts locations with distinct ids', () => {
    expect(parseSite('tenants/hours-motors/site.json', site([location(7, 'Springwood'), location(8, 'Logan')])).locations).toHaveLength(2);
  });

  // Cars (location.slug), leads (location) and the /locations/{slug} pages name a location by its slug.
  it('refuses two locations with one slug, naming both fields and the slug', () => {
    const error = refusal(site([location(7, 'Springwood'), location(8, 'Logan'), { ...location(9, 'Beenleigh'), slug: 'springwood' }]));
    expect(error.details).toEqual([
      `field locations.2.slug (location 9 "Beenleigh"): the slug springwood is also locations.0.slug ("Springwood"); location slugs are unique within a site (cars, leads and the /locations/{slug} pages name a location by its slug): give one of them another slug`,
    ]);
  });

  // A lead's location (and a car's) matches a location's slug or its id, read as text: a slug '7'
  // beside a location with id 7 sent the lead to whichever of the two came first.
  it.each([
    [
      'an earlier location',
      [location(7, 'Springwood'), { ...location(8, 'Logan'), slug: '7' }],
      'locations.1.slug (location 8 "Logan"): the slug 7 is also locations.0.id ("Springwood")',
    ],
    [
      'a later location, as text',
      [{ ...location(7, 'Springwood'), slug: '9' }, location(8, 'Logan'), { ...location(9, 'Beenleigh'), id: '9' }],
      'locations.0.slug (location 7 "Springwood"): the slug 9 is also locations.2.id ("Beenleigh")',
    ],
  ])("refuses a location slug that is the id of %s, naming the slug's field and the other location", (_name, locations, where) => {
    expect(refusal(site(locations)).details).toEqual([
      `field ${where}; leads and cars name a location by its slug or its id (read as text), so a location's slug is no other location's id: give it another slug`,
    ]);
  });

  it('accepts a location whose slug is its own id', () => {
    expect(parseSite('tenants/hours-motors/site.json', site([{ ...location(7, 'Springwood'), slug: '7' }, location(8, 'Logan')])).locations).toHaveLength(2);
  });

  const dealership = (id: number | string, name: string) => ({ id, slug: name.toLowerCase(), name });
  const dealerships = (list: unknown[]) => ({ ...site([]), dealerships: list });

  it.each([
    ['the same number', 3],
    ['the same id as a string', '3'],
  ])('refuses two dealerships with one id (%s), naming both fields and the id', (_name, id) => {
    const error = refusal(dealerships([dealership(3, 'Acme'), dealership(4, 'Zenith'), dealership(id, 'Coast')]));
    expect(error.details).toEqual([
      `field dealerships.2.id: the id 3 is also dealerships.0.id ("Acme"); dealership ids are unique within a site (locations, cars and leads name a dealership by its id): give one of them another id`,
    ]);
  });

  it('refuses two dealerships with one slug, naming both fields and the slug', () => {
    const error = refusal(dealerships([dealership(3, 'Acme'), dealership(4, 'Zenith'), { ...dealership(5, 'Coast'), slug: 'zenith' }]));
    expect(error.details).toEqual([
      `field dealerships.2.slug: the slug zenith is also dealerships.1.slug ("Zenith"); dealership slugs are unique within a site (locations, cars, leads and search pages name a dealership by its slug): give one of them another slug`,
    ]);
  });

  it('refuses an excluded stock number naming a dealership the site does not have, naming the field and the dealerships it has', () => {
    const error = refusal({
      ...dealerships([dealership(3, 'Acme'), dealership(4, 'Zenith')]),
      stock_rules: { excluded_stock_numbers: ['A1', { stock_number: 'A2', dealership_slug: 'zenit' }] },
    });
    expect(error.details).toEqual([
      'field stock_rules.excluded_stock_numbers.1.dealership_slug: "zenit" is no dealership of this site (its dealerships: acme, zenith); the stock number A2 would be hidden at none',
    ]);
  });

  it('names the field of an excluded stock number entry that is not of either form, and the field a misspelt one meant', () => {
    const refused = (entry: unknown) =>
      refusal({ ...dealerships([dealership(3, 'Acme'), dealership(4, 'Zenith')]), stock_rules: { excluded_stock_numbers: ['A1', entry] } }).details;
    expect(refused({ stock_number: 'A2', dealership_slg: 'acme' })).toEqual([
      'field stock_rules.excluded_stock_numbers.1.dealership_slg: unknown field "dealership_slg": did you mean "dealership_slug"? (see docs/site-json.md)',
    ]);
    expect(refused({ dealership_slug: 'acme' })).toEqual(['field stock_rules.excluded_stock_numbers.1.stock_number: required field is missing']);
  });

  it('says of an excluded stock number that names no dealership, in a site of several, that it hides that number at every one (file and field)', () => {
    const parsed = parseSite('tenants/hours-motors/site.json', {
      ...dealerships([dealership(3, 'Acme'), dealership(4, 'Zenith')]),
      stock_rules: { excluded_stock_numbers: ['A1', { stock_number: 'A2', dealership_slug: 'acme' }, { stock_number: 'A3' }] },
    });
    expect(stockRuleNotices('tenants/hours-motors/site.json', parsed)).toEqual([
      'tenants/hours-motors/site.json: field stock_rules.excluded_stock_numbers.0: "A1" names no dealership and this site has 2 (acme, zenith): it hides stock number A1 at every one of them. Write { "stock_number": "A1", "dealership_slug": "acme" } to hide one dealership\'s car, or { "stock_number": "A1" } to hide it at every dealership (docs/site-json.md).',
    ]);
    const single = parseSite('tenants/hours-motors/site.json', { ...dealerships([dealership(3, 'Acme')]), stock_rules: { excluded_stock_numbers: ['A1'] } });
    expect(stockRuleNotices('tenants/hours-motors/site.json', single)).toEqual([]);
  });

  it('accepts dealerships with distinct ids and slugs', () => {
    expect(parseSite('tenants/hours-motors/site.json', dealerships([dealership(3, 'Acme'), dealership('4', 'Zenith')])).dealerships).toHaveLength(2);
  });

  // The server charges the deposit in cents (src/server/features/payments/reserve.ts): a fraction of a cent would be charged rounded, unlike the deposit the pages state.
  it('refuses a reserve_deposit with fractions of a cent, naming the file and the field', () => {
    const error = refusal({ ...site([]), reserve_deposit: 199.999 });
    expect(error.file).toBe('tenants/hours-motors/site.json');
    expect(error.details).toEqual([
      'field reserve_deposit: must be in dollars and cents, at most 2 decimals (e.g. 199.99): the deposit is charged in cents (got 199.999)',
    ]);
  });

  it.each([200, 199.99, 250.5, 0.1, 1234.56, 0])('accepts a reserve_deposit of %s', (deposit) => {
    expect(parseSite('tenants/hours-motors/site.json', { ...site([]), reserve_deposit: deposit }).reserve_deposit).toBe(deposit);
  });

  // The same rule (one owner: dollarsAndCents) for the largest amount /online-payment takes, also charged in cents.
  it('refuses a payments.online_payment_max with fractions of a cent, naming the field', () => {
    const error = refusal({ ...site([]), payments: { online_payment_max: 5000.005 } });
    expect(error.details).toEqual([
      'field payments.online_payment_max: must be in dollars and cents, at most 2 decimals (e.g. 199.99): payments are charged in cents (got 5000.005)',
    ]);
    expect(parseSite('tenants/hours-motors/site.json', { ...site([]), payments: { online_payment_max: 2500.5 } }).payments.online_payment_max).toBe(2500.5);
  });

  // /search/{slug} is the search page of a location or of a dealership (spec §2 Search URLs): with one slug
  // for both, the route table kept the location's and the dealership's search page was never built.
  it("refuses a location slug that is a dealership's slug, naming the location's field and the dealership", () => {
    const error = refusal({ ...site([location(7, 'Springwood'), location(8, 'Acme')]), dealerships: [dealership(3, 'Zenith'), dealership(4, 'Acme')] });
    expect(error.details).toEqual([
      `field locations.1.slug (location 8 "Acme"): the slug acme is also dealerships.1.slug ("Acme"); /search/{slug} is the search page of one location or one dealership: give one of them another slug`,
    ]);
  });

  it('accepts location slugs apart from the dealership slugs', () => {
    const parsed = parseSite('tenants/hours-motors/site.json', { ...site([location(7, 'Springwood')]), dealerships: [dealership(3, 'Acme')] });
    expect(parsed.locations.map((entry) => entry.slug)).toEqual(['springwood']);
  });

  // Every site has the car-type search pages (/search/used-cars, ...; a /used-car site keeps its /search pages
  // too): the route table built them first and skipped a location's or dealership's page of the same slug.
  it.each([
    [
      'a location slug',
      { ...site([location(7, 'Springwood'), { ...location(8, 'Logan'), slug: 'used-cars' }]) },
      `field locations.1.slug (location 8 "Logan"): the slug used-cars is the car-type search page /search/used-cars ("Used Cars") that every site has`,
      'location',
    ],
    [
      'a dealership slug, on a /used-car site',
      { ...dealerships([dealership(3, 'Acme'), { ...dealership(4, 'Zenith'), slug: 'new-used-and-demo-cars' }]), used_car_routes: true },
      `field dealerships.1.slug: the slug new-used-and-demo-cars of dealership 4 ("Zenith") is the car-type search page /search/new-used-and-demo-cars ("New, Used and Demo Cars") that every site has`,
      'dealership',
    ],
  ])("refuses %s that is a car-type search page's, naming the field, the record and the page", (_name, data, where, kind) => {
    expect(refusal(data).details).toEqual([
      `${where}; /search/{slug} is the search page of one car type, location or dealership: give the ${kind} another slug`,
    ]);
  });

  it('accepts location and dealership slugs that only contain a car-type slug', () => {
    const parsed = parseSite('tenants/hours-motors/site.json', {
      ...site([{ ...location(7, 'Springwood'), slug: 'springwood-used-cars' }]),
      dealerships: [{ ...dealership(3, 'Acme'), slug: 'demo-cars-acme' }],
    });
    expect([parsed.locations[0].slug, parsed.dealerships[0].slug]).toEqual(['springwood-used-cars', 'demo-cars-acme']);
  });

  it('refuses a service_page.hero_image that is no site path or https URL, naming the file and the field', () => {
    for (const heroImage of [
      "/media/x.jpg');background:url('https://attacker.example/beacon",
      'javascript:alert(1)',
      '//cdn.example.com/x.jpg',
      'http://cdn.example.com/x.jpg',
      'media/x.jpg',
      '/media/my hero.jpg',
    ]) {
      const error = refusal({ ...site([]), service_page: { hero_image: heroImage } });
      expect(error.file).toBe('tenants/hours-motors/site.json');
      expect(error.details).toEqual([expect.stringMatching(/^field service_page\.hero_image: expected a site path \(\/media\/service\.jpg\) or an https URL/)]);
    }
    for (const heroImage of ['/media/service.jpg', 'https://cdn.example.com.au/service(2).jpg?w=1600']) {
      expect(parseSite('tenants/hours-motors/site.json', { ...site([]), service_page: { hero_image: heroImage } }).service_page.hero_image).toBe(heroImage);
    }
  });

  it('refuses a marketing.interested_tiles[].image that is no site path or https URL, naming the field', () => {
    const tile = (image: string) => ({ ...site([]), marketing: { interested_tiles: [{ title: 'Finance', href: '/finance', image }] } });
    for (const image of ['media/tile.jpg', 'http://cdn.example.com/tile.jpg', '//cdn.example.com/tile.jpg', 'javascript:alert(1)']) {
      expect(refusal(tile(image)).details).toEqual([
        expect.stringMatching(/^field marketing\.interested_tiles\.0\.image: expected a site path \(\/media\/service\.jpg\) or an https URL/),
      ]);
    }
    for (const image of ['/media/tile.jpg', 'https://cdn.example.com.au/tile.jpg']) {
      expect(parseSite('tenants/hours-motors/site.json', tile(image)).marketing.interested_tiles?.[0].image).toBe(image);
    }
  });

  it('says what is wrong in words: an unknown field (with a known one spelt alike), a missing one, a bound; never a regex', () => {
    expect(refusal({ ...site([]), timezon: 'Australia/Brisbane' }).details).toEqual([
      'field timezon: unknown field "timezon": did you mean "timezone"? (see docs/site-json.md)',
    ]);
    expect(refusal({ ...site([]), theme: { primay: '#12345a' } }).details).toEqual([
      'field theme.primay: unknown field "primay": did you mean "primary"? (see docs/site-json.md)',
    ]);
    const { name: _name, ...nameless } = site([]);
    expect(refusal(nameless).details).toEqual(['field name: required field is missing']);
    const hours = (row: Record<string, unknown>) =>
      refusal(site([location(8, 'Logan', { opening_hours: [{ status: 'Open', close: '17:00', ...row }] })])).details;
    expect(hours({ weekday: 7, open: '08:00' })).toEqual([
      'field locations.0.contact_detail.opening_hours.0.weekday (location 8 "Logan"): must be at most 6, got 7',
    ]);
    const [badTime] = hours({ weekday: 1, open: '8:30am' });
    expect(badTime).toMatch(/^field locations\.0\.contact_detail\.opening_hours\.0\.open \(location 8 "Logan"\): expected a 24-hour time .* \(got "8:30am"\)$/);
    expect(badTime).not.toMatch(/expected \/|\[01\]/);
  });

  it('refuses two opening-hours rows for one weekday and two special-hours entries for one date, naming the location and the day', () => {
    const rows = [
      { weekday: 1, status: 'Open', open: '08:00', close: '17:00' },
      { weekday: 2, status: 'Open', open: '08:00', close: '17:00' },
      { weekday: 1, status: 'Closed' },
    ];
    expect(refusal(site([location(8, 'Logan', { opening_hours: rows })])).details).toEqual([
      'field locations.0.contact_detail.opening_hours.2.weekday (location 8 "Logan"): Monday (weekday 1) has two rows, opening_hours.0 and opening_hours.2: a location has one row a weekday (the second was ignored); keep one',
    ]);
    const days = [
      { date: '2026-12-25', status: 'Closed' },
      { date: '2026-12-25', status: 'Open', start_hour: '09:00', end_hour: '12:00' },
    ];
    expect(refusal(site([location(8, 'Logan', { special_hours: days })])).details).toEqual([
      'field locations.0.contact_detail.special_hours.1.date (location 8 "Logan"): 2026-12-25 has two entries, special_hours.0 and special_hours.1: a location has one entry a date (the second was ignored); keep one',
    ]);
  });

  it('refuses a phone number without the digits of an Australian number, and takes the Australian forms', () => {
    for (const phone of ['123456', '07 3000 12', '+44 20 7946 0958', '1300 12 34'])
      expect(refusal({ ...site([]), phone }).details, phone).toEqual([
        `field phone: expected an Australian phone number: 10 digits starting 0 (07 3000 1234, 0412 345 678), +61 7 3000 1234, or a 13, 1300 or 1800 number (got ${JSON.stringify(phone)})`,
      ]);
    expect(refusal(site([location(8, 'Logan', { phone: '3000 1234' })])).details).toEqual([
      expect.stringMatching(/^field locations\.0\.contact_detail\.phone \(location 8 "Logan"\): expected an Australian phone number/),
    ]);
    for (const phone of ['+61 7 3555 0100', '(07) 3000 1234', '0412 345 678', '+61412345678', '13 12 34', '1300 123 456', '1800-123-456', '61 2 4721 8800'])
      expect(parseSite('tenants/hours-motors/site.json', { ...site([]), phone }).phone).toBe(phone);
  });

  it('refuses a location with an empty street or city line', () => {
    const at = (address: Record<string, string>) =>
      refusal(site([{ ...location(8, 'Logan'), address: { street: '1 Main St', city: 'Logan', state: 'QLD', ...address } }])).details;
    expect(at({ street: '' })).toEqual([
      'field locations.0.address.street (location 8 "Logan"): the street line is empty: give the street address, e.g. \'12 Logan Road\' (got "")',
    ]);
    expect(at({ street: '  ' })).toEqual([
      'field locations.0.address.street (location 8 "Logan"): the street line is empty: give the street address, e.g. \'12 Logan Road\' (got "  ")',
    ]);
    expect(at({ city: '' })).toEqual([
      'field locations.0.address.city (location 8 "Logan"): the city line is empty: give the suburb or city, e.g. \'Springwood\' (got "")',
    ]);
  });

  it('names no location for a field outside locations', () => {
    expect(refusal({ ...site([]), phone: 'call us' }).details[0]).toMatch(/^field phone: /);
  });

  // An alphanumeric SMS sender ID: 1 to 11 letters, digits and spaces with a letter, no space at either end.
  it('refuses an SMS sender ID a phone network would not carry, naming the file and the field', () => {
    for (const senderId of ['', 'Ridgeline Toyota', "Bob's Cars", 'Forms Demo ', '0412345678', 'Café'])
      expect(refusal({ ...site([]), sms: { sender_id: senderId } }).details, senderId).toEqual([
        `field sms.sender_id: sms.sender_id must be 1 to 11 letters, digits and spaces, with a letter and no space at either end (e.g. "Forms Demo") (got ${JSON.stringify(senderId)})`,
      ]);
  });

  it('accepts a sender ID of letters, digits and spaces, and needs one when the name gives none', () => {
    expect(parseSite('tenants/hours-motors/site.json', { ...site([]), sms: { sender_id: 'Hours 4WD' } }).sms).toEqual({ sender_id: 'Hours 4WD' });
    expect(parseSite('tenants/hours-motors/site.json', site([])).sms).toEqual({});
    const error = refusal({ ...site([]), name: '1300 888 777' });
    expect([error.file, error.details]).toEqual([
      'tenants/hours-motors/site.json',
      ['field sms.sender_id: the name "1300 888 777" gives no SMS sender ID (it needs a letter): set sms.sender_id, e.g. "Forms Demo"'],
    ]);
  });
});

describe('loadTenant: the shapes of stock.json', () => {
  const root = mkdtempSync(join(tmpdir(), 'tenant-stock-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const folder = (slug: string, stock: unknown) => {
    const dir = join(root, slug);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'site.json'),
      JSON.stringify({ slug, template: 'used-group', name: 'Acme', url: 'https://acme.example', phone: '+61 7 3000 1234' }),
    );
    writeFileSync(join(dir, 'stock.json'), JSON.stringify(stock));
    return dir;
  };
  const record = { id: 1, slug: 'a-car', status: 'in_stock', car_type: 'used' };

  it('reads { "vehicles": [...] } as the pipeline does (readSnapshotFeed)', () => {
    expect(loadTenant(folder('wrapped', { vehicles: [record] })).cars.map((car) => car.slug)).toEqual(['a-car']);
  });

  it.each([
    ['an object without "vehicles"', 'cars-key', { cars: [] }, 'found an object with no "vehicles" array'],
    ['a string', 'text', 'cars', 'found a string'],
    ['null', 'empty', null, 'found null'],
  ])('stops the tenant on a stock.json that is %s, naming the file and what was expected', (_name, slug, stock, found) => {
    const dir = folder(slug, stock);
    expect(() => loadTenant(dir)).toThrow(TenantConfigError);
    expect(() => loadTenant(dir)).toThrow(`${join(dir, 'stock.json')}: expected a JSON array of Car records (or { "vehicles": [...] }); ${found}`);
  });
});

describe('loadTenant: lead-delivery.json', () => {
  const root = mkdtempSync(join(tmpdir(), 'tenant-leads-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const folder = (slug: string, delivery?: unknown, email?: string) => {
    const dir = join(root, slug);
    mkdirSync(dir, { recursive: true });
    const site = { slug, template: 'used-group', name: 'Acme', url: 'https://acme.example', phone: '+61 7 3000 1234', ...(email ? { email } : {}) };
    writeFileSync(join(dir, 'site.json'), JSON.stringify(site));
    writeFileSync(join(dir, 'stock.json'), '[]');
    if (delivery !== undefined) writeFileSync(join(dir, 'lead-delivery.json'), typeof delivery === 'string' ? delivery : JSON.stringify(delivery));
    return dir;
  };
  const hook = (url: string) => ({ destinations: [{ id: 'crm', type: 'webhook', url }] });

  it.each([
    ['a url with no scheme', 'no-scheme', hook('crm.example/leads'), 'field destinations.0.url: expected an http(s) URL'],
    ['an ftp url', 'ftp-url', hook('ftp://crm.example/leads'), 'field destinations.0.url: expected an http(s) URL'],
    ['invalid JSON', 'not-json', '{ "destinations": ', 'invalid JSON: '],
  ])('stops the tenant on %s, naming the file once', (_name, slug, delivery, problem) => {
    const dir = folder(slug, delivery);
    const file = join(dir, 'lead-delivery.json');
    expect(() => loadTenant(dir)).toThrow(TenantConfigError);
    expect(() => loadTenant(dir)).toThrow(`${file}: ${problem}`);
    expect(() => loadTenant(dir)).not.toThrow(/lead-delivery\.json.*lead-delivery\.json/);
    // One problem, said once (the URL's two checks share one message).
    expect(() => loadTenant(dir)).not.toThrow(/; /);
  });

  it("gives the file's destinations, or the site e-mail's when it names none", () => {
    expect(loadTenant(folder('hooked', hook('https://crm.example/leads'))).leadDelivery.destinations).toEqual([
      { id: 'crm', type: 'webhook', format: 'json', url: 'https://crm.example/leads', timeout_ms: 10_000 },
    ]);
    expect(loadTenant(folder('mailed', undefined, 'leads@acme.example')).leadDelivery.destinations).toEqual([
      { id: 'email', type: 'email', format: 'adf', to: ['leads@acme.example'] },
    ]);
    expect(loadTenant(folder('silent')).leadDelivery.destinations).toEqual([]);
  });

  it('gives the build a notice for a tenant whose leads would be stored but sent nowhere, and none otherwise', () => {
    expect(leadDestinationNotice(loadTenant(folder('nowhere')))).toBe(
      'no lead destination: leads would be stored but sent nowhere. Add "email" to site.json or destinations to lead-delivery.json (docs/lead-api.md).',
    );
    expect(leadDestinationNotice(loadTenant(folder('emailed', undefined, 'leads@acme.example')))).toBeUndefined();
    expect(leadDestinationNotice(loadTenant(folder('webhooked', hook('https://crm.example/leads'))))).toBeUndefined();
  });
});

describe('loadTenant with the stock and its parse handed over (the pipeline)', () => {
  const dir = resolve(import.meta.dirname, '../../../tests/fixtures/tenants/basic-motors');
  const NOW = Date.parse('2026-11-21T00:00:00Z');
  const record = (year: number) => ({ id: 'Y1', slug: 'y1', status: 'in_stock', car_type: 'new', year });

  it('uses a parse made with the same model-year limit as the build clock', () => {
    const data = [record(2027)];
    const parsed = parseStock('basic-motors', data, undefined, NOW);
    parsed.cars[0]!.name = 'from the kept parse';
    expect(loadTenant(dir, NOW, { data, parsed }).cars.map((car) => car.name)).toEqual(['from the kept parse']);
  });

  it("parses again when the parse was made with another clock's limit, or none", () => {
    const nextYear = [record(2027)];
    const early = parseStock('basic-motors', nextYear, undefined, Date.parse('2025-06-01T00:00:00Z'));
    expect(early.cars).toEqual([]);
    expect(loadTenant(dir, NOW, { data: nextYear, parsed: early }).cars.map((car) => car.id)).toEqual(['Y1']);
    const farFuture = [record(2031)];
    const clockless = parseStock('basic-motors', farFuture);
    expect(clockless.cars).toHaveLength(1);
    const tenant = loadTenant(dir, NOW, { data: farFuture, parsed: clockless });
    expect(tenant.cars).toEqual([]);
    expect(tenant.problems.map((problem) => problem.field)).toEqual(['year']);
  });
});

describe("loadTenant holds model years to the dealer's year (site.json timezone)", () => {
  const dir = resolve(import.meta.dirname, '../../../tests/fixtures/tenants/basic-motors');
  const model2028 = [{ id: 'Y8', slug: 'y8', status: 'in_stock', car_type: 'new', year: 2028 }];

  it("takes next year's model from midnight on 1 January in the dealer's zone (basic-motors: Brisbane, the default)", () => {
    // 00:30 on 1 January 2027 in Brisbane, 14:30 on 31 December 2026 in UTC.
    const tenant = loadTenant(dir, Date.parse('2026-12-31T14:30:00Z'), { data: model2028 });
    expect(tenant.site.timezone).toBe('Australia/Brisbane');
    expect(tenant.cars.map((car) => car.id)).toEqual(['Y8']);
  });

  it("parses again a parse made without the site when its year is not yet the dealer's", () => {
    // 00:30 on 1 January 2027 where a year begins first, 20:30 on 31 December 2026 in Brisbane.
    const now = Date.parse('2026-12-31T10:30:00Z');
    const parsed = parseStock('basic-motors', model2028, undefined, now);
    expect(parsed.cars).toHaveLength(1);
    const tenant = loadTenant(dir, now, { data: model2028, parsed });
    expect(tenant.cars).toEqual([]);
    expect(tenant.problems.map((problem) => problem.message)).toEqual(['must not be later than next year (2027), received 2028']);
  });
});

describe('skippedTenantFolders', () => {
  it('names a folder of the tenants directory that has no site.json, and a site.json spelt in another case', () => {
    const root = mkdtempSync(join(tmpdir(), 'tenant-folders-'));
    try {
      for (const [folder, files] of [
        ['good-yard', ['site.json', 'stock.json']],
        ['cased-yard', ['Site.json', 'stock.json']],
        ['empty-yard', []],
        ['.hidden', ['stock.json']],
      ] as const) {
        mkdirSync(join(root, folder));
        for (const file of files) writeFileSync(join(root, folder, file), '{}');
      }
      writeFileSync(join(root, 'README.md'), '');
      expect(listTenantDirs(root)).toEqual([join(root, 'good-yard')]);
      expect(skippedTenantFolders(root).map(({ note }) => note)).toEqual([
        `${join(root, 'cased-yard')}: not built: it holds "Site.json" but no site.json (the name is lower-case)`,
        `${join(root, 'empty-yard')}: not built: no site.json (a tenant is a folder holding site.json)`,
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
