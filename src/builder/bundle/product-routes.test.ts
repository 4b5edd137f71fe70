/**
 * The product paths a content page may not take come from src/pages itself: every top-level
 * dynamic page names its paths, and each named path is one its page builds.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SiteSchema } from '../../schemas/site.ts';
import { DYNAMIC_PAGE_PATHS, productPaths, productRoutePatterns } from './product-routes.ts';

const site = v.parse(SiteSchema, {
  slug: 'routes-motors',
  template: 'used-group',
  name: 'Routes Motors',
  url: 'https://routes.example.com.au',
  phone: '+61 7 3555 0100',
});

describe('product paths (content pages may not take them)', () => {
  it('names the paths of every top-level dynamic page of src/pages, and no page that is gone', () => {
    const dynamic = productRoutePatterns().filter((route) => /^\/\[\w+\]$/.test(route) && route !== '/[...content]');
    expect(dynamic.sort()).toEqual(Object.keys(DYNAMIC_PAGE_PATHS).sort());
  });

  it('the literal paths of /[brands] and /[products] are the values their getStaticPaths build (the others come from their owners)', () => {
    for (const route of ['/[brands]', '/[products]']) {
      const text = readFileSync(new URL(`../../pages${route}.astro`, import.meta.url), 'utf8');
      for (const path of DYNAMIC_PAGE_PATHS[route](site)) expect(text, route).toContain(`: '${path.slice(1)}' }`);
    }
  });

  it('takes the static pages, the folders of pages, the home page and what is served beside the pages', () => {
    const taken = productPaths(site);
    for (const path of [
      '/service',
      '/contact',
      '/finance',
      '/special-offers',
      '/offers',
      '/sign-in',
      '/404',
      '/index',
      '/cars',
      '/search',
      '/used-car',
      '/api',
      '/media',
      '/brands',
      '/pages/unsubscribe',
    ])
      expect(taken.has(path), path).toBe(true);
    for (const path of ['/about-us', '/warranty', '/fleet', '/spin-to-win', '/pages/faqs']) expect(taken.has(path), path).toBe(false);
  });
});
