import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { enquiryFormSchema } from './forms/enquiry.ts';
import { COMMENTS_MAX, fieldErrors } from './forms/fields.ts';
import { FORM_MESSAGES } from './forms/messages.ts';
import { ReserveFormSchema } from './forms/reserve.ts';
import { SERVICE_DATE_MESSAGE } from './forms/service-booking.ts';
import { LeadSubmissionSchema, leadProblems } from './lead.ts';

/** The first day a service booking may name (the dealer's tomorrow), as the lead API works it out from its clock. */
const earliestServiceDate = '2026-03-07';

describe('LeadSubmissionSchema', () => {
  it('keeps known fields, drops unknown ones and defaults category and source', () => {
    const lead = v.parse(LeadSubmissionSchema, { name: 'Jo', email: 'jo@example.com', car_id: 12, evil: '<script>', additional_services: ['Tint'] });
    expect(lead).toMatchObject({ category: 'General Enquiry', source: 'Website', car_id: '12', additional_services: ['Tint'] });
    expect(lead).not.toHaveProperty('evil');
  });
  it('rejects an unissued lead id, oversized params and bad contact formats', () => {
    const result = v.safeParse(LeadSubmissionSchema, {
      lead_id: '1; drop table',
      email: 'nope',
      postcode: '12',
      custom_params: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, 'x'])),
    });
    expect(result.success).toBe(false);
    const paths = result.issues!.map((issue) => v.getDotPath(issue));
    expect(paths).toEqual(expect.arrayContaining(['lead_id', 'email', 'postcode', 'custom_params']));
  });
  it("answers a blank category as the enquiry form does (spec §5: category required): '* This field is required', too long as tooLong", () => {
    const messages = (schema: v.GenericSchema, category: string) => {
      const result = v.safeParse(schema, { name: 'Jo', email: 'jo@example.com', phone: '0412345678', postcode: '4000', message: 'Hi', category });
      return result.success ? {} : fieldErrors(result.issues, schema);
    };
    for (const category of [' ', 'x'.repeat(81)]) {
      expect(messages(LeadSubmissionSchema, category).category).toBe(messages(enquiryFormSchema(), category).category);
    }
    expect(messages(LeadSubmissionSchema, '').category).toBe(FORM_MESSAGES.required);
  });
  it('keeps a missing opt_in missing: no default consent (a service booking step lead sends none)', () => {
    expect(v.parse(LeadSubmissionSchema, { name: 'Jo', email: 'jo@example.com' })).not.toHaveProperty('opt_in');
    expect(v.parse(LeadSubmissionSchema, { name: 'Jo', opt_in: false }).opt_in).toBe(false);
  });
  it('requires a way to reply on a new lead only', () => {
    const bare = v.parse(LeadSubmissionSchema, { name: 'Jo' });
    expect(leadProblems(bare, { isNew: true, termsRequired: false, continuesValuation: false, earliestServiceDate })).toHaveProperty('email');
    expect(leadProblems(bare, { isNew: false, termsRequired: false, continuesValuation: false, earliestServiceDate })).toEqual({});
    expect(
      leadProblems(v.parse(LeadSubmissionSchema, { 'Mobile Number': '0412345678', postcode: '4000' }), {
        isNew: true,
        termsRequired: false,
        continuesValuation: false,
        earliestServiceDate,
      }),
    ).toEqual({});
  });
  it('requires the contact postcode on a new lead only, with the forms message', () => {
    const noPostcode = v.parse(LeadSubmissionSchema, { email: 'jo@example.com', postcode: '' });
    expect(leadProblems(noPostcode, { isNew: true, termsRequired: false, continuesValuation: false, earliestServiceDate })).toEqual({
      postcode: FORM_MESSAGES.postcode,
    });
    expect(leadProblems(noPostcode, { isNew: false, termsRequired: false, continuesValuation: false, earliestServiceDate })).toEqual({});
  });
  it("refuses a Preferred Service Date before the dealer's tomorrow, on that field, as the service form does", () => {
    const booking = (date: string) =>
      v.parse(LeadSubmissionSchema, { email: 'jo@example.com', postcode: '4000', category: 'Service Booking', 'Preferred Service Date': date });
    const rules = { isNew: true, termsRequired: false, continuesValuation: false, earliestServiceDate };
    expect(leadProblems(booking('2026-03-06'), rules)).toEqual({ 'Preferred Service Date': 'Please choose a date from tomorrow onwards.' });
    expect(SERVICE_DATE_MESSAGE).toBe('Please choose a date from tomorrow onwards.');
    expect(leadProblems(booking('2020-01-01'), { ...rules, isNew: false })).toEqual({ 'Preferred Service Date': SERVICE_DATE_MESSAGE });
    expect(leadProblems(booking('2026-03-07'), rules)).toEqual({});
    expect(leadProblems(booking(''), rules)).toEqual({});
  });
  it('exempts from the terms box the instant offer only: its lead naming an evaluation, or offer_accepted continuing such a lead', () => {
    const rules = { isNew: false, termsRequired: true };
    const accept = v.parse(LeadSubmissionSchema, { email: 'jo@example.com', postcode: '4000', form_completed: true, offer_accepted: true });
    expect(leadProblems(accept, { ...rules, continuesValuation: true, earliestServiceDate })).toEqual({});
    expect(leadProblems(accept, { ...rules, continuesValuation: false, earliestServiceDate })).toEqual({ terms_conditions: FORM_MESSAGES.terms });
    expect(leadProblems(accept, { ...rules, isNew: true, continuesValuation: false, earliestServiceDate })).toEqual({ terms_conditions: FORM_MESSAGES.terms });
    const valued = v.parse(LeadSubmissionSchema, { email: 'jo@example.com', form_completed: true, evalid: 'E1' });
    expect(leadProblems(valued, { ...rules, continuesValuation: false, earliestServiceDate })).toEqual({});
  });
});

