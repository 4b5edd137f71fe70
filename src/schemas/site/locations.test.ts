/** site.json special hours take the spec's shape (§3 "Special hours: date, status, location_id, start_hour, end_hour") and refuse times the site cannot read, naming the field. */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SiteSchema } from '../site.ts';

const base = { slug: 'hours-motors', template: 'used-group', name: 'Hours Motors', url: 'https://hours.example.com.au', phone: '+61 7 3555 0100' };
const withSpecialHours = (entry: Record<string, unknown>) => ({
  ...base,
  locations: [
    {
      id: 7,
      name: 'Springwood',
      slug: 'springwood',
      address: { street: '1 Main St', city: 'Springwood', state: 'QLD' },
      contact_detail: { special_hours: [{ date: '2026-12-24', status: 'Open', ...entry }] },
    },
  ],
});
const problems = (entry: Record<string, unknown>) => {
  const result = v.safeParse(SiteSchema, withSpecialHours(entry));
  return result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`);
};

describe('site.json special hours', () => {
  it.each([
    ['start_hour', 'nine'],
    ['start_hour', '9am'],
    ['end_hour', '25:00'],
    ['end_hour', '17:00:00:00'],
  ])('refuses %s %j, naming the field', (field, time) => {
    const found = problems({ start_hour: '09:00', end_hour: '17:00', [field]: time });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^locations\\.0\\.contact_detail\\.special_hours\\.0\\.${field}: expected .*HH:MM`));
  });

  it.each([
    ['HH:MM', { start_hour: '09:00', end_hour: '17:00' }],
    ['HH:MM:SS', { start_hour: '09:00:00', end_hour: '17:00:00' }],
    ['a one-digit hour (H:MM), as they were read before', { start_hour: '9:00', end_hour: '17:00' }],
    ['the spec shape with location_id', { location_id: 7, start_hour: '09:00:00', end_hour: '17:00:00' }],
  ])('accepts %s', (_name, entry) => {
    expect(problems(entry)).toEqual([]);
  });
});
