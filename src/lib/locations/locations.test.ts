import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { LocationSchema } from '../../schemas/site/locations.ts';
import { timeZone } from '../../schemas/site/common.ts';
import type { Location } from '../../schemas/site.ts';
import {
  directionsUrl,
  emailUsAddress,
  formatHour12,
  gridColumns,
  holidayHours,
  hoursOnDate,
  locationListLayout,
  locationPageHref,
  locationTimeZone,
  locationPageLocations,
  locationsByDistance,
  mainLocation,
  openingStatus,
  sameAddressLocations,
  showSwipeHint,
  testDriveTimeZone,
  visibleLocations,
  withoutLocationLinks,
  staticMapUrl,
  weeklyHours,
  zonedClock,
} from './locations.ts';
import { lookupPostcode } from './postcodes.ts';

const weekdayHours = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, open: '08:00', close: '17:30' }));
function location(overrides: Record<string, unknown> = {}): Location {
  return v.parse(LocationSchema, {
    id: 1,
    name: 'Springwood',
    slug: 'springwood',
    dealership_slug: 'a',
    address: { street: '1 Main St', city: 'Springwood', state: 'QLD', postcode: '4127', lat: -27.61, long: 153.13 },
    contact_detail: {
      opening_hours: [...weekdayHours, { weekday: 6, status: 'Open', open: '08:30', close: '12:00' }, { weekday: 0, status: 'Closed' }],
      special_hours: [
        { date: '2026-12-25', status: 'Closed', name: 'Christmas Day' },
        { date: '2026-11-21', status: 'Open', start_hour: '09:00', end_hour: '13:00' },
        { date: '2026-11-01', status: 'Closed' },
      ],
    },
    ...overrides,
  });
}

describe('locationListLayout', () => {
  const many = (count: number, dealerships = 1) =>
    Array.from({ length: count }, (_, index) => location({ id: index, slug: `l-${index}`, dealership_slug: `d-${index % dealerships}` }));
  it.each([
    ['0 locations show nothing', many(0), { kind: 'none' }],
    ['1 location shows a hero map', many(1), { kind: 'hero-map' }],
    ['several dealerships: carousel', many(3, 3), { kind: 'dealership-carousel', wide: false }],
    ['several dealerships above 4: wide carousel', many(6, 2), { kind: 'dealership-carousel', wide: true }],
    ['2 locations: grid of 2', many(2), { kind: 'grid', columns: 2 }],
    ['3 locations: grid of 3', many(3), { kind: 'grid', columns: 3 }],
    ['4 locations: grid of 2 columns', many(4), { kind: 'grid', columns: 2 }],
    ['5 locations: the wider carousel', many(5), { kind: 'location-carousel', wide: true }],
  ])('%s', (_name, list, expected) => {
    expect(locationListLayout(list)).toEqual(expected);
  });
  it('grid columns by count', () => {
    expect([1, 2, 3, 4].map(gridColumns)).toEqual([1, 2, 3, 2]);
  });
  it.each([
    [0, false],
    [1, true],
    [3, true],
    [4, false],
  ])('swipe hint for %i cards: %s', (count, expected) => expect(showSwipeHint(count)).toBe(expected));
});

describe('visibleLocations', () => {
  it('drops hidden locations and puts the primary one first, keeping file order otherwise', () => {
    const list = [
      location({ id: 1, slug: 'a' }),
      location({ id: 2, slug: 'b', visible: false }),
      location({ id: 3, slug: 'c' }),
      location({ id: 4, slug: 'd', primary: true }),
    ];
    expect(visibleLocations(list).map((l) => l.slug)).toEqual(['d', 'a', 'c']);
  });
});

