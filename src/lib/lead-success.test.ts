import { describe, expect, it } from 'vitest';
import { successCopy } from './lead-success.ts';

describe('successCopy', () => {
  it('tells the shopper what happens next for each kind of lead', () => {
    expect(successCopy('Test Drive', 'Acme').heading).toBe('Thank you for booking a test drive');
    expect(successCopy('Reserve', 'Acme').next).toContain('48 hours');
    expect(successCopy('Service Booking', 'Acme').heading).toBe('Thank you for your service booking');
    expect(successCopy('Trade-in Enquiry', 'Acme').next).toContain('7 days');
  });

  it('falls back to a general thank-you naming the dealer', () => {
    expect(successCopy(undefined, 'Acme Cars')).toEqual({ heading: 'Thank you for your enquiry', next: 'A member of the Acme Cars team will be in touch shortly, usually within one business day.' });
  });
});
