/**
 * The form rules the lead API applies to a lead whose form is complete (docs/lead-api.md "Form
 * rules the server decides"): each lead form's own schema (./enquiry.ts, ./finance.ts,
 * ./service-booking.ts, ./instant-offer.ts, ./reserve.ts, ./test-drive.ts, ./request-photos.ts, the
 * online payment form's contact),
 * built with the site's settings as its page resolves them (leadFormSettings in
 * src/lib/forms/form-config.ts), and the option lists the site configures for its selects.
 * Browser-safe (valibot only).
 */
import * as v from 'valibot';
import { enquiryFormSchema } from './enquiry.ts';
import { EMPLOYMENT_STATUSES, asksEmployment, employmentStatus, financePageOf } from './finance.ts';
import { CONTACT_LOCATION_PREFIX, comparableText, contactEntriesWithoutOptIn, fieldErrors, formText } from './fields.ts';
import { CONDITION_OPTIONS, InstantOfferDetailsSchema, TradeInLeadFormSchema, type ConditionQuestion } from './instant-offer.ts';
import { FORM_MESSAGES } from './messages.ts';
import { ReserveFormSchema } from './reserve.ts';
import { requestPhotosFormSchema } from './request-photos.ts';
import { serviceBookingFormSchema } from './service-booking.ts';
import { testDriveFormSchema } from './test-drive.ts';

/** A location a form offers: the slug its select sends (`location`), its id (the instant offer's `location_id`), its dealership. */
export interface OfferedLocation {
  id?: string;
  slug: string;
  name?: string;
  dealership_slug?: string | null;
}

/** The site settings the lead forms are built with, as their pages resolve them. */
export interface LeadFormSettings {
  /** Enquiry Comments required (features.enquiry_comments_required). */
  commentsRequired: boolean;
  /** The contact page's location select (its options, locationsFor(config, 'sales')); it asks a choice of several (one is preselected). */
  contactLocations: readonly (OfferedLocation & { name: string })[];
  /** The contact page shows the dealership select (more than one dealership). */
  dealershipSelect: boolean;
  /** The dealership select's options (the site's dealerships, by slug). */
  dealerships: readonly string[];
  /** The enquiry and service forms send the chosen location's dealership (features.copy_location_dealership). */
  copyLocationDealership: boolean;
  /** The service form's locations (locationsFor(config, 'service')): it asks for one when there are several. */
  serviceLocations: readonly OfferedLocation[];
  /** The instant offer's buying locations (buyingLocations): its location_id select, by id. */
  buyingLocations: readonly OfferedLocation[];
  /** Service Interval and Service Type required (serviceRequirements in src/lib/forms/service-booking.ts). */
  intervalRequired: boolean;
  typeRequired: boolean;
  /** The Service Interval and Service Type options (service.intervals, service.types); none: free text or no field. */
  intervals: readonly string[];
  types: readonly string[];
}

/** Which lead form a lead is from. */
export type LeadFormKind = 'instant-offer' | 'service-booking' | 'reserve' | 'online-payment' | 'test-drive' | 'request-photos' | 'finance' | 'enquiry';

/** The lead values the form rules read (a lead as the API parses it, or as stored with a later step's values). */
export type LeadFormValues = Record<string, unknown> & { category?: unknown; subcategory?: unknown; car_id?: unknown; location?: unknown; evalid?: unknown };

/**
 * The subcategory the contact page sends: 'Contact Us', or 'Contact {location}' on a location's own
 * page (src/components/forms/ContactPage.astro), the name as the form sends it (formText), so the
 * page and the API build the same text from a name written with spaces at its ends.
 */
export function contactSubcategory(locationName?: string): string {
  const name = locationName === undefined ? '' : formText(locationName);
  return name ? `${CONTACT_LOCATION_PREFIX}${name}` : 'Contact Us';
}

/** The message for a select value that is not one of the options the site offers (the spec has none: the form never sends one). */
export const NOT_AN_OPTION = 'Please choose one of the options offered.';

/** The form a lead is from: the instant offer's names its evaluation; the others are told by category (and the finance form's subcategory). */
export function leadFormKind(lead: LeadFormValues): LeadFormKind {
  if (lead.evalid !== undefined) return 'instant-offer';
  const category = comparableText(lead.category);
  if (category === 'service booking') return 'service-booking';
  if (category === 'reserve') return 'reserve';
  if (category === 'online payment') return 'online-payment';
  if (/test ?drive/.test(category)) return 'test-drive';
  if (category === 'request photos') return 'request-photos';
  if (category === 'finance enquiry' && financePageOf(lead.subcategory) !== undefined) return 'finance';
  return 'enquiry';
}