describe('locationPageLocations (/locations/{slug} and /our-location/{slug})', () => {
  const locations = [location({ id: 1, slug: 'a' }), location({ id: 2, slug: 'b', visible: false }), location({ id: 3, slug: 'c', primary: true })];

  it('gives the visible locations, primary first, when the site has the locations feature', () => {
    expect(locationPageLocations({ features: { locations: true } as never, locations }).map((l) => l.slug)).toEqual(['c', 'a']);
  });

  it('gives none without the locations feature', () => {
    expect(locationPageLocations({ features: { locations: false } as never, locations })).toEqual([]);
  });
});

describe('emailUsAddress (the Email Us button and modal of a location page, site.json marketing.email_us)', () => {
  const withEmail = location({ contact_detail: { email: 'springwood@example.com.au', opening_hours: [], special_hours: [] } });
  const withoutEmail = location();

  it('offers the location e-mail, else the site e-mail, when marketing.email_us is unset or true', () => {
    expect(emailUsAddress(withEmail, { email: 'sales@example.com.au', marketing: {} })).toBe('springwood@example.com.au');
    expect(emailUsAddress(withoutEmail, { email: 'sales@example.com.au', marketing: { email_us: true } })).toBe('sales@example.com.au');
  });

  it('offers nothing without an e-mail', () => {
    expect(emailUsAddress(withoutEmail, { marketing: {} })).toBeUndefined();
  });

  it('offers nothing when marketing.email_us is false, though the location and site have an e-mail', () => {
    expect(emailUsAddress(withEmail, { email: 'sales@example.com.au', marketing: { email_us: false } })).toBeUndefined();
  });
});

describe('locationPageHref and withoutLocationLinks (no link to a locations page the site does not build)', () => {
  const on = { features: { locations: true } as never };
  const off = { features: { locations: false } as never };

  it("links a visible location's page only when the site has the locations feature", () => {
    expect(locationPageHref(on, location({ slug: 'a' }))).toBe('/locations/a');
    expect(locationPageHref(on, location({ slug: 'b', visible: false }))).toBeUndefined();
    expect(locationPageHref(off, location({ slug: 'a' }))).toBeUndefined();
  });

  it('drops menu links to the dealer locator and location pages without the locations feature', () => {
    const links = [
      { label: 'About Us', href: '/about-us' },
      { label: 'Our Locations', href: '/dealer-locator' },
      { label: 'Springwood', href: '/locations/springwood' },
      { label: 'Old Springwood', href: '/our-location/springwood' },
    ];
    expect(withoutLocationLinks(on, links)).toEqual(links);
    expect(withoutLocationLinks(off, links)).toEqual([{ label: 'About Us', href: '/about-us' }]);
  });
});

describe('formatHour12', () => {
  it.each([
    ['08:00', '8:00am'],
    ['17:30', '5:30pm'],
    ['12:00', '12:00pm'],
    ['00:15', '12:15am'],
    ['23:59', '11:59pm'],
    ['09:00:00', '9:00am'],
    ['17:30:45', '5:30pm'],
    ['24:00', undefined],
    ['8am', undefined],
    [undefined, undefined],
  ])('%s -> %s', (input, expected) => expect(formatHour12(input)).toBe(expected));
});

describe('hoursOnDate', () => {
  const { contact_detail: hours } = location();
  it.each([
    ['a weekday by its weekly row', '2026-11-20', { special: false, hours: { open: 480, close: 1050 } }],
    ['a Sunday the week closes', '2026-11-22', { special: false }],
    ['a Saturday holiday entry over the weekly row', '2026-11-21', { special: true, hours: { open: 540, close: 780 } }],
    ['Christmas Day (a Friday) closed by its holiday entry', '2026-12-25', { special: true }],
  ])('%s', (_name, date, expected) => {
    expect(hoursOnDate(hours, date)).toEqual(expected);
  });
});

