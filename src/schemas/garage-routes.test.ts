/** Audit 2.76: site.json garage_routes (group garage routes as aliases of /my-garage). */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SiteSchema } from './site.ts';

const base = { slug: 'group-motors', template: 'used-group', name: 'Group Motors', url: 'https://group.example.com.au', phone: '+61 7 3555 0100' };
const parse = (garage_routes: unknown) => v.safeParse(SiteSchema, { ...base, garage_routes });

describe('2.76: garage_routes', () => {
  it('2.76: accepts one-segment /my... paths and defaults to none', () => {
    expect(parse(['/mymotorama', '/mybigboxcars']).success).toBe(true);
    const none = v.safeParse(SiteSchema, base);
    expect(none.success && none.output.garage_routes).toEqual([]);
  });
  it.each([['/garage'], ['/my/garage'], ['mymotorama'], ['/my-garage'], ['/MyMotorama']])('2.76: rejects %s with the field named', (route) => {
    const result = parse([route]);
    expect(result.success).toBe(false);
    if (!result.success) expect(v.getDotPath(result.issues[0]!)).toBe('garage_routes.0');
  });
});
