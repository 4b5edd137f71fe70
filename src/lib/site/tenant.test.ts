/** parseSite: a bad site.json is refused with the file, the field path and, under locations, the location's id and name. */
import { describe, expect, it } from 'vitest';
import { parseSite, TenantConfigError } from './tenant.ts';

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
        /^field locations\.1\.contact_detail\.opening_hours\.0\.close \(location 8 "Logan"\): expected a 24-hour time from 00:00 to 23:59.* received "24:00"\)$/,
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

  it('names no location for a field outside locations', () => {
    expect(refusal({ ...site([]), phone: 'call us' }).details[0]).toMatch(/^field phone: /);
  });
});