/** The instant offer's trade-in lead: its contact step and final details, the details' Comments carried as the lead's `message`. */
const { comments: offerComments, ...offerDetails } = InstantOfferDetailsSchema.entries;
const InstantOfferLeadSchema = v.object({ ...TradeInLeadFormSchema.entries, ...offerDetails, message: offerComments });

/** The enquiry form as the page that sent the lead shows it: the contact page's selects only on a lead about no car (the vehicle page's forms send their car). */
function enquirySchema(lead: LeadFormValues, settings: LeadFormSettings) {
  const contactPage = lead.car_id === undefined;
  const location = settings.contactLocations.find((entry) => entry.slug === lead.location);
  // A location's own page (/contact-us/{slug}) preselects it and shows no dealership select.
  const locationPage = location !== undefined && lead.subcategory === contactSubcategory(location.name);
  return enquiryFormSchema({
    commentsRequired: settings.commentsRequired,
    // One location is preselected (spec §4): the select asks a choice only of several.
    locationRequired: contactPage && settings.contactLocations.length > 1,
    dealershipRequired: contactPage && settings.dealershipSelect && !locationPage,
  });
}

/** A form's object schema. */
type FormSchema = v.GenericSchema & { entries: Record<string, v.GenericSchema> };

/** The lead as its form's input: a field the form requires and the lead leaves out is blank, as the form's empty input is (so it gets the form's message). */
function asFormInput(schema: FormSchema, lead: LeadFormValues): Record<string, unknown> {
  const input: Record<string, unknown> = { ...lead };
  for (const [key, entry] of Object.entries(schema.entries)) if (input[key] === undefined && entry.type !== 'optional') input[key] = '';
  return input;
}

/** The schema of the lead's form (the terms box is left to leadProblems, which knows the posts that carry it). */
function formSchema(kind: LeadFormKind, lead: LeadFormValues, settings: LeadFormSettings): FormSchema {
  switch (kind) {
    case 'instant-offer':
      return InstantOfferLeadSchema;
    case 'service-booking':
      return serviceBookingFormSchema({ intervalRequired: settings.intervalRequired, typeRequired: settings.typeRequired });
    case 'reserve': {
      const { terms_conditions: _terms, ...entries } = ReserveFormSchema.entries;
      return v.object(entries);
    }
    case 'online-payment':
      // The online payment form's contact (OnlinePaymentFormSchema in ../payments.ts); its reference and amount go to the payments API.
      return v.object(contactEntriesWithoutOptIn);
    case 'test-drive':
      return testDriveFormSchema();
    case 'request-photos':
      return requestPhotosFormSchema();
    case 'finance':
      return enquiryFormSchema({ commentsRequired: false });
    case 'enquiry':
      return enquirySchema(lead, settings);
  }
}

/**
 * The field messages the lead's form gives a complete lead (`lead`: every value it carries, a
 * later step's with the values stored before), empty when it passes: the form's schema with the
 * site's settings, the service form's location when it offers several, the finance form's
 * Employment Status on its apply and pre-approval pages.
 */
export function completedFormProblems(lead: LeadFormValues, settings: LeadFormSettings): Record<string, string> {
  const kind = leadFormKind(lead);
  const schema = formSchema(kind, lead, settings);
  const result = v.safeParse(schema, asFormInput(schema, lead));
  const problems = result.success ? {} : fieldErrors(result.issues, schema);
  if (kind === 'service-booking' && settings.serviceLocations.length > 1 && !lead.location) problems.location = FORM_MESSAGES.required;
  if (kind === 'finance') {
    const custom = (lead.custom_params ?? {}) as Record<string, unknown>;
    const employment = v.safeParse(employmentStatus(asksEmployment(lead.subcategory)), custom.employment_status);
    if (!employment.success) problems.employment_status = employment.issues[0].message;
  }
  return problems;
}

/**
 * Select values that are not among the options the site configures, on any post that sends
 * them: Service Interval and Service Type (when the site lists them), the instant offer's
 * condition selects (CONDITION_OPTIONS), the finance form's Employment Status. A location or
 * dealership is checked against the lead's form's list (offeredProblems).
 */
