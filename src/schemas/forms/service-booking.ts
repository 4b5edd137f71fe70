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

/** Service booking order details after interval and type, all optional: the form's last step and the lead API take the same. */
export const SERVICE_ORDER_DETAILS = {
  'Preferred Service Date': optionalText(40),
  Comments: messageText(false, 5000),
  /** Tyre quote checkbox (additional service). */
  tyre_quote: v.optional(checkbox),
  street: optionalText(120),
  suburb: optionalText(80),
  state: optionalText(8),
};

/**
 * Service booking, step "Order Details"; interval and type are required when the site configures them. The address has no
 * postcode of its own: it is the contact postcode (required), so the whole booking keeps the contact step's rule.
 */
export function serviceOrderStepSchema(options: { intervalRequired?: boolean; typeRequired?: boolean } = {}) {
  return v.object({
    'Service Interval': textField(options.intervalRequired ?? false, 80),
    'Service Type': textField(options.typeRequired ?? false, 80),
    ...SERVICE_ORDER_DETAILS,
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

export type ServiceBookingForm = v.InferOutput<ReturnType<typeof serviceBookingFormSchema>>;
