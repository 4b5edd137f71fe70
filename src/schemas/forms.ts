/**
 * Form body schemas (spec §3 form values, §5 validation rules), shared by the browser
 * forms and the lead API (DESIGN §6: the same schema on both sides).
 *
 * Browser-safe: valibot only, no node imports. Messages are the spec's, letter for
 * letter, where the spec gives them; the others are written to be acted on.
 * Empty strings from blank inputs count as "not given" for optional fields.
 * Object schemas are v.object: unknown keys are dropped, never stored.
 */
import * as v from 'valibot';
import { FORM_MESSAGES } from '../lib/forms/messages.ts';

/** User-facing validation messages (spec §5): src/lib/forms/messages.ts owns them. */
export { FORM_MESSAGES };

/** Australian states for selects (spec §5 instant offer: qld, nsw, vic, sa, wa, tas, act, nt). */
export const AU_STATES = ['qld', 'nsw', 'vic', 'sa', 'wa', 'tas', 'act', 'nt'] as const;
/** Preferred contact methods (spec §3 lead form values). */
export const CONTACT_METHODS = ['Phone', 'Email', 'SMS'] as const;
/** Instant-offer / trade-in image limits (spec §5, §9): at most 10, each under 10 MB. */
export const IMAGE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxCount: 10,
  /** Accepted kinds (checked by content on the server, by type/extension in the browser). */
  extensions: ['jpeg', 'jpg', 'png', 'gif', 'heic'],
  mimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/heic', 'image/heif'],
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** AU numbers after removing spaces, dashes, dots and brackets: 0X XXXX XXXX or +61 X XXXX XXXX, or 13/1300/1800 numbers. */
const AU_PHONE_PATTERN = /^(?:0[2-478]\d{8}|1[38]00\d{6}|13\d{4})$/;
const AU_MOBILE_PATTERN = /^04\d{8}$/;

/** Normalise an Australian phone number to its national digits: '+61 412 345 678' -> '0412345678'. */
export function normalisePhone(text: string): string {
  const digits = text.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+61')) return `0${digits.slice(3).replace(/^0/, '')}`;
  if (digits.startsWith('61') && digits.length === 11) return `0${digits.slice(2)}`;
  return digits;
}

/** Whether a phone number is an Australian mobile (04.. after normalisePhone): what an SMS reaches. */
export function isAuMobile(text: string): boolean {
  return AU_MOBILE_PATTERN.test(normalisePhone(text));
}

/** A required text field, trimmed, bounded. */
export const requiredText = (max = 200, message: string = FORM_MESSAGES.required) =>
  v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, FORM_MESSAGES.tooLong(max)));

/** An optional text field: blank becomes undefined. */
export const optionalText = (max = 200) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max, FORM_MESSAGES.tooLong(max)),
      v.transform((text) => (text === '' ? undefined : text)),
    ),
  );

/** A text field that is required or optional depending on a site setting. */
export const textField = (required: boolean, max = 2000) => (required ? requiredText(max) : optionalText(max));

/** Required e-mail address, lower-cased. */
export const email = v.pipe(
  v.string(FORM_MESSAGES.required),
  v.trim(),
  v.minLength(1, FORM_MESSAGES.required),
  v.maxLength(254, FORM_MESSAGES.email),
  v.regex(EMAIL_PATTERN, FORM_MESSAGES.email),
  v.toLowerCase(),
);

/** Optional e-mail address (blank allowed). */
export const optionalEmail = v.optional(
  v.pipe(
    v.string(FORM_MESSAGES.email),
    v.trim(),
    v.maxLength(254, FORM_MESSAGES.email),
    v.check((text) => text === '' || EMAIL_PATTERN.test(text), FORM_MESSAGES.email),
    v.transform((text) => (text === '' ? undefined : text.toLowerCase())),
  ),
);

