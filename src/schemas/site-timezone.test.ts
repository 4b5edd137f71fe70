/** site.json `timezone` must be a time zone this runtime knows: a typo stops the tenant with the field named, not a build or page that throws later. */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SiteSchema } from './site.ts';

const base = { slug: 'zone-motors', template: 'used-group', name: 'Zone Motors', url: 'https://zone.example.com.au', phone: '+61 7 3555 0100' };
const problems = (site: Record<string, unknown>) => {
  const result = v.safeParse(SiteSchema, { ...base, ...site });
  return result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`);
};

describe('site.json timezone', () => {
  it.each(['Australia/Sydeny', 'Brisbane', 'AEST', ''])('refuses %j, naming the field', (timezone) => {
    const found = problems({ timezone });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^timezone: .*time zone/);
  });

  it.each(['Australia/Sydney', 'Australia/Perth', 'Australia/Lord_Howe', 'UTC'])('accepts %s', (timezone) => {
    expect(problems({ timezone })).toEqual([]);
  });

  it('defaults to Australia/Brisbane', () => {
    expect(v.parse(SiteSchema, base).timezone).toBe('Australia/Brisbane');
  });
});
