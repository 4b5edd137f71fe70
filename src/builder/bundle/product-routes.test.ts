/**
 * The product paths a content page may not take come from src/pages itself: every top-level
 * dynamic page names its paths, and each named path is one its page builds.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BrandSchema, ProductSchema } from '../../schemas/marketing.ts';
import { SiteSchema } from '../../schemas/site.ts';
import { DYNAMIC_PAGE_PATHS, productPaths, productRoutePatterns } from './product-routes.ts';

const site = v.parse(SiteSchema, {
  slug: 'routes-motors',
  template: 'used-group',
  name: 'Routes Motors',
  url: 'https://routes.example.com.au',
  phone: '+61 7 3555 0100',
});

const product = (categories: string[]) => v.parse(ProductSchema, { id: categories.join('-'), name: categories.join(' '), categories });

describe('product paths (content pages may not take them)', () => {
  it('names the paths of every top-level dynamic page of src/pages, and no page that is gone', () => {
    const dynamic = productRoutePatterns().filter((route) => /^\/\[\w+\]$/.test(route) && route !== '/[...content]');
    expect(dynamic.sort()).toEqual(Object.keys(DYNAMIC_PAGE_PATHS).sort());
  });

  it('/[products] and /[brands] take their paths only where the tenant has the page: products, an Accessories product, brands', () => {
    const none = productPaths(site, {});
    for (const path of ['/vehicle-parts-and-accessories', '/accessories', '/brands']) expect(none.has(path), path).toBe(false);
    const parts = productPaths(site, { products: [product(['Towing'])] });
    expect(parts.get('/vehicle-parts-and-accessories')).toBe('the page /[products]');
    expect(parts.has('/accessories')).toBe(false);
    const accessories = productPaths(site, { products: [product(['Towing']), product(['Accessories'])] });
    expect(accessories.get('/accessories')).toBe('the page /[products]');
    expect(productPaths(site, { brands: [v.parse(BrandSchema, { name: 'Toyota', slug: 'toyota', type: 'car' })] }).get('/brands')).toBe('the page /[brands]');
  });

  it('/[products] and /[brands] build their paths from the owners productPaths asks', () => {
    for (const [route, owner] of [
      ['/[products]', 'productListingPages('],
      ['/[brands]', 'brandsPagePaths('],
    ]) {
      expect(readFileSync(new URL(`../../pages${route}.astro`, import.meta.url), 'utf8'), route).toContain(owner);
    }
  });

  it('takes the static pages, the home page and what is served beside the pages', () => {
    const taken = productPaths(site, { brands: [v.parse(BrandSchema, { name: 'Toyota', slug: 'toyota', type: 'car' })] });
    for (const path of [
      '/service',
      '/contact',
      '/finance',
      '/special-offers',
      '/offers',
      '/sign-in',
      '/404',
      '/index',
      '/contact-us',
      '/cars/trade-in',
      '/personalised/finance',
      '/api',
      '/media',
      '/brands',
      '/pages/unsubscribe',
    ])
      expect(taken.has(path), path).toBe(true);
    for (const path of ['/about-us', '/warranty', '/fleet', '/spin-to-win', '/pages/faqs']) expect(taken.has(path), path).toBe(false);
  });

  it('takes no folder of deeper pages and no path with a dynamic segment: no product page is built there', () => {
    const taken = productPaths(site, {});
    for (const path of ['/cars', '/search', '/used-car', '/blog', '/locations', '/our-location', '/parts', '/personalised', '/contact-us/[locationSlug]'])
      expect(taken.has(path), path).toBe(false);
    expect([...taken.keys()].filter((path) => path.includes('['))).toEqual([]);
  });
});
