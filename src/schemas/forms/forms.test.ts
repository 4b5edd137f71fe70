import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from './messages.ts';
import { EnterVinSchema, UpdateEvalSchema, imageUploadProblem } from '../api/trade-in.ts';
import { WatchlistChangeSchema } from '../api/watchlist.ts';
import { enquiryFormSchema } from './enquiry.ts';
import { fieldErrors, mobilePhone, NAME_MAX, phone } from './fields.ts';
import { normalisePhone } from '../phone.ts';
import { TradeInLeadFormSchema } from './instant-offer.ts';
import { requestPhotosFormSchema } from './request-photos.ts';
import { testDriveFormSchema } from './test-drive.ts';
import { LeadSubmissionSchema } from '../lead.ts';

const contact = { name: 'Jo', email: 'Jo@Example.com', phone: '0412 345 678', postcode: '4000' };

describe('enquiry form', () => {
  it('accepts a complete enquiry, normalises and defaults', () => {
    const result = v.parse(enquiryFormSchema(), { ...contact, message: 'Is it available?', extra: 'dropped' });
    expect(result).toMatchObject({ email: 'jo@example.com', phone: '0412345678', category: 'General Enquiry', opt_in: true });
    expect(result).not.toHaveProperty('extra');
  });
  it('gives the spec messages for postcode, required comments and terms', () => {
    const result = v.safeParse(enquiryFormSchema({ termsRequired: true }), { ...contact, postcode: '400', message: '' });
    expect(result.success).toBe(false);
    const fields = fieldErrors(result.issues!);
    expect(fields.postcode).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(fields.message).toBe(FORM_MESSAGES.required);
    expect(fields.terms_conditions).toBe('*You must agree to the terms of use before submitting.');
  });
  it('makes comments optional when the site switches them off', () => {
    expect(v.safeParse(enquiryFormSchema({ commentsRequired: false }), contact).success).toBe(true);
  });
});

describe('other forms', () => {
  it('request photos fills the hidden default text', () => {
    expect(v.parse(requestPhotosFormSchema(), { ...contact, message: '' }).message).toBe('Please send photos for this car');
  });
  it('test drive rejects a date that is not a date, in the words the lead API answers it with', () => {
    const result = v.safeParse(testDriveFormSchema(), { ...contact, dateTime: 'tomorrow-ish' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.issues!)).toEqual({ dateTime: FORM_MESSAGES.dateTime });
    const lead = v.safeParse(LeadSubmissionSchema, { ...contact, dateTime: 'tomorrow-ish' });
    expect(fieldErrors(lead.issues!)).toEqual({ dateTime: FORM_MESSAGES.dateTime });
  });
  it('instant offer step 1 needs rego and state', () => {
    const result = v.safeParse(EnterVinSchema, { rego: '', state: '' });
    expect(fieldErrors(result.issues!)).toEqual({ rego: '* This field is required', state: '* This field is required' });
    expect(v.parse(EnterVinSchema, { rego: 'abc123', state: 'QLD' })).toEqual({ rego: 'ABC123', state: 'qld' });
  });
  it('update-eval reads numbers typed with separators', () => {
    expect(v.parse(UpdateEvalSchema, { evalid: 'E1', km: '45,000 kms', cName: 'Jo', cEmail: 'jo@example.com', cPhone: '0412345678' }).km).toBe(45000);
  });
  it("update-eval takes the name the trade-in form sends: its First Name and Last Name, each at the form's limit, joined by a space", () => {
    const contact = {
      'First Name': 'A'.repeat(NAME_MAX),
      last_name: 'B'.repeat(NAME_MAX),
      postcode: '4000',
      'Mobile Number': '0412345678',
      'Email Address': 'jo@example.com',
    };
    expect(v.safeParse(TradeInLeadFormSchema, contact).success).toBe(true);
    expect(v.safeParse(TradeInLeadFormSchema, { ...contact, last_name: 'B'.repeat(NAME_MAX + 1) }).success).toBe(false);
    const cName = `${contact['First Name']} ${contact.last_name}`;
    expect(v.safeParse(UpdateEvalSchema, { evalid: 'E1', km: 45000, cName, cEmail: 'jo@example.com', cPhone: '0412345678' }).success).toBe(true);
  });
  it('watchlist needs a mobile number', () => {
    expect(v.safeParse(WatchlistChangeSchema, { phone_number: '07 3000 1234', car_id: 5 }).success).toBe(false);
    expect(v.parse(WatchlistChangeSchema, { phone_number: '+61 412 345 678', car_id: 5 })).toEqual({ phone_number: '0412345678', car_id: '5' });
  });
});

describe('normalisePhone', () => {
  it('turns international AU numbers into national digits', () => {
    expect(normalisePhone('+61 (0)7 3000-1234')).toBe('0730001234');
    expect(normalisePhone('61412345678')).toBe('0412345678');
  });
});

describe('phone and mobilePhone', () => {
  const issue = (schema: typeof phone, input: unknown) => {
    const result = v.safeParse(schema, input);
    return result.success ? result.output : `error: ${result.issues[0].message}`;
  };

  it.each([
    ['landline', phone, '+61 7 3000 1234', '0730001234'],
    ['blank', phone, ' ', `error: ${FORM_MESSAGES.required}`],
    ['not a number', phone, '12345', `error: ${FORM_MESSAGES.phone}`],
    ['too long', phone, '0'.repeat(25), `error: ${FORM_MESSAGES.phone}`],
    ['mobile', mobilePhone, '+61 412 345 678', '0412345678'],
    ['landline as mobile', mobilePhone, '07 3000 1234', `error: ${FORM_MESSAGES.mobile}`],
    ['blank mobile', mobilePhone, '', `error: ${FORM_MESSAGES.required}`],
  ])('%s', (_name, schema, input, expected) => expect(issue(schema, input)).toBe(expected));
});

describe('imageUploadProblem', () => {
  it('applies the 10-image and 10 MB limits with the spec alerts', () => {
    const ok = { name: 'a.jpg', size: 1000, type: 'image/jpeg' };
    expect(imageUploadProblem([ok])).toBeUndefined();
    expect(imageUploadProblem([ok], 10)).toBe('You can only upload 10 images');
    expect(imageUploadProblem([{ ...ok, size: 10 * 1024 * 1024 }])).toBe('Please upload an image file under 10MB');
    expect(imageUploadProblem([{ name: 'notes.txt', size: 10, type: 'text/plain' }])).toBe('Please upload an image file under 10MB');
    expect(imageUploadProblem([{ name: 'IMG_1.HEIC', size: 10 }])).toBeUndefined();
  });
});
