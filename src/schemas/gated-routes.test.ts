/** site.json gated_routes: only the gateable families' routes (spec §2), so a listed path always gates a page. */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SiteSchema } from './site.ts';
import { issueLines } from './issues.ts';
import { parseSite } from '../lib/site/tenant.ts';
import { readFileSync } from 'node:fs';
import { GATEABLE_ROUTES } from './site/gated-routes.ts';

const base = { slug: 'group-motors', template: 'used-group', name: 'Group Motors', url: 'https://group.example.com.au', phone: '+61 7 3555 0100' };
const parse = (gated_routes: unknown) => v.safeParse(SiteSchema, { ...base, gated_routes });

describe('gated_routes', () => {
  it('accepts any route of a gateable family and defaults to none', () => {
    expect(parse(['/checkout', '/finance-enquiry', '/cars/trade-in', '/sell-my-car', '/spin-to-win', '/online-payment/']).success).toBe(true);
    const none = v.safeParse(SiteSchema, base);
    expect(none.success && none.output.gated_routes).toEqual([]);
  });

  it.each([['/service'], ['/my-garage'], ['/finance/extra'], ['finance'], ['/finance?x=1']])('refuses %s, naming the field and the value', (route) => {
    const result = parse([route]);
    expect(result.success).toBe(false);
    if (result.success) return;
    const [line] = issueLines(result.issues, { schema: SiteSchema });
    expect(line).toMatch(/^field gated_routes\.0: ".*" gates no page: expected a gateable route \(\/checkout, .*\/online-payment\)$/);
    expect(line).toContain(`${JSON.stringify(route)} gates no page`);
  });

  it('stops the build naming site.json and the value', () => {
    expect(() => parseSite('tenants/group-motors/site.json', { ...base, gated_routes: ['/finance', '/service'] })).toThrow(
      /tenants\/group-motors\/site\.json[\s\S]*field gated_routes\.1: "\/service" gates no page/,
    );
  });

  it("docs/site-json.md lists every gateable route (the schema's doc comment repeats GATED_FAMILIES)", () => {
    const row = readFileSync(new URL('../../docs/site-json.md', import.meta.url), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('| `gated_routes` |'))!;
    for (const route of GATEABLE_ROUTES) expect(row).toMatch(new RegExp(`[ (]${route.replace(/[/-]/g, '\\$&')}[,).]`));
  });
});
