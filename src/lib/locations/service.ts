/**
 * Service page rules (spec §2 "Service page", §9 default texts): the title, the headline of
 * the /warranty link card and the perks list. Pure.
 */
import type { Site } from '../../schemas/site.ts';
import { warrantyHeadline } from '../site/warranty.ts';

/** Default service title; {dealer} is replaced. */
export const DEFAULT_SERVICE_TITLE = 'Book Your Service at {dealer}';

/** Service page title: the site's text (or the default) with {dealer} replaced. */
export function serviceTitle(template: string | undefined, dealer: string): string {
  return (template ?? DEFAULT_SERVICE_TITLE).replaceAll('{dealer}', dealer);
}

/** Headline of the service page's /warranty link card: its own service_page.warranty_text, else the site's warranty headline. */
export function warrantyCardText(site: Pick<Site, 'service_page' | 'texts' | 'manufacturer'>): string {
  return site.service_page.warranty_text?.trim() || warrantyHeadline(site);
}

/** The spec's perks list, in its order and words (spec §2 "Service page"), each capitalised as a list item. */
export const DEFAULT_SERVICE_PERKS = [
  'Genuine parts',
  'Maintenance plan',
  'Software updates',
  'Health checks',
  'Quick Smart 90-minute service',
  'Free loan cars',
  'Lounge',
  'Shuttle',
  'Early drop-offs',
] as const;
