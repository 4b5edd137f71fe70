/**
 * site.json opening and special hours take the spec's shape (§3 "Opening hour", "Special hours:
 * date, status, location_id, start_hour, end_hour") and refuse times the site cannot read, an
 * Open day without its times or hours that close before they open, naming the field.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SiteSchema } from '../site.ts';
import { contactSubcategory } from '../forms/lead-forms.ts';
import { LeadSubmissionSchema } from '../lead.ts';

const base = { slug: 'hours-motors', template: 'used-group', name: 'Hours Motors', url: 'https://hours.example.com.au', phone: '+61 7 3555 0100' };
const withContact = (contact_detail: Record<string, unknown>) => ({
  ...base,
  locations: [{ id: 7, name: 'Springwood', slug: 'springwood', address: { street: '1 Main St', city: 'Springwood', state: 'QLD' }, contact_detail }],
});
const contactProblems = (contact_detail: Record<string, unknown>) => {
  const result = v.safeParse(SiteSchema, withContact(contact_detail));
  return result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`);
};
const problems = (entry: Record<string, unknown>) => contactProblems({ special_hours: [{ date: '2026-12-24', status: 'Open', ...entry }] });
const weeklyProblems = (row: Record<string, unknown>) => contactProblems({ opening_hours: [{ weekday: 1, status: 'Open', ...row }] });

describe('site.json special hours', () => {
  it.each([
    ['HH:MM', { start_hour: '09:00', end_hour: '17:00' }],
    ['HH:MM:SS', { start_hour: '09:00:00', end_hour: '17:00:00' }],
    ['a one-digit hour (H:MM), as they were read before', { start_hour: '9:00', end_hour: '17:00' }],
    ['the spec shape with location_id', { location_id: 7, start_hour: '09:00:00', end_hour: '17:00:00' }],
  ])('accepts %s', (_name, entry) => {
    expect(problems(entry)).toEqual([]);
  });
});

describe('site.json special hours location_id', () => {
  it.each([77, '70'])('refuses location_id %j, not the id of the location it sits under (the one it applies to), naming the entry and the id', (id) => {
    const found = contactProblems({
      special_hours: [
        { date: '2026-12-25', status: 'Closed' },
        { date: '2026-12-24', status: 'Closed', location_id: id },
      ],
    });
    expect(found).toEqual([
      `locations.0.contact_detail.special_hours.1.location_id: the 2026-12-24 entry names location_id ${id}, but it sits under location 7, where it applies; give it location_id 7 or none, or move it under location ${id}`,
    ]);
  });

  it.each([7, '7'])('accepts the id of the location it sits under (%j)', (id) => {
    expect(contactProblems({ special_hours: [{ date: '2026-12-24', status: 'Closed', location_id: id }] })).toEqual([]);
  });
});

describe('site.json opening and special hours times', () => {
  const lists = {
    opening_hours: (time: Record<string, string>) => weeklyProblems({ open: '08:00', close: '17:00', ...time }),
    special_hours: (time: Record<string, string>) => problems({ start_hour: '09:00', end_hour: '17:00', ...time }),
  };
  it.each([
    ['opening_hours', 'close', '24:00'],
    ['opening_hours', 'close', '25:00'],
    ['opening_hours', 'open', '24:00'],
    ['opening_hours', 'close', '17:60'],
    ['opening_hours', 'close', '5pm'],
    ['special_hours', 'start_hour', 'nine'],
    ['special_hours', 'start_hour', '9am'],
    ['special_hours', 'end_hour', '24:00'],
    ['special_hours', 'end_hour', '25:00'],
    ['special_hours', 'end_hour', '17:00:00:00'],
  ] as const)('%s: refuses %s %j, naming the field', (list, field, time) => {
    expect(lists[list]({ [field]: time })).toEqual([
      `locations.0.contact_detail.${list}.0.${field}: expected a 24-hour time from 00:00 to 23:59, HH:MM or HH:MM:SS, e.g. '09:00'`,
    ]);
  });
});

describe('site.json weekly opening hours', () => {
  it.each([
    ['HH:MM', { open: '08:00', close: '17:30' }],
    ['a day that ends at 23:59', { open: '08:00', close: '23:59' }],
    ['a one-digit hour and seconds, as the opening status reads them', { open: '8:00', close: '17:30:00' }],
    ['a Closed day without times', { status: 'Closed' }],
  ])('accepts %s', (_name, row) => {
    expect(weeklyProblems(row)).toEqual([]);
  });
});

// An Open day without its times showed 'Open' (or its formated_hours) in the table while the
// status line, which reads the times, said 'Closed now' all day.
describe('site.json Open days without their times', () => {
  const weekly = "an Open day needs open and close (24-hour 'HH:MM'); a day without hours is 'Closed'";
  const special = "an Open day needs start_hour and end_hour (24-hour 'HH:MM'); a day without hours is 'Closed'";
  it.each([
    ['a weekly day without times', weeklyProblems, {}, `opening_hours.0: Monday is 'Open' without open and close: ${weekly}`],
    ['a weekly day without close', weeklyProblems, { open: '08:00' }, `opening_hours.0: Monday is 'Open' without close: ${weekly}`],
    [
      'a weekly day with only formated_hours',
      weeklyProblems,
      { formated_hours: '8:00am - 5:30pm' },
      `opening_hours.0: Monday is 'Open' without open and close: ${weekly}`,
    ],
    ['a special day without times', problems, {}, `special_hours.0: 2026-12-24 is 'Open' without start_hour and end_hour: ${special}`],
    ['a special day without start_hour', problems, { end_hour: '12:00' }, `special_hours.0: 2026-12-24 is 'Open' without start_hour: ${special}`],
  ])('refuses %s, naming the day and the missing field', (_name, check, row, where) => {
    expect(check(row)).toEqual([`locations.0.contact_detail.${where}`]);
  });

  it('accepts a Closed special day without times', () => {
    expect(contactProblems({ special_hours: [{ date: '2026-12-25', status: 'Closed' }] })).toEqual([]);
  });
});

describe('site.json hours that close at or before they open (no overnight hours)', () => {
  const weekly = 'opening_hours.0: Monday closes (close) at or before it opens (open)';
  const special = 'special_hours.0: 2026-12-24 closes (end_hour) at or before it opens (start_hour)';
  it.each([
    ['a weekly close after', weeklyProblems, { open: '17:00', close: '08:00' }, weekly],
    ['a weekly close at', weeklyProblems, { open: '08:00', close: '08:00' }, weekly],
    ['a special end_hour after', problems, { start_hour: '17:00', end_hour: '09:00' }, special],
    ['a special end_hour at', problems, { start_hour: '9:00', end_hour: '09:00:00' }, special],
  ])('refuses %s the opening time, naming the day', (_name, check, row, where) => {
    expect(check(row)).toEqual([`locations.0.contact_detail.${where}; hours past midnight are not supported: a day ends at '23:59'`]);
  });

  it("accepts a Closed day that carries times (feeds send '00:00' for a closed day; nothing reads a Closed day's times)", () => {
    expect(contactProblems({ opening_hours: [{ weekday: 0, status: 'Closed', open: '00:00', close: '00:00' }] })).toEqual([]);
    expect(contactProblems({ special_hours: [{ date: '2026-12-25', status: 'Closed', start_hour: '00:00:00', end_hour: '00:00:00' }] })).toEqual([]);
  });
});

describe('site.json location names', () => {
  const named = (name: string) =>
    v.safeParse(SiteSchema, { ...base, locations: [{ id: 7, name, slug: 'springwood', address: { street: '1 Main St', city: 'Springwood', state: 'QLD' } }] });
  it("bounds a name so its contact page's subcategory 'Contact {name}' is one the lead API takes", () => {
    const longest = 'A'.repeat(72);
    expect(named(longest).success).toBe(true);
    expect(v.safeParse(LeadSubmissionSchema, { subcategory: contactSubcategory(longest) }).success).toBe(true);
    // Spaces at the ends are not sent, so not counted.
    expect(named(` ${longest} `).success).toBe(true);
    const tooLong = named('A'.repeat(73));
    expect(tooLong.success).toBe(false);
    expect(tooLong.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`)).toEqual([
      "locations.0.name: a location name is at most 72 characters (its contact page sends 'Contact {name}', at most 80): shorten it",
    ]);
  });
});
