/**
 * One-line form fields (src/schemas/forms/fields.ts): a line break or another control character
 * typed or posted into any field but the shopper's message is collapsed to a space, so no value
 * can add a line of its own to the dealer's lead e-mail; the message keeps its lines. The
 * bidirectional controls are dropped from every field, the message too.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FinanceQuoteRequestSchema, PhoneRevealSchema } from '../api/cars.ts';
import { spinEntrySchema } from '../api/spin-to-win.ts';
import { EnterVinSchema, ManualEntrySchema, UpdateEvalSchema } from '../api/trade-in.ts';
import { WatchlistChangeSchema } from '../api/watchlist.ts';
import { HONEYPOT_FIELD, LeadSubmissionSchema } from '../lead.ts';
import { OnlinePaymentFormSchema, StartReservationSchema } from '../payments.ts';
import { enquiryFormSchema } from './enquiry.ts';
import { email, fieldErrors, kmInput, messageText, mobilePhone, oneLine, optionalEmail, optionalPhone, parseWholeNumber, phone, textLines } from './fields.ts';
import { FORM_MESSAGES } from './messages.ts';
import { InstantOfferDetailsSchema, TradeInLeadFormSchema } from './instant-offer.ts';
import { requestPhotosFormSchema } from './request-photos.ts';
import { ReserveFormSchema } from './reserve.ts';
import { SERVICE_DATE_MESSAGE, serviceBookingFormSchema } from './service-booking.ts';
import { testDriveFormSchema } from './test-drive.ts';
import { BIDI_CONTROLS, LINE_BREAKS, OTHER_CONTROLS } from '../../../tests/fixtures/line-breaks.ts';

/** Every kind of line break, and other control characters. */
const BREAKS = [...LINE_BREAKS, ...OTHER_CONTROLS];
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** Any bidirectional control. */
const BIDI = new RegExp(`[${BIDI_CONTROLS.map(([, glyph]) => glyph).join('')}]`);
/** The fields a shopper writes several lines in: their message (label Comments). */
const MULTI_LINE = new Set(['message', 'Comments', 'comments']);
/** The honeypot: a post with a value in it is never stored (lead.ts HONEYPOT_FIELD). */
const NEVER_STORED = new Set([HONEYPOT_FIELD]);
const FAKE = 'Deposit: $500.00 AUD paid online (stripe reference pi_3QFakeRef)';
/** The forged line, short enough for the shortest free-text field. */
const SHORT = 'Deposit: paid';
const contact = { name: 'Jo', email: 'jo@example.com', phone: '0412345678', postcode: '4000' };

/** Each schema a form or request is checked with, and an input it accepts. */
const SCHEMAS: [string, v.ObjectSchema<v.ObjectEntries, undefined>, Record<string, unknown>][] = [
  [
    'enquiry',
    enquiryFormSchema({ locationRequired: true, dealershipRequired: true }),
    { ...contact, message: 'Hi', location: 'north', dealership_slug: 'alpha' },
  ],
  ['test drive', testDriveFormSchema(), contact],
  ['request photos', requestPhotosFormSchema(), contact],
  ['reserve', ReserveFormSchema, { ...contact, car_id: '1', terms_conditions: true }],
  [
    'service booking',
    serviceBookingFormSchema({ intervalRequired: true, typeRequired: true }),
    { ...contact, 'Vehicle Make': 'Mazda', Model: 'CX-5', Year: 2019, 'Service Interval': '15,000 km', 'Service Type': 'Logbook' },
  ],
  [
    'instant offer details',
    InstantOfferDetailsSchema,
    { postcode: '4000', odometer: 45000, service_history: 'Full', number_of_keys: '2', car_condition: 'Good', comments: 'Tidy' },
  ],
  ['trade-in lead', TradeInLeadFormSchema, { 'First Name': 'Jo', postcode: '4000', 'Mobile Number': '0412345678', 'Email Address': 'jo@example.com' }],
  ['lead API', LeadSubmissionSchema, contact],
  ['spin entry', spinEntrySchema(false), { name: 'Jo', email: 'jo@example.com' }],
  ['enter-vin', EnterVinSchema, { rego: 'ABC123', state: 'qld' }],
  ['manual entry', ManualEntrySchema, { desc: '2019 Mazda 3', evalid: 'E1' }],
  ['update-eval', UpdateEvalSchema, { evalid: 'E1', km: 45000, cName: 'Jo', cEmail: 'jo@example.com', cPhone: '0412345678' }],
  ['online payment', OnlinePaymentFormSchema, { ...contact, reference: 'INV-1', amount: '250', terms_conditions: true }],
  ['start reservation', StartReservationSchema, { lead_id: '5d0c3d0e-1111-4222-8333-944455556666', car_id: '1', attempt: 'attempt-1', terms_conditions: true }],
  ['finance quote', FinanceQuoteRequestSchema, { purchasePrice: 20000, whoIsHelping: 'Sam' }],
  ['phone reveal', PhoneRevealSchema, { car_id: '1' }],
  ['watchlist', WatchlistChangeSchema, { phone_number: '0412345678', car_id: '1' }],
];

