import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { UpdateEvalSchema } from '../api/trade-in.ts';
import { LeadSubmissionSchema } from '../lead.ts';
import { ServiceSettingsSchema } from '../site/service.ts';
import {
  completedFormProblems,
  contactSubcategory,
  leadFormKind,
  NOT_AN_OPTION,
  offeredProblems,
  optionProblems,
  type LeadFormSettings,
} from './lead-forms.ts';
import { FORM_MESSAGES } from './messages.ts';
import { serviceOrderStepSchema } from './service-booking.ts';

const required = FORM_MESSAGES.required;
const settings: LeadFormSettings = {
  commentsRequired: true,
  contactLocations: [
    { slug: 'north', name: 'North yard' },
    { slug: 'south', name: 'South yard' },
  ],
  dealershipSelect: true,
  dealerships: ['north-motors', 'south-motors'],
  copyLocationDealership: false,
  serviceLocations: [{ slug: 'north' }, { slug: 'south' }],
  buyingLocations: [{ id: '1', slug: 'north', dealership_slug: 'north-motors' }],
  intervalRequired: true,
  typeRequired: true,
  intervals: ['15,000 km'],
  types: ['Logbook service'],
};
const contact = { name: 'Jo', email: 'jo@example.com', phone: '0412 345 678', postcode: '4000' };
/** A lead as the API parses it. */
const lead = (body: object) => v.parse(LeadSubmissionSchema, body);