describe('zonedClock and openingStatus (dealer time zone)', () => {
  // 2026-11-20 is a Friday. 23:30 UTC Thursday = 09:30 Friday in Brisbane, 10:30 in Sydney (daylight saving).
  it('reads the clock in the dealer zone, not UTC', () => {
    expect(zonedClock(Date.parse('2026-11-19T23:30:00Z'), 'Australia/Brisbane')).toMatchObject({ date: '2026-11-20', weekday: 5, minutes: 570 });
    expect(zonedClock(Date.parse('2026-11-19T23:30:00Z'), 'Australia/Sydney')).toMatchObject({ date: '2026-11-20', minutes: 630 });
  });
  it.each([
    ['Friday 9:30am Brisbane', '2026-11-20T09:30:00+10:00', true, 'Open now · closes 5:30pm'],
    ['Friday 7:00am before opening', '2026-11-20T07:00:00+10:00', false, 'Closed now · opens 8:00am'],
    ['Friday 5:30pm at closing', '2026-11-20T17:30:00+10:00', false, 'Closed now'],
    ['Sunday closed', '2026-11-22T10:00:00+10:00', false, 'Closed now'],
    ['Saturday special hours 9-1 win over the 8:30-12 row', '2026-11-21T12:30:00+10:00', true, 'Open now · closes 1:00pm'],
    ['Saturday special hours before start', '2026-11-21T08:45:00+10:00', false, 'Closed now · opens 9:00am'],
    ['Christmas Day (Friday) closed by special hours', '2026-12-25T10:00:00+10:00', false, 'Closed now'],
    // Sydney across its daylight-saving changes: the same UTC time of day is an hour later on the wall clock from October to April.
    ['Sydney, Friday 06:45 UTC before daylight saving starts: 4:45pm, open', '2026-10-02T06:45:00Z', true, 'Open now · closes 5:30pm', 'Australia/Sydney'],
    ['Sydney, Friday 06:45 UTC after it starts: 5:45pm, closed', '2026-10-09T06:45:00Z', false, 'Closed now', 'Australia/Sydney'],
    ['Sydney, Thursday 21:45 UTC before it starts: Friday 7:45am, not yet open', '2026-10-01T21:45:00Z', false, 'Closed now · opens 8:00am', 'Australia/Sydney'],
    ['Sydney, Thursday 21:45 UTC after it starts: Friday 8:45am, open', '2026-10-08T21:45:00Z', true, 'Open now · closes 5:30pm', 'Australia/Sydney'],
    ['Sydney, Friday 06:45 UTC before daylight saving ends: 5:45pm, closed', '2026-04-03T06:45:00Z', false, 'Closed now', 'Australia/Sydney'],
    ['Sydney, Friday 06:45 UTC after it ends: 4:45pm, open', '2026-04-10T06:45:00Z', true, 'Open now · closes 5:30pm', 'Australia/Sydney'],
  ])('%s', (_name, iso, open, label, timeZone = 'Australia/Brisbane') => {
    expect(openingStatus(location(), Date.parse(iso), timeZone)).toMatchObject({ open, label });
  });
  it('special hours given with seconds (HH:MM:SS, the spec feed shape) are read like HH:MM', () => {
    const holiday = location({
      contact_detail: {
        opening_hours: weekdayHours,
        special_hours: [{ date: '2026-12-24', status: 'Open', location_id: 1, start_hour: '09:00:00', end_hour: '17:00:00', name: 'Christmas Eve' }],
      },
    });
    expect(openingStatus(holiday, Date.parse('2026-12-24T12:00:00+10:00'), 'Australia/Brisbane')).toEqual({ open: true, label: 'Open now · closes 5:00pm', special: true });
    expect(openingStatus(holiday, Date.parse('2026-12-24T08:00:00+10:00'), 'Australia/Brisbane')).toMatchObject({ open: false, label: 'Closed now · opens 9:00am' });
    expect(holidayHours(holiday, Date.parse('2026-12-24T12:00:00+10:00'), 'Australia/Brisbane')[0].hours).toBe('9:00am - 5:00pm');
  });
  describe("across Sydney's daylight-saving changes (AEST +10, AEDT +11)", () => {
    // Daylight saving starts Sunday 2026-10-04 at 02:00 (16:00 UTC the day before) and ends Sunday 2026-04-05 at 03:00 (16:00 UTC the day before).
    const sunday = (date: string) => location({ contact_detail: { opening_hours: weekdayHours, special_hours: [{ date, status: 'Open', start_hour: '09:00', end_hour: '12:00' }] } });
    it.each([
      ['the last second of standard time is 1:59:59am', '2026-10-03T15:59:59Z', { date: '2026-10-04', weekday: 0, minutes: 119, seconds: 7199, day: 4 }],
      ['the next second is 3:00am daylight time', '2026-10-03T16:00:00Z', { date: '2026-10-04', weekday: 0, minutes: 180, seconds: 10800, day: 4 }],
      ['the last second of daylight time is 2:59:59am', '2026-04-04T15:59:59Z', { date: '2026-04-05', weekday: 0, minutes: 179, seconds: 10799, day: 5 }],
      ['the next second is 2:00am standard time again', '2026-04-04T16:00:00Z', { date: '2026-04-05', weekday: 0, minutes: 120, seconds: 7200, day: 5 }],
    ])('zonedClock: %s', (_name, iso, clock) => {
      expect(zonedClock(Date.parse(iso), 'Australia/Sydney')).toEqual(clock);
    });
    it('on the change days themselves, special hours 9am-12pm follow the new offset', () => {
      expect(openingStatus(sunday('2026-10-04'), Date.parse('2026-10-03T22:30:00Z'), 'Australia/Sydney')).toEqual({ open: true, label: 'Open now · closes 12:00pm', special: true });
      expect(openingStatus(sunday('2026-10-04'), Date.parse('2026-10-04T01:30:00Z'), 'Australia/Sydney')).toEqual({ open: false, label: 'Closed now', special: true });
      expect(openingStatus(sunday('2026-04-05'), Date.parse('2026-04-04T22:30:00Z'), 'Australia/Sydney')).toEqual({ open: false, label: 'Closed now · opens 9:00am', special: true });
      expect(openingStatus(sunday('2026-04-05'), Date.parse('2026-04-05T01:30:00Z'), 'Australia/Sydney')).toEqual({ open: true, label: 'Open now · closes 12:00pm', special: true });
    });
  });
  it('the same instant is open in Brisbane but closed in Perth (two hours behind)', () => {
    const now = Date.parse('2026-11-20T09:00:00+10:00');
    expect(openingStatus(location(), now, 'Australia/Brisbane').open).toBe(true);
    expect(openingStatus(location(), now, 'Australia/Perth').open).toBe(false);
  });
});

