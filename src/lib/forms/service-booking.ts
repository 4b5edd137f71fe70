/**
 * Service booking steps (spec §4 "Service booking", §5): three steps advancing on Next,
 * each guarded by its own schema ('Please complete the form step before proceeding').
 * Standard order: Contact Details, Vehicle Details, Order Details. Minimal variant:
 * Vehicle Details (rego first), Contact Details, Order Details; make, model and year are
 * required to leave Vehicle Details in both. Custom variant (spec §2 "custom form for one
 * dealer type"): one page, Booking Details, with every field and the optional
 * address, checked and sent once.
 */
import * as v from 'valibot';
import { contactEntriesWithoutOptIn, optInEntry } from '../../schemas/forms/fields.ts';
import { FORM_MESSAGES } from '../../schemas/forms/messages.ts';
import { ServiceVehicleStepSchema, serviceBookingFormSchema, serviceOrderStepSchema } from '../../schemas/forms/service-booking.ts';
import { checkForm, type FormCheck } from './form-validation.ts';
import { dealerDateAfter } from '../text/dealer-time.ts';

export type ServiceStep = 'contact' | 'vehicle' | 'order' | 'booking';
export type ServiceVariant = 'standard' | 'minimal' | 'custom';

/** Step headings, as the spec names them. */
export const SERVICE_STEP_TITLES: Record<ServiceStep, string> = {
  contact: 'Contact Details',
  vehicle: 'Vehicle Details',
  order: 'Order Details',
  booking: 'Booking Details',
};

/** Spec §5 step guard message. */
export const STEP_GUARD_MESSAGE = FORM_MESSAGES.stepIncomplete;

/** Marker of the additional-service checkboxes (spec §7: additional_services from '(check_option)'). */
export const CHECK_OPTION_SUFFIX = ' (check_option)';

/** Steps in the order the variant shows them. */
export function serviceSteps(variant: ServiceVariant): ServiceStep[] {
  if (variant === 'custom') return ['booking'];
  return variant === 'minimal' ? ['vehicle', 'contact', 'order'] : ['contact', 'vehicle', 'order'];
}

/** Whether the optional address fields show (site service.address_fields; default on for the custom variant only). */
export function showsAddressFields(variant: ServiceVariant, setting: boolean | undefined): boolean {
  return setting ?? variant === 'custom';
}

/** What the site's service settings require on the order step. */
export interface ServiceRequirements {
  intervalRequired: boolean;
  /** Service Type is required when the site configures options (spec §5). */
  typeRequired: boolean;
  /** The earliest Preferred Service Date (earliestServiceDate), once the visitor's clock is known. */
  earliestDate?: string;
}

/** The first day a service booking may name as its Preferred Service Date: the dealer's tomorrow. The form's date input and step check and the lead API read it. */
export function earliestServiceDate(now: number, timeZone: string): string {
  return dealerDateAfter(now, 1, timeZone);
}

/** Requirements from the site's `service` settings. */
export function serviceRequirements(settings: { interval_required: boolean; types: readonly string[] }): ServiceRequirements {
  return { intervalRequired: settings.interval_required, typeRequired: settings.types.length > 0 };
}

// The marketing opt-in belongs to the step that shows its box, Order Details (OrderStep's
// ConsentFields): a step lead sent before it claims no consent the shopper has not given.
const ContactStepSchema = v.object(contactEntriesWithoutOptIn);

/** The schema guarding one step. */
export function stepSchema(step: ServiceStep, requirements: ServiceRequirements) {
  if (step === 'contact') return ContactStepSchema;
  if (step === 'vehicle') return ServiceVehicleStepSchema;
  if (step === 'booking') return serviceBookingFormSchema(requirements);
  return v.object({ ...serviceOrderStepSchema(requirements).entries, opt_in: optInEntry });
}

/** Check one step's values; the step may be left only when this passes. */
export function checkServiceStep(step: ServiceStep, values: Record<string, unknown>, requirements: ServiceRequirements): FormCheck<Record<string, unknown>> {
  return checkForm(stepSchema(step, requirements), values) as FormCheck<Record<string, unknown>>;
}

/** The step to show after Next: the same one when the guard fails, else the following one (null after the last). */
export function nextServiceStep(variant: ServiceVariant, current: ServiceStep, stepPassed: boolean): ServiceStep | null {
  if (!stepPassed) return current;
  const steps = serviceSteps(variant);
  return steps[steps.indexOf(current) + 1] ?? null;
}

/**
 * Turn ticked '(check_option)' checkboxes into the additional_services list and drop their
 * helper keys, so the lead carries the service names only.
 */
export function collectAdditionalServices(values: Record<string, unknown>): { values: Record<string, unknown>; additional_services: string[] } {
  const rest: Record<string, unknown> = {};
  const services: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (key.endsWith(CHECK_OPTION_SUFFIX)) {
      if (value === true || value === 'on' || value === 'true') services.push(key.slice(0, -CHECK_OPTION_SUFFIX.length));
    } else rest[key] = value;
  }
  return { values: rest, additional_services: services };
}

/** Booking iframe dimensions (spec §2: 1000x920, or 100% x 800). */
export function bookingIframeSize(size: 'fixed' | 'fluid'): { width: string; height: string } {
  return size === 'fluid' ? { width: '100%', height: '800' } : { width: '1000', height: '920' };
}
