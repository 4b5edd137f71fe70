/**
 * The shopper features a site switches off in site.json that the lead API refuses as well
 * (docs/lead-api.md "Switched-off features"): whether a site offers each one, and the sentence
 * of the 404 its calls are answered with when it does not. A route that serves only such a
 * feature takes `offeredOnly(feature)` as its options; a route that serves several (a lead)
 * asks `switchedOff` for the one it is about.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GARAGE_NOT_KEPT, offersGarage } from '../../lib/forms/garage.ts';
import { offersTradeIn } from '../../lib/forms/trade-in-offer.ts';
import { TRADE_IN_NOT_OFFERED } from '../../schemas/api/trade-in.ts';
import type { Site } from '../../schemas/site.ts';
import { isReserveCategory, isTestDriveCategory, isValuationLead, type LeadSubmission } from '../../schemas/lead.ts';
import { ONLINE_PURCHASE_SUBCATEGORY } from '../../lib/vehicle/vehicle-actions.ts';
import { sendError } from './http.ts';

/** The answer to a test-drive call (availability, a test-drive lead) where `features.test_drive` is false, as /book-test-drive/ there says. */
export const TEST_DRIVES_NOT_BOOKED =
  'This site does not book test drives online. Please get in touch with one of our friendly team members to arrange a test drive.';

/** Each feature: whether the site offers it, and the answer to its calls when it does not (sentences modelled on TRADE_IN_NOT_OFFERED). */
const SWITCHES = {
  trade_in: { offered: offersTradeIn, message: TRADE_IN_NOT_OFFERED },
  test_drive: { offered: (site: Site) => site.features.test_drive, message: TEST_DRIVES_NOT_BOOKED },
  delivery_calculator: {
    offered: (site: Site) => site.features.delivery_calculator,
    message: 'This site does not estimate delivery online. Please get in touch with one of our friendly team members for a delivery quote.',
  },
  garage: { offered: offersGarage, message: GARAGE_NOT_KEPT },
  phone_reveal: {
    offered: (site: Site) => site.features.phone_reveal,
    message: 'This site does not hide its phone numbers. Please call one of our friendly team members on the number shown.',
  },
  view_counter: { offered: (site: Site) => site.features.view_counter, message: 'This site does not count vehicle page views.' },
  pdf: {
    offered: (site: Site) => site.features.pdf,
    message: 'This site does not offer vehicle PDFs. Please get in touch with one of our friendly team members for the details of this vehicle.',
  },
  instant_offer_images: {
    offered: (site: Site) => site.features.instant_offer_images,
    message:
      'This site does not take photos of your vehicle online. Please send your details without photos, or get in touch with one of our friendly team members.',
  },
  reserve: {
    offered: (site: Site) => site.features.reserve,
    message: 'This site does not reserve vehicles online. Please get in touch with one of our friendly team members to hold this vehicle.',
  },
  online_purchase: {
    offered: (site: Site) => site.features.online_purchase,
    message: 'This site does not sell vehicles online. Please get in touch with one of our friendly team members to buy this vehicle.',
  },
  locations: {
    offered: (site: Site) => site.features.locations,
    message: 'This site has no dealer locator. Please get in touch with one of our friendly team members to find your nearest location.',
  },
  spin_to_win: {
    offered: (site: Site) => site.spin_to_win !== undefined,
    message: 'This site has no Spin to Win promotion. Please get in touch with one of our friendly team members about our current offers.',
  },
} satisfies Record<string, { offered: (site: Site) => boolean; message: string }>;

/** A shopper feature the lead API refuses where the site switched it off. */
export type SwitchedFeature = keyof typeof SWITCHES;

/** The answer for the first of `features` the site switched off, or undefined when it offers them all. */
export function switchedOff(site: Site, ...features: SwitchedFeature[]): string | undefined {
  return features.map((feature) => SWITCHES[feature]).find((feature) => !feature.offered(site))?.message;
}

/** The switch a Reserve lead's journey is under: the online purchase journey (its subcategory names it), else the reserve page. */
export function reserveJourney(subcategory: string | null | undefined): 'reserve' | 'online_purchase' {
  return subcategory === ONLINE_PURCHASE_SUBCATEGORY ? 'online_purchase' : 'reserve';
}

/**
 * The answer for a lead of a feature the site switched off, or undefined: the instant offer's
 * leads (trade-in), a test-drive lead, a lead of the reserve page or of the online purchase
 * journey (category Reserve; the journey's subcategory names it).
 */
export function leadSwitchedOff(site: Site, lead: Pick<LeadSubmission, 'evalid' | 'offer_accepted' | 'category' | 'subcategory'>): string | undefined {
  const valuation = isValuationLead(lead) ? switchedOff(site, 'trade_in') : undefined;
  if (valuation || isTestDriveCategory(lead.category)) return valuation ?? switchedOff(site, 'test_drive');
  if (!isReserveCategory(lead.category)) return undefined;
  return switchedOff(site, reserveJourney(lead.subcategory));
}

/** Route options: the call is answered 404 with the feature's sentence, before anything else, on a site that switched one of `features` off. */
export function offeredOnly(...features: SwitchedFeature[]) {
  return {
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const message = switchedOff(request.tenant.site, ...features);
      if (message) return sendError(reply, 404, message);
    },
  };
}