/** A required Australian number, normalised to national digits, that must match `pattern` (else `message`). */
function requiredAuPhone(pattern: RegExp, message: string) {
  return v.pipe(v.string(FORM_MESSAGES.required), v.trim(), v.minLength(1, FORM_MESSAGES.required), v.maxLength(24, message), v.transform(normalisePhone), v.regex(pattern, message));
}

/** Required Australian phone number, normalised to national digits. */
export const phone = requiredAuPhone(AU_PHONE_PATTERN, FORM_MESSAGES.phone);

/** Optional Australian phone number (blank allowed). */
export const optionalPhone = v.optional(
  v.pipe(
    v.string(FORM_MESSAGES.phone),
    v.trim(),
    v.maxLength(24, FORM_MESSAGES.phone),
    v.transform(normalisePhone),
    v.check((text) => text === '' || AU_PHONE_PATTERN.test(text), FORM_MESSAGES.phone),
    v.transform((text) => (text === '' ? undefined : text)),
  ),
);

/** Australian mobile number (sign-in, watchlist owner), normalised to 04XXXXXXXX. */
export const mobilePhone = requiredAuPhone(AU_MOBILE_PATTERN, FORM_MESSAGES.mobile);

/** Spec §5: postcode required, exactly 4 digits. */
export const postcode = v.pipe(
  v.string(FORM_MESSAGES.postcode),
  v.trim(),
  v.minLength(1, FORM_MESSAGES.postcode),
  v.regex(/^\d{4}$/, FORM_MESSAGES.postcode),
);

/** Optional postcode (blank allowed), still exactly 4 digits when given. */
export const optionalPostcode = v.optional(
  v.pipe(
    v.string(FORM_MESSAGES.postcode),
    v.trim(),
    v.check((text) => text === '' || /^\d{4}$/.test(text), FORM_MESSAGES.postcode),
    v.transform((text) => (text === '' ? undefined : text)),
  ),
);

/** A number typed into a form: accepts 45000, '45,000', '$45,000' or '45000 kms'. */
export const numberInput = (min = 0, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(
    v.union([v.number(), v.string()], FORM_MESSAGES.number),
    // A blank input is a missing answer, not a malformed number.
    v.check((input) => typeof input === 'number' || input.trim() !== '', FORM_MESSAGES.required),
    v.transform((input) => (typeof input === 'number' ? input : input.trim() === '' ? Number.NaN : Number(input.replace(/[\s,$]|kms?$/gi, '')))),
    v.number(FORM_MESSAGES.number),
    v.check((value) => Number.isFinite(value), FORM_MESSAGES.number),
    v.minValue(min, `Please enter a number of at least ${min}.`),
    v.maxValue(max, `Please enter a number no more than ${max}.`),
  );

/** A checkbox value: true/false, 'true'/'false', 'on', '1'/'0'. */
export const checkbox = v.pipe(
  v.union([v.boolean(), v.picklist(['true', 'false', 'on', 'off', '1', '0', '']), v.picklist([0, 1])], 'Please tick or untick this box.'),
  v.transform((value) => value === true || value === 'true' || value === 'on' || value === '1' || value === 1),
);

/** A Yes/No radio (spec §3: finance, do-you-have-a-trade-in). */
export const yesNo = v.optional(v.picklist(['Yes', 'No'], FORM_MESSAGES.yesNo));

/** An id sent by the page: a car id, dealership id or location id (number or text). */
export const idValue = v.pipe(
  v.union([v.pipe(v.number(), v.integer(), v.minValue(0)), v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(80))], 'expected an id'),
  v.transform(String),
);

/** A slug sent by the page (dealership_slug, location, manufacturer_slug). */
export const slugValue = v.pipe(v.string(), v.trim(), v.maxLength(120), v.regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'expected a slug'));

/** Terms checkbox: must be ticked where the site requires it (spec §5). */
const termsAccepted = v.pipe(v.optional(checkbox, false), v.check((ticked) => ticked, FORM_MESSAGES.terms));