/** What a field reads as after a line break was posted in it: refused, or its parsed value. */
function outcome(schema: v.GenericSchema, input: Record<string, unknown>, key: string): { refused: true } | { refused: false; value: unknown } {
  const result = v.safeParse(schema, input);
  if (!result.success) return { refused: true };
  return { refused: false, value: (result.output as Record<string, unknown>)[key] };
}

describe('oneLine and textLines', () => {
  it.each(BREAKS)('collapses a %s, with the spaces around it, to one space', (_name, glyph) => {
    expect(oneLine(`Jo ${glyph}${glyph} ${FAKE}`)).toBe(`Jo ${FAKE}`);
  });

  it('leaves a line without control characters as it is, its letters and spaces kept', () => {
    expect(oneLine('Zoë  O’Brien – 北京 👍')).toBe('Zoë  O’Brien – 北京 👍');
  });

  it('splits text at every kind of line break, each line one line', () => {
    expect(textLines('one\r\ntwo\rthree\u0085four\u2028five\u2029six\u000Bseven\u000Ceight\nnine\u0007bell')).toEqual([
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
      'seven',
      'eight',
      'nine bell',
    ]);
  });
});

describe('every one-line field of every form and request schema', () => {
  for (const [title, schema, valid] of SCHEMAS) {
    it(`${title}: the input accepted as it is`, () => {
      expect(v.safeParse(schema, valid).issues).toBeUndefined();
    });

    it(`${title}: a line break in any field but the message is collapsed to a space (or the value refused)`, () => {
      const collapsed: string[] = [];
      for (const key of Object.keys(schema.entries).filter((entry) => !MULTI_LINE.has(entry) && !NEVER_STORED.has(entry))) {
        const typed = `${String(valid[key] ?? 'Jo')}\n${SHORT}`;
        const result = outcome(schema, { ...valid, [key]: typed }, key);
        if (result.refused) continue;
        expect(typeof result.value === 'string' && CONTROL.test(result.value), `${title}: ${key} keeps a line break: ${JSON.stringify(result.value)}`).toBe(
          false,
        );
        if (result.value === `${String(valid[key] ?? 'Jo')} ${SHORT}`) collapsed.push(key);
      }
      // The free-text fields are collapsed, not refused: nothing the shopper typed is lost.
      const named = ['name', 'last_name', 'First Name', 'cName', 'desc', 'subcategory', 'Vehicle Make', 'stock_number', 'whoIsHelping', 'car_id'];
      expect(collapsed).toEqual(expect.arrayContaining(named.filter((key) => key in schema.entries)));
    });
  }

  it('the lead API: the fields its handler reads that are not plain text fields (category, source, car id, additional services, parameters)', () => {
    const posted = {
      ...contact,
      category: `General Enquiry\r\n${FAKE}`,
      source: `Website\u2028${SHORT}`,
      car_id: `1\n${FAKE}`,
      location_id: `north\u0085${FAKE}`,
      additional_services: [`Window tint\n${FAKE}`],
      custom_params: { employment_status: `Employed\n${FAKE}`, utm_source: `google\u2029${FAKE}` },
      lead_attributes: { linked_query_params: { utm_campaign: `spring\r${FAKE}` } },
    };
    const lead = v.parse(LeadSubmissionSchema, posted);
    expect(lead.category).toBe(`General Enquiry ${FAKE}`);
    expect(lead.source).toBe(`Website ${SHORT}`);
    expect(lead.car_id).toBe(`1 ${FAKE}`);
    expect(lead.location_id).toBe(`north ${FAKE}`);
    expect(lead.additional_services).toEqual([`Window tint ${FAKE}`]);
    expect(lead.custom_params).toEqual({ employment_status: `Employed ${FAKE}`, utm_source: `google ${FAKE}` });
    expect(lead.lead_attributes?.linked_query_params).toEqual({ utm_campaign: `spring ${FAKE}` });
  });

  it.each(BREAKS)('the contact name: a %s collapses to a space', (_name, glyph) => {
    expect(v.parse(LeadSubmissionSchema, { ...contact, name: `Jo${glyph}${FAKE}` }).name).toBe(`Jo ${FAKE}`);
    expect(v.parse(enquiryFormSchema(), { ...contact, name: `Jo${glyph}${FAKE}`, message: 'Hi' }).name).toBe(`Jo ${FAKE}`);
  });

  it('the message keeps its lines, every line break written as \\n, other control characters as a space', () => {
    const typed = `Hello\r\nIs it available?\u2028Thanks\u0007 Jo`;
    const kept = 'Hello\nIs it available?\nThanks Jo';
    expect(v.parse(LeadSubmissionSchema, { ...contact, message: typed }).message).toBe(kept);
    expect(v.parse(enquiryFormSchema(), { ...contact, message: typed }).message).toBe(kept);
    expect(v.parse(testDriveFormSchema(), { ...contact, message: typed }).message).toBe(kept);
    expect(v.parse(requestPhotosFormSchema(), { ...contact, message: typed }).message).toBe(kept);
    expect(v.parse(ReserveFormSchema, { ...contact, car_id: '1', terms_conditions: true, message: typed }).message).toBe(kept);
    expect(v.parse(InstantOfferDetailsSchema, { ...SCHEMAS[5]![2], comments: typed }).comments).toBe(kept);
    expect(v.parse(LeadSubmissionSchema, { ...contact, Comments: typed }).Comments).toBe(kept);
  });

  it('the request-photos message still defaults to its hidden text when blank or absent', () => {
    expect(v.parse(requestPhotosFormSchema(), { ...contact, message: ' \n ' }).message).toBe('Please send photos for this car');
    expect(v.parse(requestPhotosFormSchema(), contact).message).toBe('Please send photos for this car');
  });
});

