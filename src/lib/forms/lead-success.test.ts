import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SiteSchema } from '../../schemas/site.ts';
import { successCopy, successRecord, successSite, type SuccessSite } from './lead-success.ts';

/** A site with the spec's deposit (docs/payments.md defaults). */
const acme: SuccessSite = { dealer: 'Acme', deposit: 200, depositSettings: { deposit_hold_hours: 48, deposit_refundable: true } };

describe('successCopy', () => {
  it('tells the shopper what happens next for each kind of lead', () => {
    expect(successCopy('Test Drive', acme).heading).toBe('Thank you for booking a test drive');
    expect(successCopy('Reserve', acme).next).toContain('48 hours');
    expect(successCopy('Service Booking', acme).heading).toBe('Thank you for your service booking');
    expect(successCopy('Trade-in Enquiry', acme).next).toContain('7 days');
  });

  it('a paid reservation states the deposit terms of the site, in the words the deposit step used', () => {
    expect(successCopy('Reserve', acme, { carName: '2019 Mazda 3' })).toEqual({
      heading: 'Your car is reserved',
      next: '$200 deposit holds the 2019 Mazda 3 for you for 48 hours. The deposit is refundable in full. Our team will contact you to arrange the next steps.',
    });
    const strict: SuccessSite = { dealer: 'Strict Cars', deposit: 500, depositSettings: { deposit_hold_hours: 24, deposit_refundable: false, deposit_terms: 'Deducted from the price on purchase.' } };
    const next = successCopy('Reserve', strict).next;
    expect(next).toBe('$500 deposit holds the car for you for 24 hours. The deposit is not refundable. Deducted from the price on purchase. Our team will contact you to arrange the next steps.');
    expect(next).not.toMatch(/48 hours|fully refundable|refundable in full/);
  });

  it('sell-my-car with an instant offer: the offer is made, the inspection follows (no "contact you with an offer")', () => {
    const copy = successCopy('Trade-in Enquiry', acme, { withOffer: true });
    expect(copy.heading).toBe('Your instant offer');
    expect(copy.next).toBe('Our buying team will contact you to arrange an inspection of your vehicle. The offer is valid for 7 days and subject to that inspection.');
    expect(copy.next).not.toContain('with an offer');
  });

  it('falls back to a general thank-you naming the dealer', () => {
    expect(successCopy(undefined, { ...acme, dealer: 'Acme Cars' })).toEqual({ heading: 'Thank you for your enquiry', next: 'A member of the Acme Cars team will be in touch shortly, usually within one business day.' });
  });
});

describe('successSite', () => {
  it("carries the site's deposit and its payments terms to /success", () => {
    const site = v.parse(SiteSchema, { slug: 'strict-cars', template: 'used-group', name: 'Strict Cars', url: 'https://strict.example.com.au', phone: '+61 7 3555 0100', reserve_deposit: 500, payments: { deposit_hold_hours: 24, deposit_refundable: false } });
    expect(successSite(site)).toEqual({ dealer: 'Strict Cars', deposit: 500, depositSettings: { deposit_hold_hours: 24, deposit_refundable: false } });
    expect(successCopy('Reserve', successSite(site)).next).toContain('for 24 hours. The deposit is not refundable.');
  });
});

describe('successRecord', () => {
  const form = { category: 'Test Drive', successCategory: 'Test Drive', lead_id: 'L1', car: { name: 'Corolla', slug: 'corolla' }, sent: [['First Name', 'Ann']] as [string, string][] };

  it('shows the form record when the legacy keys are the form own', () => {
    expect(successRecord({ category: 'Test Drive', car: { name: 'Corolla', slug: 'corolla', lead_id: 'L1' } }, form)).toEqual({ category: 'Test Drive', car: { name: 'Corolla', slug: 'corolla' }, sent: [['First Name', 'Ann']], offer: null });
    expect(successRecord({ category: null, car: null }, form).sent).toHaveLength(1);
  });

  it('shows a later modal lead (legacy keys without the form lead_id), without the old sent fields', () => {
    expect(successRecord({ category: 'Test Drive', car: { name: 'Ranger', slug: 'ranger', lead_id: null } }, form)).toEqual({ category: 'Test Drive', car: { name: 'Ranger', slug: 'ranger' }, sent: [], offer: null });
    expect(successRecord({ category: 'General Enquiry', car: { name: 'Ranger', slug: 'ranger', lead_id: null } }, form).category).toBe('General Enquiry');
    expect(successRecord({ category: 'General Enquiry', car: null }, null)).toEqual({ category: 'General Enquiry', car: null, sent: [], offer: null });
  });

  it('carries the instant offer of the form record', () => {
    const offer = { vehicle: '2015 Kia Picanto', amount: '$12,400' };
    expect(successRecord({ category: null, car: null }, { ...form, category: 'Trade-in Enquiry', successCategory: 'Trade-in Enquiry', offer }).offer).toEqual(offer);
  });
});
