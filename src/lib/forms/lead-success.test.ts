import { describe, expect, it } from 'vitest';
import { successCopy, successRecord } from './lead-success.ts';

describe('successCopy', () => {
  it('tells the shopper what happens next for each kind of lead', () => {
    expect(successCopy('Test Drive', 'Acme').heading).toBe('Thank you for booking a test drive');
    expect(successCopy('Reserve', 'Acme').next).toContain('48 hours');
    expect(successCopy('Service Booking', 'Acme').heading).toBe('Thank you for your service booking');
    expect(successCopy('Trade-in Enquiry', 'Acme').next).toContain('7 days');
  });

  it('sell-my-car with an instant offer: the offer is made, the inspection follows (no "contact you with an offer")', () => {
    const copy = successCopy('Trade-in Enquiry', 'Acme', true);
    expect(copy.heading).toBe('Your instant offer');
    expect(copy.next).toBe('Our buying team will contact you to arrange an inspection of your vehicle. The offer is valid for 7 days and subject to that inspection.');
    expect(copy.next).not.toContain('with an offer');
  });

  it('falls back to a general thank-you naming the dealer', () => {
    expect(successCopy(undefined, 'Acme Cars')).toEqual({ heading: 'Thank you for your enquiry', next: 'A member of the Acme Cars team will be in touch shortly, usually within one business day.' });
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