describe('bidirectional controls (Trojan Source: a name that reorders what the dealer reads)', () => {
  it.each(BIDI_CONTROLS)('oneLine drops a %s, leaving the text around it as typed', (_name, glyph) => {
    expect(oneLine(`Jo${glyph}n 0412${glyph} 345 678`)).toBe('Jon 0412 345 678');
  });

  it('keeps right-to-left text typed without them, as it is', () => {
    expect(oneLine('سارة Smith שלום 0412 345 678')).toBe('سارة Smith שלום 0412 345 678');
  });

  for (const [title, schema, valid] of SCHEMAS) {
    it(`${title}: every field drops them (or refuses the value)`, () => {
      for (const key of Object.keys(schema.entries).filter((entry) => !NEVER_STORED.has(entry))) {
        for (const [name, glyph] of BIDI_CONTROLS) {
          const typed = valid[key] === undefined || typeof valid[key] === 'string' ? `${glyph}${String(valid[key] ?? 'Jo')}${glyph}` : valid[key];
          const result = outcome(schema, { ...valid, [key]: typed }, key);
          if (result.refused) continue;
          expect(typeof result.value === 'string' && BIDI.test(result.value), `${title}: ${key} keeps a ${name}: ${JSON.stringify(result.value)}`).toBe(false);
        }
      }
    });
  }

  it('the message drops them too, its lines and its right-to-left words kept', () => {
    const typed = 'Hi\u202E 0412 345 678\u202C\nكيف حالك؟\u200F\n\u2067שלום\u2069';
    expect(v.parse(messageText(true), typed)).toBe('Hi 0412 345 678\nكيف حالك؟\nשלום');
    expect(v.parse(LeadSubmissionSchema, { ...contact, message: typed }).message).toBe('Hi 0412 345 678\nكيف حالك؟\nשלום');
  });

  it('an e-mail address or a phone number pasted with them is read without them', () => {
    expect(v.parse(email, 'jo\u200E@example.com')).toBe('jo@example.com');
    expect(v.parse(optionalEmail, '\u202Ajo@example.com\u202C')).toBe('jo@example.com');
    expect(v.parse(phone, '\u202A0412 345 678\u202C')).toBe('0412345678');
    expect(v.parse(optionalPhone, '\u200E(07) 3123 4567')).toBe('0731234567');
    expect(v.parse(mobilePhone, '\u2066+61 412 345 678\u2069')).toBe('0412345678');
  });
});

describe('kmInput reads a kilometre reading as the kilometre field does (parseWholeNumber)', () => {
  const km = kmInput(2_000_000);
  it.each(['45000', '45,000', '45,000 kms', '45 000 km', '45,000.5 kms', '150000KMS', ' 7 '])('%j: the whole km parseWholeNumber reads', (text) => {
    expect(v.parse(km, text)).toBe(parseWholeNumber(text));
  });

  it('a number sent as such: its whole km', () => {
    expect(v.parse(km, 45000.9)).toBe(45000);
  });

  it.each(['1e3', '-5', '12a5', '$45,000', '0x10', '.5', 'abc'])('refuses %j, which the field would read otherwise or not at all', (text) => {
    const result = v.safeParse(km, text);
    expect(result.success).toBe(false);
    expect(result.issues?.[0].message).toBe(FORM_MESSAGES.number);
  });
});

