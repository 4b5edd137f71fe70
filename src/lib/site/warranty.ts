/**
 * A site's warranty headline (spec §2 service page "link cards to /warranty", §9 warranty
 * texts): the one text the service page's /warranty card and the default /warranty page show,
 * so they never contradict each other; a vehicle page names the brand's factory warranty only for
 * a new or demonstrator car of the brand (carWarranty). Pure.
 */
import type { Site } from '../../schemas/site.ts';

/** Warranty headline when neither the site nor the brand has one. */
export const DEFAULT_WARRANTY_TEXT = '3 Year Warranty Standard';
/** The platform's own warranty offer (spec §9 "Warranty 5 years unlimited km"). */
export const FIVE_YEAR_WARRANTY_TEXT = '5 Year Unlimited km Warranty';

/** Brand warranty headlines: brands whose factory warranty differs from the 3-year standard. */
export const BRAND_WARRANTY_TEXTS: Record<string, string> = {
  toyota: FIVE_YEAR_WARRANTY_TEXT,
  mazda: FIVE_YEAR_WARRANTY_TEXT,
  hyundai: FIVE_YEAR_WARRANTY_TEXT,
  nissan: FIVE_YEAR_WARRANTY_TEXT,
  ford: FIVE_YEAR_WARRANTY_TEXT,
  honda: FIVE_YEAR_WARRANTY_TEXT,
  volkswagen: FIVE_YEAR_WARRANTY_TEXT,
  subaru: FIVE_YEAR_WARRANTY_TEXT,
  suzuki: FIVE_YEAR_WARRANTY_TEXT,
  isuzu: '6 Year 150,000 km Warranty',
  kia: '7 Year Unlimited km Warranty',
  mg: '10 Year 250,000 km Warranty',
  mitsubishi: '10 Year 200,000 km Warranty',
};

/** The site's warranty headline: site.json texts.warranty when the dealer set it, else its manufacturer's text, else the default. */
export function warrantyHeadline(site: { texts: Pick<Site['texts'], 'warranty'>; manufacturer?: string }): string {
  const own = site.texts.warranty?.trim();
  if (own) return own;
  return BRAND_WARRANTY_TEXTS[site.manufacturer?.toLowerCase().trim() ?? ''] ?? DEFAULT_WARRANTY_TEXT;
}

/**
 * The warranty a vehicle page names for `car`: the dealer's own texts.warranty for every car;
 * else the brand's factory warranty only for a new or demonstrator car of the dealer's brand (a
 * used car or another make does not carry it); else the default.
 */
export function carWarranty(
  site: { texts: Pick<Site['texts'], 'warranty'>; manufacturer?: string },
  car: { make?: string | null; car_type: 'new' | 'used' | 'demo' },
): string {
  if (site.texts.warranty?.trim()) return warrantyHeadline(site);
  const brand = site.manufacturer?.toLowerCase().trim();
  const ofBrand = Boolean(brand) && car.make?.toLowerCase().trim() === brand && car.car_type !== 'used';
  return ofBrand ? warrantyHeadline(site) : DEFAULT_WARRANTY_TEXT;
}
