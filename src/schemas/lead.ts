/**
 * Lead submission (spec §7 "Lead submission", §3 "Lead form values"): the body of
 * POST /api/leads, sent by every lead form (enquiry, test drive, request photos, service
 * booking, trade-in, reserve, offer accepted).
 *
 * Browser-safe: valibot only. The form-level rules (which field is required on which
 * form) live in ./forms/; this schema is what the API accepts from any of them:
 * every known field is checked for type, size and format, unknown top-level fields are
 * dropped, and free-form extras travel only in the bounded `custom_params` map. Every text
 * but the message is one line (oneLine, ./forms/fields.ts).
 */
import * as v from 'valibot';
import {
  AU_STATES,
  blankOr,
  CONTACT_METHODS,
  checkbox,
  DELIVERY_LOCATION_MAX,
  idValue,
  leadCategory,
  messageText,
  NAME_MAX,
  oneLine,
  optionalEmail,
  optionalMobilePhone,
  optionalPhone,
  optionalPostcode,
  optionalText,
  postcode,
  SUBCATEGORY_MAX,
  termsAccepted,
  yesNo,
} from './forms/fields.ts';
import { InstantOfferDetailsSchema } from './forms/instant-offer.ts';
import { preferredServiceDate, serviceOrderDetails, ServiceVehicleStepSchema } from './forms/service-booking.ts';
import { CAR_TYPES } from './car-types.ts';
import { CAR_LEAD_MAX } from './car-lead-bounds.ts';
import { FORM_MESSAGES } from './forms/messages.ts';
import { VISITED_PAGES_MAX } from './visited-pages-bounds.ts';

/**
 * The honeypot field: rendered hidden (spec §3 trade-in lead "hidden field"), left empty
 * by people; a request with a value is answered like a success and never stored.
 */
export const HONEYPOT_FIELD = 'hidden_field';

/** Lead categories the forms send (free text is allowed too, up to 80 characters). */
export const LEAD_CATEGORIES = [
  'General Enquiry',
  'Test Drive',
  'Request Photos',
  'Finance Enquiry',
  'Service Booking',
  'Trade-in Enquiry',
  'Reserve',
  'Offer Accepted',
  'Find Me Something Similar',
] as const;

/** A lead id: the UUID the API returned for the first step of a multi-step form. */
export const leadId = v.pipe(
  v.string('lead_id must be text'),
  v.trim(),
  v.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'lead_id is not one this service issued'),
);

/** A key of custom_params / linked_query_params: campaign keys such as utm_source or car_type. */
const paramKey = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.\-[\] ]{1,64}$/, 'parameter names are letters, digits and _.-[] up to 64 characters'));
const paramValue = v.pipe(
  v.union(
    [v.pipe(v.string(), v.transform(oneLine), v.maxLength(500, 'parameter values are at most 500 characters')), v.number(), v.boolean()],
    'parameter values are text, numbers or true/false',
  ),
  v.transform(String),
);
const boundedRecord = (max: number) =>
  v.pipe(
    v.record(paramKey, paramValue),
    v.check((record) => Object.keys(record).length <= max, `at most ${max} parameters`),
  );

/** Spec §7 lead_attributes: the pages the visitor saw and the query parameters that brought them. */
export const LeadAttributesSchema = v.object({
  visited_pages: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.maxLength(VISITED_PAGES_MAX.length))),
      v.maxLength(VISITED_PAGES_MAX.count, `at most ${VISITED_PAGES_MAX.count} visited pages`),
    ),
    [],
  ),
  linked_query_params: v.optional(boundedRecord(30), {}),
});