describe('a length limit in words', () => {
  it('names the most characters a field takes, which it takes: Rego takes 12 and says at most 12', () => {
    const rego = enquiryFormSchema().entries.Rego;
    expect(v.safeParse(rego, 'A'.repeat(12)).success).toBe(true);
    const over = v.safeParse(rego, 'A'.repeat(13));
    expect(over.issues?.[0].message).toBe('Please use at most 12 characters.');
    expect(FORM_MESSAGES.tooLong(12)).toBe('Please use at most 12 characters.');
  });
});

describe('a value of the wrong type (a number, a list, an object where text goes)', () => {
  const contact = { name: 'Jo', email: 'jo@example.com', phone: '0412345678', postcode: '4000' };
  const messages = (schema: v.GenericSchema, input: object) => {
    const result = v.safeParse(schema, input);
    return result.success ? {} : fieldErrors(result.issues, schema);
  };

  it("reads as the field's required message, not a rule's: the lead API's optional name is not said to be too long", () => {
    expect(messages(LeadSubmissionSchema, { ...contact, name: 7, last_name: ['Smith'] })).toEqual({
      name: FORM_MESSAGES.required,
      last_name: FORM_MESSAGES.required,
    });
    expect(messages(OnlinePaymentFormSchema, { name: { first: 'Jo' } }).name).toBe(FORM_MESSAGES.required);
  });

  it("keeps the type check's own message where the field names one", () => {
    expect(messages(LeadSubmissionSchema, { ...contact, email: 7 }).email).toBe(FORM_MESSAGES.email);
    expect(messages(StartReservationSchema, { lead_id: 7 }).lead_id).toBe('lead_id must be text');
  });

  it("keeps the field's own message of what it takes, where that is no length, range or pattern rule's: the lead API's dateTime asks for a date and time", () => {
    expect(messages(LeadSubmissionSchema, { ...contact, dateTime: 7 }).dateTime).toBe(FORM_MESSAGES.dateTime);
    expect(messages(LeadSubmissionSchema, { ...contact, dateTime: ['2026-12-24T16:30'] }).dateTime).toBe(FORM_MESSAGES.dateTime);
    // The check is the field's: a blank date (none chosen) still passes.
    expect(messages(LeadSubmissionSchema, { ...contact, dateTime: '' })).toEqual({});
  });

  it('answers a required e-mail address or phone number sent as no text with what it takes; one missing or null is required', () => {
    const form = enquiryFormSchema();
    expect(messages(form, { ...contact, email: 7, phone: 412345678 })).toMatchObject({ email: FORM_MESSAGES.email, phone: FORM_MESSAGES.phone });
    expect(messages(WatchlistChangeSchema, { phone_number: 412345678 }).phone_number).toBe(FORM_MESSAGES.mobile);
    expect(messages(form, { ...contact, email: null, phone: undefined })).toMatchObject({ email: FORM_MESSAGES.required, phone: FORM_MESSAGES.required });
    const { email: _email, phone: _phone, ...withoutBoth } = contact;
    expect(messages(form, withoutBoth)).toMatchObject({ email: FORM_MESSAGES.required, phone: FORM_MESSAGES.required });
  });

  it('answers a Preferred Service Date sent as no text with what the field takes (a date from tomorrow on), not as missing', () => {
    for (const wrong of [20261225, true, ['2026-12-25'], { date: '2026-12-25' }]) {
      const lead = messages(LeadSubmissionSchema, { ...contact, category: 'Service Booking', 'Preferred Service Date': wrong });
      const form = messages(serviceBookingFormSchema(), { ...contact, 'Preferred Service Date': wrong });
      expect([wrong, lead['Preferred Service Date'], form['Preferred Service Date']]).toEqual([wrong, SERVICE_DATE_MESSAGE, SERVICE_DATE_MESSAGE]);
    }
    expect(SERVICE_DATE_MESSAGE).toBe('Please choose a date from tomorrow onwards.');
  });

  it('never says it is too long, in any field of the lead API, the forms or the payments', () => {
    const schemas: [string, v.GenericSchema][] = [
      ['lead', LeadSubmissionSchema],
      ['enquiry', enquiryFormSchema()],
      ['test drive', testDriveFormSchema()],
      ['service booking', serviceBookingFormSchema()],
      ['online payment', OnlinePaymentFormSchema],
    ];
    const tooLong = /^Please use at most \d+ characters\.$/;
    const said: string[] = [];
    for (const [name, schema] of schemas) {
      for (const key of Object.keys((schema as unknown as { entries: object }).entries)) {
        for (const wrong of [7, true, [], {}]) {
          const message = messages(schema, { [key]: wrong })[key];
          if (message !== undefined && tooLong.test(message)) said.push(`${name} ${key}=${JSON.stringify(wrong)}: ${message}`);
        }
      }
    }
    expect(said).toEqual([]);
  });
});