/** Common contact fields of every lead form (spec §3 lead form values). */
export const contactEntries = {
  name: requiredText(100),
  last_name: optionalText(100),
  email,
  phone,
  postcode,
  /** Marketing opt-in; default opted in (spec §5). */
  opt_in: v.optional(checkbox, true),
  PreferredContactMethod: v.optional(v.picklist(CONTACT_METHODS, 'Please choose Phone, Email or SMS.')),
};

/** Settings that switch enquiry fields between required and optional (site features). */
export interface EnquiryFormOptions {
  /** Comments required (features.enquiry_comments_required). Default true. */
  commentsRequired?: boolean;
  /** Terms-of-use checkbox required (features.terms_required). Default false. */
  termsRequired?: boolean;
  /** A location select is shown (then required). Default false. */
  locationRequired?: boolean;
  /** A dealership select is shown (then required). Default false. */
  dealershipRequired?: boolean;
}

/** Enquiry form (spec §5 "Enquiry form"). */
export function enquiryFormSchema(options: EnquiryFormOptions = {}) {
  return v.object({
    ...contactEntries,
    /** Default 'General Enquiry'. */
    category: v.optional(requiredText(80), 'General Enquiry'),
    subcategory: optionalText(80),
    /** Label 'Comments'. */
    message: textField(options.commentsRequired ?? true, 5000),
    location: options.locationRequired ? requiredText(120) : optionalText(120),
    dealership_slug: options.dealershipRequired ? requiredText(120) : optionalText(120),
    Rego: optionalText(12),
    finance: yesNo,
    'do-you-have-a-trade-in': yesNo,
    terms_conditions: options.termsRequired ? termsAccepted : v.optional(checkbox),
  });
}

/** Test-drive booking form (spec §5 "Test-drive form"). */
export function testDriveFormSchema(options: { termsRequired?: boolean } = {}) {
  return v.object({
    ...contactEntries,
    message: optionalText(5000),
    /** 'Test Drive Booking Date': ISO date-time or 'YYYY-MM-DDTHH:MM' from the slot picker. */
    dateTime: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.check((text) => text === '' || !Number.isNaN(Date.parse(text)), 'Please choose a date and time.'),
        v.transform((text) => (text === '' ? undefined : text)),
      ),
    ),
    /** Delivery location, offered when the car's location has distribution locations. */
    delivery_location: optionalText(120),
    terms_conditions: options.termsRequired ? termsAccepted : v.optional(checkbox),
  });
}

/** Request Photos form (spec §5): hidden default text, optional message. */
export const RequestPhotosFormSchema = v.object({
  ...contactEntries,
  message: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(5000, FORM_MESSAGES.tooLong(5000)), v.transform((text) => (text === '' ? 'Please send photos for this car' : text))),
    'Please send photos for this car',
  ),
});

/** Service booking, step "Vehicle Details" (spec §3 Service booking; make, model, year required to leave it). */
export const ServiceVehicleStepSchema = v.object({
  'Vehicle Make': requiredText(60),
  Model: requiredText(60),
  Year: v.pipe(numberInput(1900, 2100), v.integer('Please enter a year such as 2019.')),
  Rego: optionalText(12),
  State: v.optional(v.picklist([...AU_STATES, ...AU_STATES.map((state) => state.toUpperCase())], 'Please choose a state.')),
});

/** Service booking order details after interval and type, all optional: the form's last step and the lead API take the same. */
export const SERVICE_ORDER_DETAILS = {
  'Preferred Service Date': optionalText(40),
  Comments: optionalText(5000),
  /** Tyre quote checkbox (additional service). */
  tyre_quote: v.optional(checkbox),
  street: optionalText(120),
  suburb: optionalText(80),
  state: optionalText(8),
};

/** Service booking, step "Order Details"; interval and type are required when the site configures them. */
export function serviceOrderStepSchema(options: { intervalRequired?: boolean; typeRequired?: boolean } = {}) {
  return v.object({
    'Service Interval': textField(options.intervalRequired ?? false, 80),
    'Service Type': textField(options.typeRequired ?? false, 80),
    ...SERVICE_ORDER_DETAILS,
    postcode: optionalPostcode,
  });
}

