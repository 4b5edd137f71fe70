import { describe, expect, it } from 'vitest';
import { enquiryFormSchema } from '../../schemas/forms/enquiry.ts';
import { FORM_MESSAGES } from '../../schemas/forms/messages.ts';
import { checkForm, orderedErrors } from './form-validation.ts';

describe('checkForm', () => {
  const valid = { name: 'Ann', email: 'ann@example.com', phone: '0412 345 678', postcode: '4000', message: 'Hello' };

  it('returns cleaned values when the form passes', () => {
    const result = checkForm(enquiryFormSchema(), valid);
    expect(result.ok).toBe(true);
    expect(result.output).toMatchObject({ phone: '0412345678', category: 'General Enquiry', opt_in: true });
  });

  it('returns one spec message per field', () => {
    const result = checkForm(enquiryFormSchema({ termsRequired: true }), { ...valid, postcode: '400', message: '' });
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual({ postcode: FORM_MESSAGES.postcode, message: FORM_MESSAGES.required, terms_conditions: FORM_MESSAGES.terms });
  });

  it('orders errors as the fields appear', () => {
    expect(orderedErrors({ message: 'm', name: 'n', other: 'o' }, ['name', 'email', 'message'])).toEqual([
      ['name', 'n'],
      ['message', 'm'],
      ['other', 'o'],
    ]);
  });
});

describe('withoutBlanks', () => {
  it('drops blank optional choices so they count as not given', async () => {
    const { withoutBlanks } = await import('./form-validation.ts');
    expect(withoutBlanks({ finance: '', name: '', PreferredContactMethod: 'SMS' }, ['finance', 'PreferredContactMethod'])).toEqual({ name: '', PreferredContactMethod: 'SMS' });
    const result = checkForm(enquiryFormSchema(), withoutBlanks({ name: 'A', email: 'a@b.co', phone: '0412345678', postcode: '4000', message: 'x', finance: '', PreferredContactMethod: '' }, ['finance', 'PreferredContactMethod']));
    expect(result.ok).toBe(true);
  });
});

describe('blank number inputs', () => {
  it('say the field is required rather than asking for a number', async () => {
    const { ServiceVehicleStepSchema } = await import('../../schemas/forms/service-booking.ts');
    const { InstantOfferDetailsSchema } = await import('../../schemas/forms/instant-offer.ts');
    expect(checkForm(ServiceVehicleStepSchema, { 'Vehicle Make': 'A', Model: 'B', Year: '' }).errors).toEqual({ Year: FORM_MESSAGES.required });
    expect(checkForm(InstantOfferDetailsSchema, { postcode: '4000', odometer: ' ', service_history: 'Full', number_of_keys: '2', car_condition: 'Good', comments: 'x' }).errors).toEqual({ odometer: FORM_MESSAGES.required });
    expect(checkForm(InstantOfferDetailsSchema, { postcode: '4000', odometer: 'abc', service_history: 'Full', number_of_keys: '2', car_condition: 'Good', comments: 'x' }).errors).toEqual({ odometer: FORM_MESSAGES.number });
  });
});