describe("locationTimeZone (a location's own zone: the test-drive time taken while the appointments provider cannot be asked)", () => {
  const at = (state: Location['address']['state']) => ({ address: { state } });
  it("is the state's capital's zone when the site's zone is not one the state keeps", () => {
    const capitals = (['QLD', 'NSW', 'VIC', 'SA', 'WA', 'TAS', 'ACT', 'NT'] as const).map((state) => locationTimeZone(at(state), 'UTC'));
    expect(capitals).toEqual([
      'Australia/Brisbane',
      'Australia/Sydney',
      'Australia/Melbourne',
      'Australia/Adelaide',
      'Australia/Perth',
      'Australia/Hobart',
      'Australia/Sydney',
      'Australia/Darwin',
    ]);
    for (const zone of capitals) expect(v.is(timeZone, zone)).toBe(true);
    expect(locationTimeZone(at('WA'), 'Australia/Sydney')).toBe('Australia/Perth');
  });
  it("is the site's zone when the state keeps it, or no state is given", () => {
    for (const [state, zone] of [
      ['NSW', 'Australia/Broken_Hill'],
      ['NSW', 'Australia/Lord_Howe'],
      ['WA', 'Australia/Eucla'],
      ['QLD', 'Australia/Lindeman'],
      ['ACT', 'Australia/Canberra'],
      ['QLD', 'Australia/Brisbane'],
    ] as const) {
      expect(v.is(timeZone, zone)).toBe(true);
      expect(locationTimeZone(at(state), zone)).toBe(zone);
    }
    expect(locationTimeZone(undefined, 'Australia/Sydney')).toBe('Australia/Sydney');
    expect(locationTimeZone({}, 'Australia/Sydney')).toBe('Australia/Sydney');
  });
});

