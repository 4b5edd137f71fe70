/**
 * The spec's user-facing messages (spec §5 validation wording, letter for letter where the
 * spec gives it). The one module that writes them out: schemas, islands and the lead API
 * import them from here (tests/unit/architecture.test.ts fails on a copy elsewhere).
 * Browser-safe: no imports.
 */

/** User-facing validation messages (spec §5 wording where it has one). */
export const FORM_MESSAGES = {
  required: '* This field is required',
  postcode: 'Invalid postcode. Please enter a 4-digit number.',
  chooseCar: '* Please choose one car.',
  terms: '*You must agree to the terms of use before submitting.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid Australian phone number.',
  mobile: 'Please enter a valid Australian mobile number, e.g. 0412 345 678.',
  code: 'Please enter the 6-digit code we sent you.',
  number: 'Please enter a number.',
  yesNo: 'Please choose Yes or No.',
  dateTime: 'Please choose a date and time.',
  imageTooLarge: 'Please upload an image file under 10MB',
  tooManyImages: 'You can only upload 10 images',
  stepIncomplete: 'Please complete the form step before proceeding',
  tooLong: (max: number) => `Please use at most ${max} characters.`,
} as const;

/** Answers of the postcode look-ups (dealer locator, delivery estimate, /api/geocode). */
export const POSTCODE_MESSAGES = {
  /** A 4-digit postcode that is not in the table. */
  notFound: 'Invalid postcode',
} as const;

/** The lead API's and the forms' answers around a submission (spec §5 wording, its spelling kept). */
export const LEAD_MESSAGES = {
  fixErrors: 'Please fix the following errors:',
  unexpected: 'An unexpected error occured',
} as const;

/** Every spec message text, for the architecture test. */
export const SPEC_MESSAGES = { ...FORM_MESSAGES, postcodeNotFound: POSTCODE_MESSAGES.notFound, ...LEAD_MESSAGES } as const;
