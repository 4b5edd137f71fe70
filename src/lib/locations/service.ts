/**
 * Service page rules (spec §2 "Service page", §9 default texts): how the page takes a booking,
 * the title, the headline of the /warranty link card and the perks list. Pure.
 */
import type { Site } from '../../schemas/site.ts';
import { bookingIframeSize } from '../forms/service-booking.ts';
import { warrantyHeadline } from '../site/warranty.ts';

/**
 * How the service page takes a booking: the page's own form (the three-step island), or the
 * dealer's own booking system (site.json xtime_url) embedded at service.iframe_size, whose
 * confirmation is that system's, not a promise of ours.
 */
export type ServiceBooking = { kind: 'own-form' } | { kind: 'embedded'; url: string; width: string; height: string };

/** The one choice of own form or embedded booking system: the service page and its booking slot both read it. */
export function serviceBooking(site: Pick<Site, 'xtime_url' | 'service'>): ServiceBooking {
  if (!site.xtime_url) return { kind: 'own-form' };
  return { kind: 'embedded', url: site.xtime_url, ...bookingIframeSize(site.service.iframe_size) };
}

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