describe("testDriveTimeZone (the clock a typed test-drive time is read on: the car's location's)", () => {
  const place = (id: number, slug: string, state: Location['address']['state'], primary = false) => ({ id, slug, primary, address: { state } }) as unknown as Location;
  const site = { timezone: 'Australia/Sydney', locations: [place(1, 'sydney', 'NSW'), place(2, 'perth', 'WA'), place(3, 'darwin', 'NT', true)] };
  it("reads the car's location by slug, else by id, else the site's primary location", () => {
    expect(testDriveTimeZone(site, { location: { slug: 'perth' } })).toBe('Australia/Perth');
    expect(testDriveTimeZone(site, { location: { id: 2 } })).toBe('Australia/Perth');
    expect(testDriveTimeZone(site, { location: { slug: 'sydney' } })).toBe('Australia/Sydney');
    expect(testDriveTimeZone(site, {})).toBe('Australia/Darwin');
    expect(testDriveTimeZone({ ...site, locations: [] }, { location: { slug: 'perth' } })).toBe('Australia/Sydney');
  });
});

describe('weeklyHours', () => {
  it('lists Monday to Sunday with 12-hour ranges and Closed', () => {
    const rows = weeklyHours(location().contact_detail.opening_hours);
    expect(rows.map((row) => row.day)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(rows[0].text).toBe('8:00am - 5:30pm');
    expect(rows[5].text).toBe('8:30am - 12:00pm');
    expect(rows[6]).toMatchObject({ text: 'Closed', closed: true, enquire: false });
  });
  it('closed days say Enquire Now for a service location with external booking', () => {
    expect(weeklyHours([], true)[6]).toMatchObject({ text: 'Enquire Now', enquire: true });
  });
});

describe('holidayHours', () => {
  it('lists special hours from today on, with Today and 12-hour times', () => {
    expect(holidayHours(location(), Date.parse('2026-11-21T10:00:00+10:00'), 'Australia/Brisbane')).toEqual([
      { date: '2026-11-21', label: 'Today', hours: '9:00am - 1:00pm' },
      { date: '2026-12-25', label: 'Friday 25 December', name: 'Christmas Day', hours: 'Closed' },
    ]);
  });
  it('uses the dealer date: 20 Nov 23:00 UTC is already 21 Nov in Brisbane', () => {
    expect(holidayHours(location(), Date.parse('2026-11-20T23:00:00Z'), 'Australia/Brisbane')[0].label).toBe('Today');
  });
});

describe('maps and grouping', () => {
  it('static map only with a map key and a position (zoom 10, roadmap, 534x356)', () => {
    expect(staticMapUrl(location())).toBeUndefined();
    const url = staticMapUrl(location({ address: { street: '1 Main St', city: 'X', state: 'QLD', lat: -27.5, long: 153, map_key: 'k1' } }));
    expect(url).toContain('zoom=10');
    expect(url).toContain('maptype=roadmap');
    expect(url).toContain('size=534x356');
    expect(url).toContain('key=k1');
    const hero = staticMapUrl(location({ address: { street: '1 Main St', city: 'X', state: 'QLD', lat: -27.5, long: 153, map_key: 'k1' } }), { width: 1200, height: 400 });
    expect(hero).toContain('size=600x200');
    expect(hero).toContain('scale=2');
  });
  it('directions link prefers the place URL, else the position', () => {
    expect(directionsUrl(location())).toBe('https://www.google.com/maps/dir/?api=1&destination=-27.61%2C153.13');
    expect(directionsUrl(location({ address: { street: 'a', city: 'b', state: 'QLD', place_url: 'https://maps.google.com/?cid=1' } }))).toBe(
      'https://maps.google.com/?cid=1',
    );
  });
  it('groups Sales, Service and Parts sharing an address', () => {
    const sales = location({ id: 1, slug: 'sales', location_type: '' });
    const parts = location({ id: 2, slug: 'parts', location_type: 'parts' });
    const service = location({ id: 3, slug: 'service', location_type: 'service' });
    const elsewhere = location({ id: 4, slug: 'other', address: { street: '9 Other Rd', city: 'Logan', state: 'QLD' } });
    expect(sameAddressLocations(parts, [parts, elsewhere, service, sales]).map((l) => l.slug)).toEqual(['sales', 'service', 'parts']);
  });
});

describe('locationsByDistance (dealer locator)', () => {
  const brisbane = location({ id: 1, slug: 'brisbane', address: { street: 'a', city: 'Brisbane', state: 'QLD', lat: -27.47, long: 153.03 } });
  const sydney = location({ id: 2, slug: 'sydney', address: { street: 'a', city: 'Sydney', state: 'NSW', lat: -33.87, long: 151.21 } });
  const melbourne = location({ id: 3, slug: 'melbourne', address: { street: 'a', city: 'Melbourne', state: 'VIC', lat: -37.81, long: 144.96 } });
  const unknown = location({ id: 4, slug: 'unknown', address: { street: 'a', city: 'Nowhere', state: 'QLD' } });
  it.each([
    ['3000 (Melbourne)', '3000', ['melbourne', 'sydney', 'brisbane', 'unknown']],
    ['2000 (Sydney)', '2000', ['sydney', 'melbourne', 'brisbane', 'unknown']],
    ['4000 (Brisbane)', '4000', ['brisbane', 'sydney', 'melbourne', 'unknown']],
  ])('from %s', (_name, postcode, expected) => {
    const origin = lookupPostcode(postcode);
    expect(origin).toBeDefined();
    expect(locationsByDistance(origin!, [unknown, brisbane, melbourne, sydney]).map((entry) => entry.location.slug)).toEqual(expected);
  });
  it('Brisbane to Sydney is about 730 km (haversine, 6371 km)', () => {
    const [first] = locationsByDistance({ lat: -27.47, lng: 153.03 }, [sydney]);
    expect(first.km).toBeGreaterThan(720);
    expect(first.km).toBeLessThan(740);
  });
});

describe('mainLocation: the location a page speaks for when it names none', () => {
  const at = (id: number, slug: string, extra: Record<string, unknown> = {}) => v.parse(LocationSchema, { id, name: slug, slug, address: { street: '1 Road', city: 'Brisbane', state: 'QLD' }, ...extra });
  const parts = at(1, 'parts', { location_type: 'parts' });
  const north = at(2, 'north');
  const south = at(3, 'south', { primary: true });
  const buyer = at(4, 'buyer', { location_subtype: ['buying'] });
  const hidden = at(5, 'hidden', { location_type: 'service', visible: false });
  const service = at(6, 'service', { location_type: 'service' });

  it('the primary sales location first, else the first sales location', () => {
    expect(mainLocation([parts, north, south], 'sales')?.slug).toBe('south');
    expect(mainLocation([parts, north], 'sales')?.slug).toBe('north');
  });
  it('a visible location of the kind; the first visible location when none is of that kind', () => {
    expect(mainLocation([north, hidden, service], 'service')?.slug).toBe('service');
    expect(mainLocation([parts, hidden], 'service')?.slug).toBe('parts');
  });
  it('buying: the location with the buying subtype, else the sales one', () => {
    expect(mainLocation([north, buyer], 'buying')?.slug).toBe('buyer');
    expect(mainLocation([parts, north], 'buying')?.slug).toBe('north');
  });
  it('none without locations', () => {
    expect(mainLocation([], 'sales')).toBeUndefined();
  });
});