/** The whole service booking (three steps: Contact Details, Vehicle Details, Order Details). */
export function serviceBookingFormSchema(options: { intervalRequired?: boolean; typeRequired?: boolean } = {}) {
  return v.object({
    ...contactEntries,
    ...ServiceVehicleStepSchema.entries,
    ...serviceOrderStepSchema(options).entries,
  });
}

/** Instant offer step 1 (spec §5): rego and state required. Also the body of POST /api/eval-expert/enter-vin. */
export const EnterVinSchema = v.object({
  rego: v.pipe(requiredText(12), v.toUpperCase(), v.regex(/^[A-Z0-9 -]{1,12}$/, 'Please enter a registration of letters and digits.')),
  state: v.pipe(v.string(FORM_MESSAGES.required), v.trim(), v.toLowerCase(), v.picklist(AU_STATES, FORM_MESSAGES.required)),
});

/** Instant offer step 2: the chosen candidate. Body of POST /api/eval-expert/manual-entry. */
export const ManualEntrySchema = v.object({
  /** The chosen description (spec: desc); required: '* Please choose one car.' */
  desc: requiredText(300, FORM_MESSAGES.chooseCar),
  vin: optionalText(20),
  /** Evaluation id from enter-vin, when the client has one. */
  evalid: optionalText(64),
});

/** Instant offer final step (spec §5): all required. */
export const InstantOfferDetailsSchema = v.object({
  postcode,
  odometer: numberInput(0, 2_000_000),
  service_history: requiredText(80),
  number_of_keys: requiredText(20),
  car_condition: requiredText(80),
  comments: requiredText(5000),
});

/** Body of POST /api/eval-expert/update-eval (spec §7). */
export const UpdateEvalSchema = v.object({
  evalid: requiredText(64),
  km: numberInput(0, 2_000_000),
  userEmail: optionalEmail,
  cName: requiredText(100),
  cEmail: email,
  cPhone: phone,
});

/** Trade-in lead (spec §3): First Name, last_name, postcode, Mobile Number, Email Address, location_id. */
export const TradeInLeadFormSchema = v.object({
  'First Name': requiredText(100),
  last_name: optionalText(100),
  postcode,
  'Mobile Number': mobilePhone,
  'Email Address': email,
  location_id: v.optional(idValue),
});

/** Body of POST /api/watchlist/save-car and /remove-car (spec §7). */
export const WatchlistChangeSchema = v.object({
  phone_number: mobilePhone,
  car_id: idValue,
});

/** Sign-in step 1: the shopper's mobile number. */
export const SignInRequestSchema = v.object({ phone: mobilePhone });

/** Sign-in step 2: the 6-digit code sent by SMS. */
export const SignInVerifySchema = v.object({
  phone: mobilePhone,
  code: v.pipe(v.string(FORM_MESSAGES.code), v.trim(), v.regex(/^\d{6}$/, FORM_MESSAGES.code)),
});

/** Reserve online form (/cars/{slug}/checkout): contact details plus agreement to the terms. */
export const ReserveFormSchema = v.object({
  ...contactEntries,
  car_id: idValue,
  message: optionalText(2000),
  terms_conditions: termsAccepted,
});

/** Body of POST /api/youx/quote (spec §7). */
export const FinanceQuoteRequestSchema = v.object({
  selfAssessedCreditScore: v.optional(v.picklist(['EXCELLENT', 'GREAT', 'GOOD', 'FAIR', 'POOR'], 'Please choose a credit rating.'), 'GREAT'),
  purchasePrice: numberInput(1000, 250_000),
  loanTerm: v.optional(v.pipe(numberInput(1, 7)), 5),
  year: v.optional(v.pipe(numberInput(1900, 2100), v.integer())),
  vin: optionalText(20),
  nvic: optionalText(20),
  whoIsHelping: optionalText(80),
});