export function optionProblems(lead: LeadFormValues, settings: LeadFormSettings): Record<string, string> {
  const problems: Record<string, string> = {};
  const offered = (field: string, options: readonly string[]) => {
    const value = lead[field];
    // Both sides as the form sends them (formText), as the site schema leaves the options.
    if (options.length > 0 && value !== undefined && !options.some((option) => formText(option) === (typeof value === 'string' ? formText(value) : value))) {
      problems[field] = NOT_AN_OPTION;
    }
  };
  offered('Service Interval', settings.intervals);
  offered('Service Type', settings.types);
  for (const question of Object.keys(CONDITION_OPTIONS) as ConditionQuestion[]) {
    const answer = lead[question];
    if (answer !== undefined && !(CONDITION_OPTIONS[question] as readonly unknown[]).includes(answer)) problems[question] = NOT_AN_OPTION;
  }
  const employment = ((lead.custom_params ?? {}) as Record<string, unknown>).employment_status;
  if (leadFormKind(lead) === 'finance' && employment !== undefined && !(EMPLOYMENT_STATUSES as readonly unknown[]).includes(employment)) {
    problems.employment_status = NOT_AN_OPTION;
  }
  return problems;
}

/** The locations and dealerships a lead's form offers; undefined where the form offers no list of its own (the API checks the value is the site's). */
interface OfferedChoices {
  location?: readonly string[];
  location_id?: readonly string[];
  dealership_slug?: readonly string[];
}

/** The dealership_slug copied from the chosen location (`slug`) on sites that say so (`copy`, spec §4): what the enquiry and service forms send. */
export function dealershipForLocation(locations: readonly OfferedLocation[], slug: unknown, copy: boolean): string | undefined {
  if (!copy) return undefined;
  return locations.find((location) => location.slug === slug)?.dealership_slug ?? undefined;
}

/** The chosen location's dealership as a list of the one the form sends, or none. */
const copiedDealership = (locations: readonly OfferedLocation[], chosen: unknown, settings: LeadFormSettings): string[] => {
  const dealership = dealershipForLocation(locations, chosen, settings.copyLocationDealership);
  return dealership ? [dealership] : [];
};

/** What the lead's form (`form`: the values that tell it, a later step's over its lead's) offers as locations and dealerships. */
function offeredChoices(form: LeadFormValues, settings: LeadFormSettings): OfferedChoices {
  switch (leadFormKind(form)) {
    case 'enquiry': {
      // The vehicle page's modals send their car (its location and dealership are the car's): only the contact page has the selects.
      if (form.car_id !== undefined) return {};
      const location = settings.contactLocations.find((entry) => entry.slug === form.location);
      const locationPage = location !== undefined && form.subcategory === contactSubcategory(location.name);
      const select = settings.dealershipSelect && !locationPage ? settings.dealerships : [];
      return {
        location: settings.contactLocations.map((entry) => entry.slug),
        dealership_slug: [...select, ...copiedDealership(settings.contactLocations, form.location, settings)],
      };
    }
    case 'service-booking':
      return {
        location: settings.serviceLocations.map((entry) => entry.slug),
        dealership_slug: copiedDealership(settings.serviceLocations, form.location, settings),
      };
    case 'instant-offer':
      return { location_id: settings.buyingLocations.flatMap((entry) => (entry.id === undefined ? [] : [entry.id])) };
    default:
      return {};
  }
}

/**
 * A location, location_id or dealership_slug the post sends (`lead`) that its form (`form`: the
 * values telling the form, a later step's over its lead's stored ones) never offers: the
 * contact page's location select (and its dealership select, or the chosen location's
 * dealership where the site copies it), the service form's locations, the instant offer's buying
 * locations. Forms without such a list of their own are left to the API's check that the value
 * is the site's.
 */
export function offeredProblems(lead: LeadFormValues, form: LeadFormValues, settings: LeadFormSettings): Record<string, string> {
  const problems: Record<string, string> = {};
  const offered = offeredChoices(form, settings);
  for (const field of ['location', 'location_id', 'dealership_slug'] as const) {
    const options = offered[field];
    if (options !== undefined && lead[field] !== undefined && !options.includes(lead[field] as string)) problems[field] = NOT_AN_OPTION;
  }
  return problems;
}
