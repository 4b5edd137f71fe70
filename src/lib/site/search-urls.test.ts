import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SiteSchema } from '../../schemas/site.ts';
import { allStockPath, searchPrefix } from './search-urls.ts';

const site = (fields: Record<string, unknown> = {}) =>
  v.parse(SiteSchema, { slug: 's', template: 'used-group', name: 'Sunny Cars', url: 'https://s.com.au', phone: '+61 7 3000 0000', ...fields });

describe('searchPrefix and allStockPath (site.json used_car_routes)', () => {
  it.each([
    ['a parsed site without the setting (default false)', site(), '/search'],
    ['used_car_routes false', site({ used_car_routes: false }), '/search'],
    ['used_car_routes true', site({ used_car_routes: true }), '/used-car'],
    ['a raw site.json without the setting', {}, '/search'],
  ])('%s -> %s', (_name, config, prefix) => {
    expect(searchPrefix(config)).toBe(prefix);
    expect(allStockPath(config)).toBe(`${prefix}/new-used-and-demo-cars`);
  });
});
