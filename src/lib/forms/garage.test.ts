/** The garage's owner (src/lib/forms/garage.ts): whether a site keeps one, its path and the header's link to it. */
import { describe, expect, it } from 'vitest';
import { garageLink, garagePath, offersGarage } from './garage.ts';

const site = (garage: boolean, garage_routes?: string[]) => ({ garage_enabled: garage, features: { garage: false }, garage_routes });

describe('garagePath', () => {
  it("is the site's first garage route, else /my-garage", () => {
    expect(garagePath({ garage_routes: ['/mysunstate', '/myother'] })).toBe('/mysunstate');
    expect(garagePath({ garage_routes: [] })).toBe('/my-garage');
    expect(garagePath({})).toBe('/my-garage');
  });
});

describe('garageLink', () => {
  it('reads My Garage (the page title) and goes to the garage path, on a site that keeps a watchlist', () => {
    expect(garageLink(site(true, ['/mysunstate']))).toEqual({ label: 'My Garage', href: '/mysunstate' });
    expect(garageLink({ garage_enabled: false, features: { garage: true } })).toEqual({ label: 'My Garage', href: '/my-garage' });
  });

  it('is none on a site without the garage', () => {
    expect(offersGarage(site(false))).toBe(false);
    expect(garageLink(site(false, ['/mysunstate']))).toBeNull();
  });
});