/** Everything POST /api/leads accepts. All optional here; see leadProblems() for the cross-field rules. */
export const LeadSubmissionSchema = v.object({
  /** Tenant slug when the host does not name it (API on its own domain). */
  site: v.optional(v.pipe(v.string(), v.transform(oneLine), v.maxLength(80))),
  /** Spec §5: category required, default General Enquiry (the enquiry form's field). */
  category: leadCategory,
  subcategory: optionalText(SUBCATEGORY_MAX),
  /** Present on the second and later steps of a multi-step form: updates that lead. */
  lead_id: v.optional(leadId),
  form_completed: v.optional(checkbox),
  offer_accepted: v.optional(checkbox),
  /** Page the form was sent from. */
  url: optionalText(2000),
  source: v.optional(v.pipe(v.string(), v.transform(oneLine), v.maxLength(40)), 'Website'),
  user_agent: optionalText(500),
  car_id: v.optional(idValue),
  car_dealership_id: v.optional(idValue),
  dealership_slug: optionalText(CAR_LEAD_MAX.dealership_slug),
  location: optionalText(120),
  location_id: v.optional(idValue),
  manufacturer_slug: optionalText(120),
  stock_number: optionalText(CAR_LEAD_MAX.stocknum),
  page_id: optionalText(80),
  lead_attributes: v.optional(LeadAttributesSchema),
  /** Campaign and other page parameters (spec: "custom params", "campaign params"). */
  custom_params: v.optional(boundedRecord(30)),
  /** From '(check_option)' checkboxes. */
  additional_services: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.transform(oneLine), v.trim(), v.maxLength(100))), v.maxLength(20, 'at most 20 additional services')),
  ),

  // Contact fields (spec §3 lead form values).
  name: optionalText(NAME_MAX),
  last_name: optionalText(NAME_MAX),
  email: optionalEmail,
  phone: optionalPhone,
  postcode: optionalPostcode,
  /** Label 'Comments': every form's limit (COMMENTS_MAX). */
  message: messageText(false),
  opt_in: v.optional(checkbox),
  PreferredContactMethod: v.optional(v.picklist(CONTACT_METHODS, 'Please choose Phone, Email or SMS.')),
  terms_conditions: v.optional(checkbox),

  // Vehicle of interest and enquiry details.
  'Vehicle Make': optionalText(CAR_LEAD_MAX.make),
  'Vehicle Model': optionalText(CAR_LEAD_MAX.model),
  car_type: v.optional(v.picklist([...CAR_TYPES, ''], 'car_type must be new, used or demo')),
  vehicle_status: optionalText(40),
  Rego: optionalText(12),
  finance: yesNo,
  'do-you-have-a-trade-in': yesNo,
  /** 'Test Drive Booking Date'. */
  dateTime: v.optional(
    v.pipe(
      v.string(FORM_MESSAGES.dateTime),
      v.trim(),
      v.maxLength(40),
      v.check((text) => text === '' || !Number.isNaN(Date.parse(text)), FORM_MESSAGES.dateTime),
      v.transform((text) => (text === '' ? undefined : text)),
    ),
  ),
  delivery_location: optionalText(DELIVERY_LOCATION_MAX),

  // Service booking (spec §3).
  Model: optionalText(60),
  /** The service form's Year, with its messages. */
  Year: blankOr(ServiceVehicleStepSchema.entries.Year),
  State: v.optional(v.picklist(['', ...AU_STATES, ...AU_STATES.map((state) => state.toUpperCase())], 'Please choose a state.')),
  'Service Interval': optionalText(80),
  'Service Type': optionalText(80),
  ...serviceOrderDetails(),

  // Trade-in lead (spec §3) and its valuation step.
  'First Name': optionalText(NAME_MAX),
  /** A mobile, as the trade-in form's (mobilePhone). */
  'Mobile Number': optionalMobilePhone,
  'Email Address': optionalEmail,
  evalid: optionalText(64),
  /** The instant offer's odometer, with its messages. */
  odometer: blankOr(InstantOfferDetailsSchema.entries.odometer),
  service_history: optionalText(80),
  number_of_keys: optionalText(20),
  car_condition: optionalText(80),
  sms_content: optionalText(640),
  sms_from: optionalText(40),

  [HONEYPOT_FIELD]: v.optional(v.pipe(v.string(), v.maxLength(500))),
});

/** A validated lead submission. */
export type LeadSubmission = v.InferOutput<typeof LeadSubmissionSchema>;

/**
 * What the lead rules need beyond the lead: whether it starts a new lead, whether the site asks
 * for the terms box (requiresTerms), and whether the lead this post continues names an
 * evaluation of the site (the server looks it up): only there was an offer made to accept.
 */
export interface LeadRuleContext {
  isNew: boolean;
  termsRequired: boolean;
  continuesValuation: boolean;
  /** The first day a Preferred Service Date may name (earliestServiceDate in src/lib/forms/service-booking.ts: the dealer's tomorrow). */
  earliestServiceDate: string;
}

