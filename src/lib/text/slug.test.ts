import { describe, expect, it } from 'vitest';
import { slugParts, slugify } from './slug.ts';

describe('slugify (the one slug rule)', () => {
  it.each([
    ['Toyota', 'toyota'],
    ['Mercedes-Benz', 'mercedes-benz'],
    ['C-HR', 'c-hr'],
    ['  Land  Cruiser 300 ', 'land-cruiser-300'],
    ['SR5+ (4x4)', 'sr5-4x4'],
    ['Zone RV', 'zone-rv'],
    ['', ''],
  ])('%j -> %j', (text, slug) => expect(slugify(text)).toBe(slug));

  // Finding (issue 12): the menu's old slugify kept the combining accent as a hyphen
  // ('citroe-n', 'skoda' -> 's-koda'), so menu and model links 404'd against the search routes.
  it.each([
    ['Citroën', 'citroen'],
    ['Škoda', 'skoda'],
    ['Citroën C5 Aircross', 'citroen-c5-aircross'],
    ['Škoda Octavia RS', 'skoda-octavia-rs'],
    ['Mercedes-Benz C 300 É', 'mercedes-benz-c-300-e'],
  ])('drops accents: %j -> %j', (text, slug) => expect(slugify(text)).toBe(slug));

  it('joins parts, skipping blank ones', () => {
    expect(slugParts(2021, 'Škoda', null, '', undefined, 'Octavia')).toBe('2021-skoda-octavia');
  });
});
