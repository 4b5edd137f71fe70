/**
 * The service booking form (spec §3, §4 "Service booking"): one schema per step and the
 * whole booking. The lead schema (../lead.ts) takes the order details as they are.
 * Browser-safe (valibot only); object schemas drop unknown keys.
 */
import * as v from 'valibot';
import { AU_STATES, checkbox, contactEntries, messageText, numberInput, optionalText, requiredText, textField } from './fields.ts';

/** Service booking, step "Vehicle Details" (spec §3 Service booking; make, model, year required to leave it). */
export const ServiceVehicleStepSchema = v.object({
  'Vehicle Make': requiredText(60),
  Model: requiredText(60),
  Year: v.pipe(numberInput(1900, 2100), v.integer('Please enter a year such as 2019.')),
  Rego: optionalText(12),
  State: v.optional(v.picklist([...AU_STATES, ...AU_STATES.map((state) => state.toUpperCase())], 'Please choose a state.')),
});

/** The message on 'Preferred Service Date' for a day before the first the dealer books (tomorrow), or text that is no date. */
export const SERVICE_DATE_MESSAGE = 'Please choose a date from tomorrow onwards.';

/**
 * 'Preferred Service Date': none, or a calendar date ('2026-12-25', what a date input gives) no
 * earlier than `earliest` (earliestServiceDate: the dealer's tomorrow). Without `earliest` (a form
 * before the visitor's clock is known) only the date's form is checked. A value that is no text
 * (a number, a list) is no date either: SERVICE_DATE_MESSAGE (docs/forms.md "Wrong-typed values").
 */
export function preferredServiceDate(earliest?: string) {
  return v.optional(
    v.pipe(
      v.string(SERVICE_DATE_MESSAGE),
      v.trim(),
      v.check(
        (text) => text === '' || (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) && (earliest === undefined || text >= earliest)),
        SERVICE_DATE_MESSAGE,
      ),
      v.transform((text) => (text === '' ? undefined : text)),
    ),
  );
}

/** Service booking order details after interval and type, all optional: the form's last step and the lead API take the same (`earliest`: see preferredServiceDate). */
export const serviceOrderDetails = (earliest?: string) => ({
  'Preferred Service Date': preferredServiceDate(earliest),
  Comments: messageText(false, 5000),
  /** Tyre quote checkbox (additional service). */
  tyre_quote: v.optional(checkbox),
  street: optionalText(120),
  suburb: optionalText(80),
  state: optionalText(8),
});

/** What a site's service settings require of the order details, and the earliest Preferred Service Date (see preferredServiceDate). */
export interface ServiceOrderOptions {
  intervalRequired?: boolean;
  typeRequired?: boolean;
  earliestDate?: string;
}

/**
 * Service booking, step "Order Details"; interval and type are required when the site configures them. The address has no
 * postcode of its own: it is the contact postcode (required), so the whole booking keeps the contact step's rule.
 */
export function serviceOrderStepSchema(options: ServiceOrderOptions = {}) {
  return v.object({
    'Service Interval': textField(options.intervalRequired ?? false, 80),
    'Service Type': textField(options.typeRequired ?? false, 80),
    ...serviceOrderDetails(options.earliestDate),
  });
}

/** The whole service booking (three steps: Contact Details, Vehicle Details, Order Details). */
export function serviceBookingFormSchema(options: ServiceOrderOptions = {}) {
  return v.object({
    ...contactEntries,
    ...ServiceVehicleStepSchema.entries,
    ...serviceOrderStepSchema(options).entries,
  });
}

export type ServiceBookingForm = v.InferOutput<ReturnType<typeof serviceBookingFormSchema>>;