/**
 * A post that says it is the instant offer's (trade-in valuation): its lead names the evaluation,
 * or it accepts the offer made there. What it says is enough to refuse it on a site that values no
 * cars; the terms exemption also needs it to hold (isInstantOfferPost).
 */
export function isValuationLead(lead: Pick<LeadSubmission, 'evalid' | 'offer_accepted'>): boolean {
  return lead.evalid !== undefined || lead.offer_accepted === true;
}

/** Whether a lead's category asks for a test drive ('Test Drive', also 'test drive' or 'Testdrive'): it books a slot and names a car that takes test drives. */
export function isTestDriveCategory(category: string | undefined): boolean {
  return /test ?drive/i.test(category ?? '');
}

/** Whether a lead's category asks to reserve its car ('Reserve': the reserve page and the online purchase journey): only such a lead holds a car for a deposit. */
export function isReserveCategory(category: string | null | undefined): boolean {
  return category?.trim().toLowerCase() === 'reserve';
}

/**
 * Whether a post (or a stored lead's values) completes its form: `form_completed` true or
 * absent (a one-step form sends no flag); false is a step of a multi-step form. The lead
 * API's one meaning of "completed": the terms rule, delivery and the dealer's payment line read it.
 */
export function completesForm(lead: { form_completed?: unknown }): boolean {
  return lead.form_completed !== false;
}

/**
 * A post of the instant offer, which shows no terms box: its trade-in lead, naming its
 * evaluation (which the server checks is the site's), or the acceptance of the offer on a
 * later post of such a lead. `offer_accepted` on any other post accepts no offer.
 */
function isInstantOfferPost(lead: LeadSubmission, context: LeadRuleContext): boolean {
  return isValuationLead(lead) && (lead.evalid !== undefined || context.continuesValuation);
}

/** The post that carries a form's terms box: the one completing the form (the instant offer shows no terms box). */
function carriesTermsBox(lead: LeadSubmission, context: LeadRuleContext): boolean {
  return completesForm(lead) && !isInstantOfferPost(lead, context);
}

/**
 * Whether a post is held to its whole form's rules (completedFormProblems in ./forms/lead-forms.ts):
 * a post that completes its form, and the instant offer's trade-in lead, whose one post (naming its
 * evaluation) carries the offer's last step whether the lead is complete or waits for the offer's
 * acceptance; the acceptance, a later post, sends only the contact that lead gave.
 */
export function heldToFormRules(lead: LeadSubmission, context: LeadRuleContext): boolean {
  if (lead.evalid !== undefined) return true;
  return completesForm(lead) && !isInstantOfferPost(lead, context);
}

/** The message `schema` gives `value`, or undefined when it passes. */
function problemOf(schema: v.GenericSchema, value: unknown): string | undefined {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0].message;
}

/**
 * Cross-field rules a type check cannot express, as the forms apply them: a new lead must
 * carry a way to reach the person (e-mail or phone, in either naming) and the contact
 * postcode (every form asks for it before its first post: the forms' `postcode` rule); on a
 * site that asks for the terms box, the post completing a form must have it ticked (the
 * forms' termsAccepted); a Preferred Service Date is no earlier than the dealer's tomorrow
 * (the service form's preferredServiceDate). Returns field messages, empty when fine.
 */
export function leadProblems(lead: LeadSubmission, context: LeadRuleContext): Record<string, string> {
  const problems: Record<string, string> = {};
  if (context.isNew) {
    const reachable = lead.email || lead.phone || lead['Email Address'] || lead['Mobile Number'];
    if (!reachable) problems.email = 'Please give an email address or a phone number so the dealer can reply.';
    const code = problemOf(postcode, lead.postcode);
    if (code) problems.postcode = code;
  }
  const terms = context.termsRequired && carriesTermsBox(lead, context) ? problemOf(termsAccepted, lead.terms_conditions) : undefined;
  if (terms) problems.terms_conditions = terms;
  const serviceDate = problemOf(preferredServiceDate(context.earliestServiceDate), lead['Preferred Service Date']);
  if (serviceDate) problems['Preferred Service Date'] = serviceDate;
  return problems;
}
