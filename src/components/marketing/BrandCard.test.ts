/**
 * A /brands card (spec §1: logo, title, description): a brand with a logo shows it; one without
 * (the demo group's brands.json gives none, and the product ships no make logos) shows its name
 * in the make tiles' wordmark badge (MakeBadge), hidden from assistive technology since the
 * title names the brand.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { plainText, renderedRoot } from '../../../tests/support/astro-render.ts';
import { wordmarkLines } from '../../lib/range/make-logos.ts';
import { BrandsFileSchema } from '../../schemas/marketing.ts';
import BrandCard from './BrandCard.astro';

/** The lines of a wordmark badge's text. */
const badgeLines = (mark: Element) => [...mark.querySelectorAll('text')].map((line) => plainText(line));

describe('BrandCard', () => {
  it('keeps a brand’s logo, sized and decorative, with no wordmark', async () => {
    const root = await renderedRoot(BrandCard, {
      props: { name: 'Toyota', title: 'Toyota Used', description: 'Used Toyotas.', url: '/search/toyota', logo: '/logos/toyota.svg' },
    });
    const image = root.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/logos/toyota.svg');
    expect(image.getAttribute('alt')).toBe('');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['160', '80']);
    expect(root.querySelector('[data-testid="brand-wordmark"]')).toBeNull();
    expect(plainText(root.querySelector('h3'))).toBe('Toyota Used');
    expect(root.querySelector('h3 a')!.getAttribute('href')).toBe('/search/toyota');
    expect(plainText(root.querySelector('p'))).toBe('Used Toyotas.');
  });

  it('without a logo shows the brand’s name in a wordmark badge of the card’s logo size, hidden from screen readers', async () => {
    const root = await renderedRoot(BrandCard, { props: { name: 'Mazda', description: '' } });
    expect(root.querySelector('img')).toBeNull();
    const mark = root.querySelector('[data-testid="brand-wordmark"]')!;
    expect(badgeLines(mark)).toEqual(['MAZDA']);
    const badge = mark.querySelector('svg.make-badge')!;
    expect([badge.getAttribute('width'), badge.getAttribute('height')]).toEqual(['160', '80']);
    expect(mark.getAttribute('aria-hidden')).toBe('true');
    expect(mark.classList.contains('brand-card__mark')).toBe(true);
    expect(plainText(root.querySelector('h3'))).toBe('Mazda');
    expect(root.querySelector('p')).toBeNull();
  });

  it('every brand of the demo group tenant (no logos, no models.json) gets a badge of its name', async () => {
    const brands = v.parse(BrandsFileSchema, JSON.parse(readFileSync(new URL('../../../tenants/sunstate-motor-group/brands.json', import.meta.url), 'utf8')));
    expect(brands.length).toBeGreaterThan(0);
    for (const brand of brands) {
      expect(brand.logo).toBeUndefined();
      const root = await renderedRoot(BrandCard, { props: { ...brand } });
      expect(badgeLines(root.querySelector('[data-testid="brand-wordmark"]')!)).toEqual(wordmarkLines(brand.name));
    }
  });
});
