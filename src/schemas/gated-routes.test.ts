/**
 * site.json gated_routes: a gateable family's route (its car-slug forms too), a garage route or a
 * tenant content page's path (spec §2); a path no page can gate is refused.
 */
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

  it.each([
    ['/my-garage'],
    ['/mymotorama'],
    ['/cars/2019-toyota-corolla/checkout'],
    ['/cars/2019-toyota-corolla/buy-online/'],
    ['/vip-offers'],
    ['/pages/members'],
  ])('accepts %s (a garage route, a checkout car page, a tenant content page)', (route) => {
    expect(parse([route]).success).toBe(true);
  });

  it.each([['/search/used-cars'], ['/finance/extra'], ['finance'], ['/finance?x=1'], ['/cars/x/y/checkout'], ['/pages/members/list'], ['/Vip-Offers']])(
    'refuses %s, naming the field and the value',
    (route) => {
      const result = parse([route]);
      expect(result.success).toBe(false);
      if (result.success) return;
      const [line] = issueLines(result.issues, { schema: SiteSchema });
      expect(line).toMatch(
        /^field gated_routes\.0: ".*" gates no page: expected a gateable route \(\/checkout, .*\/online-payment\), \/cars\/\{slug\}\/checkout, .*, a garage route or a content page's path/,
      );
      expect(line).toContain(`${JSON.stringify(route)} gates no page`);
    },
  );

  it('stops the build naming site.json and the value', () => {
    expect(() => parseSite('tenants/group-motors/site.json', { ...base, gated_routes: ['/finance', '/search/used-cars'] })).toThrow(
      /tenants\/group-motors\/site\.json[\s\S]*field gated_routes\.1: "\/search\/used-cars" gates no page/,
    );
  });

  it("docs/site-json.md lists every gateable route (the schema's doc comment repeats GATED_FAMILIES)", () => {
    const row = readFileSync(new URL('../../docs/site-json.md', import.meta.url), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('| `gated_routes` |'))!;
    for (const route of GATEABLE_ROUTES) expect(row).toMatch(new RegExp(`[ (]${route.replace(/[/-]/g, '\\$&')}[,).]`));
  });
});
