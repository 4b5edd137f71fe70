/**
 * Service page rules (spec §2 "Service page", §9 default texts and warranty texts): the
 * title, the warranty headline of the /warranty link card and the perks list. Pure.
 */

/** Default service title; {dealer} is replaced. */
export const DEFAULT_SERVICE_TITLE = 'Book Your Service at {dealer}';
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

/** Service page title: the site's text (or the default) with {dealer} replaced. */
export function serviceTitle(template: string | undefined, dealer: string): string {
  return (template ?? DEFAULT_SERVICE_TITLE).replaceAll('{dealer}', dealer);
}

/** Warranty headline: the service settings' own text, else the brand's, else the site's text (default '3 Year Warranty Standard'). */
export function warrantyText(options: { own?: string; brand?: string; siteText?: string }): string {
  if (options.own) return options.own;
  const brand = options.brand?.toLowerCase().trim();
  if (brand && BRAND_WARRANTY_TEXTS[brand]) return BRAND_WARRANTY_TEXTS[brand];
  return options.siteText ?? DEFAULT_WARRANTY_TEXT;
}

/** The spec's perks list, in its order. */
export const DEFAULT_SERVICE_PERKS = [
  'Genuine parts',
  'Maintenance plan',
  'Software updates',
  'Health checks',
  'Quick Smart 90-minute service',
  'Free loan cars',
  'Customer lounge',
  'Shuttle service',
  'Early drop-offs',
] as const;