describe('the lead forms the API holds a completed lead to', () => {
  it("tells each lead's form by its evaluation, category and the finance pages' subcategory", () => {
    expect(leadFormKind({ evalid: 'E1', category: 'Trade-in Enquiry' })).toBe('instant-offer');
    expect(leadFormKind({ category: 'Trade-in Enquiry' })).toBe('enquiry');
    expect(leadFormKind({ category: 'Service Booking' })).toBe('service-booking');
    expect(leadFormKind({ category: 'Reserve' })).toBe('reserve');
    expect(leadFormKind({ category: 'Online Payment' })).toBe('online-payment');
    expect(leadFormKind({ category: 'Test Drive' })).toBe('test-drive');
    expect(leadFormKind({ category: 'Request Photos' })).toBe('request-photos');
    expect(leadFormKind({ category: 'Finance Enquiry', subcategory: 'Apply for Finance' })).toBe('finance');
    expect(leadFormKind({ category: 'Finance Enquiry', subcategory: 'Contact Us' })).toBe('enquiry');
  });

  it("tells the finance form by its subcategory whatever its case and spacing, as the category is told, and holds it to that page's rules", () => {
    for (const subcategory of ['apply for finance', 'FINANCE PRE-APPROVAL', 'Finance  Pre-Approval', ' finance ']) {
      expect(leadFormKind({ category: 'finance  enquiry', subcategory }), subcategory).toBe('finance');
    }
    // The apply and pre-approval pages ask the Employment Status: a lead naming them in another case is held to it.
    expect(completedFormProblems(lead({ ...contact, category: 'Finance Enquiry', subcategory: 'FINANCE  PRE-APPROVAL' }), settings)).toEqual({
      employment_status: required,
    });
  });

  it('an enquiry: name, e-mail, phone, Comments by the setting; the contact page asks location and dealership', () => {
    expect(completedFormProblems(lead({ email: 'jo@example.com', postcode: '4000', car_id: 1 }), settings)).toEqual({
      name: required,
      phone: required,
      message: required,
    });
    expect(completedFormProblems(lead({ ...contact, car_id: 1 }), { ...settings, commentsRequired: false })).toEqual({});
    expect(completedFormProblems(lead({ ...contact, message: 'Hi', subcategory: contactSubcategory() }), settings)).toEqual({
      location: required,
      dealership_slug: required,
    });
    // A location's own page preselects it and shows no dealership select.
    expect(completedFormProblems(lead({ ...contact, message: 'Hi', location: 'north', subcategory: contactSubcategory('North yard') }), settings)).toEqual({});
    // A location name written with spaces at its ends: the page and the API build the subcategory from it alike.
    const spaced = { ...settings, contactLocations: [{ slug: 'north', name: ' North yard ' }, settings.contactLocations[1]!] };
    expect(contactSubcategory(' North yard ')).toBe('Contact North yard');
    expect(completedFormProblems(lead({ ...contact, message: 'Hi', location: 'north', subcategory: contactSubcategory(' North yard ') }), spaced)).toEqual({});
    // One location is preselected: no choice to ask.
    expect(
      completedFormProblems(lead({ ...contact, message: 'Hi' }), {
        ...settings,
        contactLocations: [{ slug: 'north', name: 'North yard' }],
        dealershipSelect: false,
      }),
    ).toEqual({});
  });

  it('a service booking: the vehicle, the interval and type the site requires, its location of several', () => {
    const booking = { ...contact, category: 'Service Booking' };
    expect(completedFormProblems(lead(booking), settings)).toEqual({
      'Vehicle Make': required,
      Model: required,
      Year: required,
      'Service Interval': required,
      'Service Type': required,
      location: required,
    });
    const full = {
      ...booking,
      'Vehicle Make': 'Mazda',
      Model: '3',
      Year: '2019',
      'Service Interval': '15,000 km',
      'Service Type': 'Logbook service',
      location: 'north',
    };
    expect(completedFormProblems(lead(full), settings)).toEqual({});
    expect(
      completedFormProblems(lead({ ...booking, 'Vehicle Make': 'Mazda', Model: '3', Year: 2019 }), {
        ...settings,
        intervalRequired: false,
        typeRequired: false,
        serviceLocations: [],
      }),
    ).toEqual({});
  });

  it("the instant offer's lead, the reserve form, the finance application, the online payment's contact", () => {
    const tradeIn = { 'First Name': 'Jo', 'Mobile Number': '0412 345 678', 'Email Address': 'jo@example.com', postcode: '4000', evalid: 'E1' };
    expect(completedFormProblems(lead(tradeIn), settings)).toEqual({
      odometer: required,
      service_history: required,
      number_of_keys: required,
      car_condition: required,
      message: required,
    });
    const details = { odometer: '45,000', service_history: 'Full', number_of_keys: '2', car_condition: 'Good', message: 'Tidy' };
    expect(completedFormProblems(lead({ ...tradeIn, ...details }), settings)).toEqual({});
    expect(completedFormProblems(lead({ email: 'jo@example.com', category: 'Reserve', car_id: 3 }), settings)).toEqual({
      name: required,
      phone: required,
      postcode: FORM_MESSAGES.postcode,
    });
    const apply = { ...contact, category: 'Finance Enquiry', subcategory: 'Apply for Finance' };
    expect(completedFormProblems(lead(apply), settings)).toEqual({ employment_status: required });
    expect(completedFormProblems(lead({ ...apply, custom_params: { employment_status: 'Casual' } }), settings)).toEqual({});
    expect(completedFormProblems(lead({ ...apply, subcategory: 'Finance' }), settings)).toEqual({});
    expect(completedFormProblems(lead({ email: 'jo@example.com', category: 'Online Payment' }), settings)).toEqual({
      name: required,
      phone: required,
      postcode: FORM_MESSAGES.postcode,
    });
    expect(completedFormProblems(lead({ ...contact, category: 'Test Drive' }), settings)).toEqual({});
    expect(completedFormProblems(lead({ email: 'jo@example.com', postcode: '4000', category: 'Request Photos' }), settings)).toEqual({
      name: required,
      phone: required,
    });
  });

  it('refuses a select value that is not one of the options the site configures, on any post', () => {
    expect(optionProblems(lead({ 'Service Interval': '1,000,000 km', 'Service Type': 'Free oil change for life' }), settings)).toEqual({
      'Service Interval': NOT_AN_OPTION,
      'Service Type': NOT_AN_OPTION,
    });
    expect(optionProblems(lead({ 'Service Interval': '15,000 km', 'Service Type': 'Logbook service' }), settings)).toEqual({});
    // No options configured: the interval is typed.
    expect(optionProblems(lead({ 'Service Interval': 'every year' }), { ...settings, intervals: [] })).toEqual({});
    const apply = { category: 'Finance Enquiry', subcategory: 'Apply for Finance' };
    expect(optionProblems(lead({ ...apply, custom_params: { employment_status: 'Astronaut' } }), settings)).toEqual({ employment_status: NOT_AN_OPTION });
    expect(optionProblems(lead({ ...apply, custom_params: { employment_status: 'Retired' } }), settings)).toEqual({});
  });

  it("refuses an instant offer condition answer that is not one of its select's options, on any post", () => {
    const answers = { service_history: 'Full service history', number_of_keys: '3 or more', car_condition: 'Fair' };
    expect(optionProblems(lead({ ...answers, evalid: 'E1' }), settings)).toEqual({});
    expect(optionProblems(lead({ service_history: 'Some', number_of_keys: '7', car_condition: 'Mint', evalid: 'E1' }), settings)).toEqual({
      service_history: NOT_AN_OPTION,
      number_of_keys: NOT_AN_OPTION,
      car_condition: NOT_AN_OPTION,
    });
  });

  it("refuses a location or dealership the lead's form never offers, where the form has its own list", () => {
    const contactPage = { ...contact, message: 'Hi', subcategory: contactSubcategory() };
    const offered = (post: object, form: object = post, with_: Partial<LeadFormSettings> = {}) =>
      offeredProblems(lead(post), lead(form), { ...settings, ...with_ });
    // The contact page: its location select and its dealership select.
    expect(offered({ ...contactPage, location: 'south', dealership_slug: 'south-motors' })).toEqual({});
    expect(offered({ ...contactPage, location: 'west', dealership_slug: 'feed-dealer' })).toEqual({ location: NOT_AN_OPTION, dealership_slug: NOT_AN_OPTION });
    // A location's own page shows no dealership select; where the site copies it, the location's dealership goes with it.
    const northPage = { ...contact, message: 'Hi', subcategory: contactSubcategory('North yard'), location: 'north' };
    expect(offered({ ...northPage, dealership_slug: 'south-motors' })).toEqual({ dealership_slug: NOT_AN_OPTION });
    const copying = { copyLocationDealership: true, contactLocations: [{ slug: 'north', name: 'North yard', dealership_slug: 'north-motors' }] };
    expect(offered({ ...northPage, dealership_slug: 'north-motors' }, undefined, copying)).toEqual({});
    // The vehicle page's forms send their car: no list of their own (the API checks the value is the site's).
    expect(offered({ ...contact, message: 'Hi', car_id: 1, location: 'west', dealership_slug: 'feed-dealer' })).toEqual({});
    // The service form offers its service locations; it sends a dealership only as the chosen location's.
    const booking = { ...contact, category: 'Service Booking' };
    const service = { serviceLocations: [{ slug: 'south', dealership_slug: 'south-motors' }] };
    expect(offered({ ...booking, location: 'south' }, undefined, service)).toEqual({});
    expect(offered({ ...booking, location: 'north', dealership_slug: 'south-motors' }, undefined, service)).toEqual({
      location: NOT_AN_OPTION,
      dealership_slug: NOT_AN_OPTION,
    });
    expect(offered({ ...booking, location: 'south', dealership_slug: 'south-motors' }, undefined, { ...service, copyLocationDealership: true })).toEqual({});
    // A later step is told by its lead's values: the step's own location is checked against the service form's list.
    expect(offered({ location: 'north', lead_id: '00000000-0000-4000-8000-000000000000' }, { ...booking, location: 'north' }, service)).toEqual({
      location: NOT_AN_OPTION,
    });
    // The instant offer: its buying locations, by id.
    expect(offered({ evalid: 'E1', location_id: 1 })).toEqual({});
    expect(offered({ evalid: 'E1', location_id: 2 })).toEqual({ location_id: NOT_AN_OPTION });
  });

  it('takes a Service Interval or Type the site wrote with spaces at its ends or a line break, as the form sends it', () => {
    // The site schema leaves the options as the form sends them (one line, trimmed): the page offers what the API accepts.
    const service = v.parse(ServiceSettingsSchema, { intervals: ['15,000 km ', ' 30,000\nkm'], types: ['\tLogbook service'] });
    expect(service.intervals).toEqual(['15,000 km', '30,000 km']);
    expect(service.types).toEqual(['Logbook service']);
    // The order step's value for the option as written, checked against the options as written (settings built without the schema).
    const sent = v.parse(serviceOrderStepSchema({ intervalRequired: true }), { 'Service Interval': '15,000 km ' })['Service Interval'];
    const written = { ...settings, intervals: ['15,000 km ', ' 30,000\nkm'], types: ['\tLogbook service'] };
    expect(optionProblems(lead({ 'Service Interval': sent, 'Service Type': 'Logbook service', category: 'Service Booking' }), written)).toEqual({});
    expect(optionProblems(lead({ 'Service Interval': '30,000 km', category: 'Service Booking' }), written)).toEqual({});
    expect(optionProblems(lead({ 'Service Interval': '45,000 km', category: 'Service Booking' }), written)).toEqual({ 'Service Interval': NOT_AN_OPTION });
  });
});

describe("the valuation's contact (update-eval)", () => {
  it("takes cPhone only as a mobile, as the trade-in form's Mobile Number", () => {
    const body = { evalid: 'E1', km: '45,000', cName: 'Jo Citizen', cEmail: 'jo@example.com' };
    const landline = v.safeParse(UpdateEvalSchema, { ...body, cPhone: '07 3000 1111' });
    expect(landline.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([['cPhone', FORM_MESSAGES.mobile]]);
    expect(v.parse(UpdateEvalSchema, { ...body, cPhone: '0412 345 678' }).cPhone).toBe('0412345678');
  });
});