/** Body of a phone reveal (spec §7: car_id, dealership_id, website_id). */
export const PhoneRevealSchema = v.object({
  car_id: v.optional(idValue),
  dealership_id: v.optional(idValue),
  website_id: v.optional(idValue),
});

/** Query of the postcode delivery estimate. */
export const DeliveryEstimateQuerySchema = v.object({
  postcode: v.pipe(v.string('Please enter a postcode.'), v.trim(), v.minLength(1, 'Please enter a postcode.'), v.regex(/^\d{4}$/, FORM_MESSAGES.postcode)),
  car_id: v.optional(idValue),
});

/** An image chosen for upload, as the browser sees it (File-like). */
export interface ImageCandidate {
  name: string;
  size: number;
  type?: string;
}

/** Check a batch of chosen images against the spec §5 limits; returns the message to alert, or undefined. */
export function imageUploadProblem(files: readonly ImageCandidate[], alreadyUploaded = 0): string | undefined {
  if (files.length + alreadyUploaded > IMAGE_LIMITS.maxCount) return FORM_MESSAGES.tooManyImages;
  for (const file of files) {
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    const typeOk = file.type ? (IMAGE_LIMITS.mimeTypes as readonly string[]).includes(file.type.toLowerCase()) : false;
    if (file.size >= IMAGE_LIMITS.maxBytes || (!typeOk && !(IMAGE_LIMITS.extensions as readonly string[]).includes(extension))) return FORM_MESSAGES.imageTooLarge;
  }
  return undefined;
}

/** What the unsubscribe page and POST /api/unsubscribe say (issue 14 item 6, audit 2.81; the spec has no wording). */
export const UNSUBSCRIBE_MESSAGES = {
  contactNeeded: 'Please enter the email address or mobile number you want to unsubscribe.',
  badLink: 'This unsubscribe link is not valid. Please enter your email address or mobile number instead.',
  done: (brand: string) => `You have been unsubscribed. ${brand} will not send you marketing emails or SMS any more. We will still answer any enquiry you send us.`,
  /** Site setting unsubscribe_typed "confirm" (issue 34 N13): a typed contact gets a link first. */
  confirmSent: (brand: string) => `We have sent a link to the email address or mobile number you entered. Open it to stop marketing from ${brand}.`,
} as const;

/**
 * Body of POST /api/unsubscribe: the signed token of an unsubscribe link, or the e-mail
 * address and / or phone number the shopper typed.
 */
export const UnsubscribeSchema = v.pipe(
  v.object({
    token: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, UNSUBSCRIBE_MESSAGES.badLink), v.regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/, UNSUBSCRIBE_MESSAGES.badLink))),
    email: optionalEmail,
    phone: optionalPhone,
  }),
  v.forward(
    v.check((body) => Boolean(body.token || body.email || body.phone), UNSUBSCRIBE_MESSAGES.contactNeeded),
    ['email'],
  ),
);

/** Field-level messages of a failed parse: { 'field': 'first message' } (for forms and API responses). */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '(form)';
    fields[key] ??= issue.message;
  }
  return fields;
}

export type EnquiryForm = v.InferOutput<ReturnType<typeof enquiryFormSchema>>;
export type TestDriveForm = v.InferOutput<ReturnType<typeof testDriveFormSchema>>;
export type ServiceBookingForm = v.InferOutput<ReturnType<typeof serviceBookingFormSchema>>;
export type EnterVin = v.InferOutput<typeof EnterVinSchema>;
export type ManualEntry = v.InferOutput<typeof ManualEntrySchema>;
export type UpdateEval = v.InferOutput<typeof UpdateEvalSchema>;
export type WatchlistChange = v.InferOutput<typeof WatchlistChangeSchema>;
export type FinanceQuoteRequest = v.InferOutput<typeof FinanceQuoteRequestSchema>;
export type Unsubscribe = v.InferOutput<typeof UnsubscribeSchema>;
