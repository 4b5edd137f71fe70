/**
 * What /success tells the shopper after a lead (spec §2 /success, §4 generic form
 * success): a heading and what happens next, by the category that was sent.
 */

import type { Site } from '../../schemas/site.ts';
import { depositTerms } from './deposit-terms.ts';
import type { DepositTermsSettings } from '../../schemas/site/payments.ts';

/** What the success copy names of the site: the dealer and its reserve deposit terms (docs/payments.md). */
export interface SuccessSite {
  dealer: string;
  /** site.reserve_deposit, in dollars. */
  deposit: number;
  depositSettings: DepositTermsSettings;
}

/** The success page's settings of a site (src/pages/success.astro hands them to the island). */
export function successSite(site: Pick<Site, 'name' | 'reserve_deposit' | 'payments'>): SuccessSite {
  const { deposit_hold_hours, deposit_refundable, deposit_terms } = site.payments;
  return {
    dealer: site.name,
    deposit: site.reserve_deposit,
    depositSettings: { deposit_hold_hours, deposit_refundable, ...(deposit_terms ? { deposit_terms } : {}) },
  };
}

/** What the success copy names of the lead: whether an instant offer was made with it, the car's name. */
export interface SuccessLead {
  withOffer?: boolean;
  carName?: string | null;
}

/** Heading and next-step text of the success page. */
export interface SuccessCopy {
  heading: string;
  next: string;
}

/** The success page copy for a lead category (a general thank-you for unknown ones). */
export function successCopy(category: string | null | undefined, site: SuccessSite, lead: SuccessLead = {}): SuccessCopy {
  const { dealer } = site;
  const withOffer = lead.withOffer ?? false;
  switch ((category ?? '').toLowerCase()) {
    case 'test drive':
      return {
        heading: 'Thank you for booking a test drive',
        next: `${dealer} will call you to confirm the day and time of your test drive. Please bring your driver licence along.`,
      };
    case 'service booking':
      return {
        heading: 'Thank you for your service booking',
        next: `Our service team will contact you to confirm your booking time. If you need to change it, just give us a call.`,
      };
    case 'trade-in enquiry':
      // With an instant offer the offer is made already: what follows is the inspection, not an offer.
      if (withOffer)
        return {
          heading: 'Your instant offer',
          next: 'Our buying team will contact you to arrange an inspection of your vehicle. The offer is valid for 7 days and subject to that inspection.',
        };
      return {
        heading: 'Thank you for your trade-in request',
        next: 'Our buying team will review your vehicle details and contact you with an offer. Online estimates are valid for 7 days and subject to inspection.',
      };
    case 'offer accepted':
      return { heading: 'Thank you for accepting our offer', next: 'Our buying team will contact you to arrange an inspection of your vehicle.' };
    case 'reserve':
      // The terms the deposit step stated before payment, with the site's settings (never a fixed 48 hours).
      return {
        heading: 'Your car is reserved',
        next: `${depositTerms(site.deposit, lead.carName || 'car', site.depositSettings)} Our team will contact you to arrange the next steps.`,
      };
    case 'reserve request':
      // No payment provider (docs/payments.md): nothing was paid, so nothing is said to be reserved.
      return {
        heading: 'Thank you for your reservation request',
        next: `No card was charged online. ${dealer} will call you to take the deposit and confirm your reservation.`,
      };
    case 'online payment':
      return { heading: 'Thank you for your payment', next: `Your payment to ${dealer} is confirmed. We have e-mailed your receipt.` };
    case 'finance enquiry':
      return {
        heading: 'Thank you for your finance enquiry',
        next: 'A finance specialist will contact you to discuss your options. Applying does not affect your credit score until you choose to proceed.',
      };
    case 'request photos':
      return { heading: 'Thank you for your request', next: 'We will send you more photos of this vehicle shortly.' };
    default:
      return { heading: 'Thank you for your enquiry', next: `A member of the ${dealer} team will be in touch shortly, usually within one business day.` };
  }
}

/** The older /success record the vehicle modals leave after a lead (kept by src/islands/forms/lead-traces.ts): its success category and its car. */
export interface LegacyLeadRecord {
  category: string | null;
  car: { name: string; slug: string; lead_id: string | null } | null;
}

/** The record a form island leaves (src/stores/prefill.ts SentLead, the fields used here). */
export interface FormLeadRecord {
  category: string;
  successCategory: string;
  lead_id?: string;
  car?: { name: string; slug: string } | null;
  sent: [string, string][];
  /** The instant offer made with the lead (sell-my-car). */
  offer?: { vehicle: string; amount: string } | null;
}

/**
 * Which lead /success describes. Form islands (the lead modals too) write both records
 * (their lead_car carries the lead_id); pages built before the modals used the form islands
 * wrote only the legacy keys, so a legacy record that does not match the form record means
 * such a lead came later and wins.
 */
export function successRecord(
  legacy: LegacyLeadRecord,
  form: FormLeadRecord | null,
): { category: string | null; car: { name: string; slug: string } | null; sent: [string, string][]; offer: { vehicle: string; amount: string } | null } {
  const formIsLatest =
    form !== null && (!legacy.category || (legacy.category === form.successCategory && (!legacy.car || legacy.car.lead_id === (form.lead_id ?? null))));
  if (formIsLatest) return { category: form.category, car: form.car ?? null, sent: form.sent, offer: form.offer ?? null };
  return { category: legacy.category, car: legacy.car ? { name: legacy.car.name, slug: legacy.car.slug } : null, sent: [], offer: null };
}
