/**
 * Make logos of the home page's make tiles (spec §2 "Facet tiles with label, count, logo"; §3
 * Manufacturer "logo url"). A tile shows the manufacturer's logo when the tenant's data gives one
 * (models.json `manufacturer` / `manufacturers`, brands.json car, motorcycle and truck brands);
 * otherwise a wordmark badge: the make's name set in the badge (`wordmarkLines`), never a
 * trademark of the platform's own. Pure.
 */
import { slugify } from '../text/slug.ts';

/** A brand as the tenant files give it: a name and perhaps its logo's URL. */
export interface BrandLogoSource {
  name: string;
  logo?: string | null;
  /** brands.json type; a 'group' brand is the dealer's own, never a make. */
  type?: string;
}

/** Logo URL by make slug ('mercedes-benz'), from the tenant's brands that carry one; the first given wins. */
export function makeLogos(brands: readonly BrandLogoSource[]): Map<string, string> {
  const logos = new Map<string, string>();
  for (const brand of brands) {
    const logo = brand.logo?.trim();
    if (!logo || brand.type === 'group') continue;
    const key = slugify(brand.name);
    if (key && !logos.has(key)) logos.set(key, logo);
  }
  return logos;
}

/** The logos of `makes` (facet values as the stock spells them) that the tenant has, keyed by that spelling. */
export function logosOfMakes(logos: ReadonlyMap<string, string>, makes: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const make of makes) {
    const logo = logos.get(slugify(make));
    if (logo) found[make] = logo;
  }
  return found;
}

/** Longest line of a one-line wordmark before a two-word name is set on two lines. */
const ONE_LINE_MAX = 9;

/**
 * The lines of a make's wordmark badge, upper-case: one line ('TOYOTA', 'KTM'), or two for a
 * long name of several words ('HARLEY' / 'DAVIDSON', 'LOTUS' / 'CARAVANS', 'ROYAL' / 'ENFIELD'),
 * split where the two lines come out most even.
 */
export function wordmarkLines(make: string): string[] {
  const name = make.trim().replace(/\s+/g, ' ').toUpperCase();
  const words = name.split(/(?<=-)|\s/).filter(Boolean);
  if (name.length <= ONE_LINE_MAX || words.length < 2) return [name];
  let best: string[] = [name];
  let bestWidth = Number.POSITIVE_INFINITY;
  for (let split = 1; split < words.length; split += 1) {
    const lines = [words.slice(0, split), words.slice(split)].map((part) => part.join(' ').replace(/- /g, '-'));
    const width = Math.max(...lines.map((line) => line.length));
    if (width < bestWidth) [best, bestWidth] = [lines, width];
  }
  return best;
}