describe("LeadSubmissionSchema: the forms' own field rules and messages", () => {
  const issues = (body: object) =>
    Object.fromEntries((v.safeParse(LeadSubmissionSchema, body).issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]));
  it("takes the trade-in Mobile Number only as a mobile, as the trade-in form's mobilePhone", () => {
    expect(issues({ 'Mobile Number': '07 3000 1111' })).toEqual({ 'Mobile Number': FORM_MESSAGES.mobile });
    expect(v.parse(LeadSubmissionSchema, { 'Mobile Number': '0412 345 678' })['Mobile Number']).toBe('0412345678');
  });
  it("gives Year and odometer the forms' messages; blank is not given", () => {
    expect(issues({ Year: '2019.5', odometer: 'lots' })).toEqual({ Year: 'Please enter a year such as 2019.', odometer: FORM_MESSAGES.number });
    expect(issues({ Year: true, odometer: {} })).toEqual({ Year: FORM_MESSAGES.number, odometer: FORM_MESSAGES.number });
    expect(v.parse(LeadSubmissionSchema, { Year: '', odometer: '' })).toMatchObject({ Year: undefined, odometer: undefined });
    expect(v.parse(LeadSubmissionSchema, { Year: '2019', odometer: '45,000 kms' })).toMatchObject({ Year: 2019, odometer: 45_000 });
  });
  it('takes the Comments every form takes (COMMENTS_MAX), the reserve form included', () => {
    expect(issues({ message: 'x'.repeat(COMMENTS_MAX) })).toEqual({});
    expect(issues({ message: 'x'.repeat(COMMENTS_MAX + 1) })).toEqual({ message: FORM_MESSAGES.tooLong(COMMENTS_MAX) });
    const reserve = { name: 'Jo', email: 'jo@example.com', phone: '0412345678', postcode: '4000', car_id: 3, terms_conditions: true };
    expect(v.safeParse(ReserveFormSchema, { ...reserve, message: 'x'.repeat(COMMENTS_MAX) }).success).toBe(true);
    expect(v.safeParse(ReserveFormSchema, { ...reserve, message: 'x'.repeat(COMMENTS_MAX + 1) }).success).toBe(false);
  });
});
