/**
 * The service booking's state and submit (spec §4 "Service booking"): which step shows, the
 * step guard ('Please complete the form step before proceeding'), a step post under one
 * lead_id once the contact details are known (form_completed false) and the final post
 * (form_completed true). The step rules are lib/forms/service-booking.ts.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FormLocation, FormSiteConfig } from '../../../lib/forms/form-config.ts';
import { dealershipForLocation, preselectedLocation } from '../../../lib/forms/form-config.ts';
import { LEAD_FAILURE_MESSAGE, stepWithError, withoutBlanks } from '../../../lib/forms/form-validation.ts';
import { leadAnalyticsEvent } from '../../../lib/forms/lead-payload.ts';
import { FORM_MESSAGES } from '../../../schemas/forms/messages.ts';
import {
  CHECK_OPTION_SUFFIX,
  checkServiceStep,
  earliestServiceDate,
  nextServiceStep,
  SERVICE_STEP_TITLES,
  serviceSteps,
  STEP_GUARD_MESSAGE,
  type ServiceRequirements,
  type ServiceStep,
  type ServiceVariant,
} from '../../../lib/forms/service-booking.ts';
import { useFormKit } from '../../ui/form-kit/index.ts';
import { useVisitorClock } from '../../ui/use-visitor-clock.ts';
import { completeLead, sendLead } from '../lead-submit.ts';
import { CONTACT_ORDER, contactDefaults, usePrefilledContact } from '../shared-fields.tsx';

export interface ServiceBookingFormProps {
  config: FormSiteConfig;
  variant: ServiceVariant;
  requirements: ServiceRequirements;
  intervals: string[];
  types: string[];
  additionalServices: string[];
  tyreQuote: boolean;
  /** Service locations to choose from (one is preselected). */
  locations: FormLocation[];
  /** Show the optional street, suburb and state fields. */
  addressFields?: boolean;
  /** Makes offered in 'Vehicle Make': the static manufacturer list and the stock's makes. */
  makes?: readonly string[];
  formId?: string;
}

const ADDRESS_ORDER = ['street', 'suburb', 'state'];

/** Each step's fields in the order the step shows them (its error summary's order, and where a refused field is). */
export const SERVICE_STEP_FIELDS: Record<ServiceStep, readonly string[]> = {
  contact: CONTACT_ORDER,
  vehicle: ['Rego', 'Vehicle Make', 'Model', 'Year', 'State'],
  order: ['location', 'Service Interval', 'Service Type', 'Preferred Service Date', 'Comments', ...ADDRESS_ORDER, 'terms_conditions'],
  booking: [
    ...CONTACT_ORDER,
    'Rego',
    'Vehicle Make',
    'Model',
    'Year',
    'State',
    'location',
    'Service Interval',
    'Service Type',
    'Preferred Service Date',
    ...ADDRESS_ORDER,
    'Comments',
    'terms_conditions',
  ],
};

/** Fields left out of the step checks when blank (a blank select is "not given"). */
const BLANK_OPTIONAL = ['PreferredContactMethod', 'State', 'state'];

/** The service booking's state, its submit and Back handlers. */
export function useServiceBooking(props: ServiceBookingFormProps) {
  const { config, variant } = props;
  // The earliest Preferred Service Date (the dealer's tomorrow) once the visitor's clock is known: the date input's min and the step checks.
  const now = useVisitorClock();
  const earliestDate = now === null ? undefined : earliestServiceDate(now, config.timeZone);
  const requirements = { ...props.requirements, earliestDate };
  const formId = props.formId ?? 'service-booking';
  const steps = serviceSteps(variant);
  const [step, setStep] = useState<ServiceStep>(steps[0]!);
  const [leadId, setLeadId] = useState<string | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement | null>(null);
  const moved = useRef(false);
  const kit = useFormKit(formId, () => ({
    ...contactDefaults(config),
    'Vehicle Make': '',
    Model: '',
    Year: '',
    Rego: '',
    State: '',
    location: preselectedLocation(props.locations),
    'Service Interval': '',
    'Service Type': '',
    'Preferred Service Date': '',
    Comments: '',
    street: '',
    suburb: '',
    state: '',
    tyre_quote: false,
    ...Object.fromEntries(props.additionalServices.map((service) => [`${service}${CHECK_OPTION_SUFFIX}`, false])),
    terms_conditions: false,
  }));

  usePrefilledContact(kit);
  useEffect(() => {
    // Focus follows the shopper to the new step (not on first render).
    if (moved.current) heading.current?.focus();
  }, [step]);

  /** Values of the steps done so far, cleaned by their schemas. */
  function collected(upTo: ServiceStep): { values: Record<string, unknown>; errors: Record<string, string> } {
    const values: Record<string, unknown> = {};
    let errors: Record<string, string> = {};
    for (const each of steps.slice(0, steps.indexOf(upTo) + 1)) {
      const check = checkServiceStep(each, withoutBlanks(kit.values, BLANK_OPTIONAL), requirements);
      if (check.ok) Object.assign(values, check.output);
      else errors = { ...errors, ...check.errors };
    }
    return { values, errors };
  }

  function extraErrors(current: ServiceStep): Record<string, string> {
    const errors: Record<string, string> = {};
    const ordering = current === 'order' || current === 'booking';
    if (ordering && props.locations.length > 1 && !kit.values.location) errors.location = FORM_MESSAGES.required;
    if (ordering && config.termsRequired && kit.values.terms_conditions !== true) errors.terms_conditions = FORM_MESSAGES.terms;
    return errors;
  }

  function leadValues(values: Record<string, unknown>): Record<string, unknown> {
    const location = String(kit.values.location ?? '');
    const out: Record<string, unknown> = { ...values };
    if (location) out.location = location;
    // Service leads go to the service location's dealership (spec §7 "dealership_slug from service location on one site").
    const dealership = dealershipForLocation(props.locations, location, config.copyLocationDealership);
    if (dealership) out.dealership_slug = dealership;
    for (const service of props.additionalServices)
      out[`${service}${CHECK_OPTION_SUFFIX}`] = (kit.values as Record<string, unknown>)[`${service}${CHECK_OPTION_SUFFIX}`] === true;
    if (config.termsRequired) out.terms_conditions = kit.values.terms_conditions === true;
    return out;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (kit.submitting) return;
    kit.setFormError('');
    const current = step;
    const { values, errors } = collected(current);
    const stepCheck = checkServiceStep(current, withoutBlanks(kit.values, BLANK_OPTIONAL), requirements);
    const allErrors = { ...(stepCheck.ok ? {} : stepCheck.errors), ...extraErrors(current) };
    const next = nextServiceStep(variant, current, Object.keys(allErrors).length === 0 && Object.keys(errors).length === 0);
    if (next === current) {
      kit.setFormError(STEP_GUARD_MESSAGE);
      kit.fail(allErrors);
      return;
    }
    kit.clearErrors();
    const contactDone = steps.indexOf('contact') <= steps.indexOf(current);
    if (next !== null) {
      moved.current = true;
      setStep(next);
      if (contactDone) {
        // Each step is recorded under one lead so a half-finished booking still reaches the dealer's records.
        const result = await sendLead({
          apiBase: config.apiBase,
          idempotencyKey: kit.requestKey,
          values: { ...leadValues(values), custom_params: { lead_status: 'Incomplete', step: SERVICE_STEP_TITLES[current] } },
          category: 'Service Booking',
          leadId,
          formCompleted: false,
        });
        if (result.ok) setLeadId(result.leadId);
        else console.warn('service booking step not recorded', result.message);
      }
      return;
    }
    kit.setSubmitting(true);
    // A step post whose answer was lost may have stored the lead under requestKey; the final
    // post must not be answered with that replay, so it has its own key.
    const result = await sendLead({
      apiBase: config.apiBase,
      idempotencyKey: `${kit.requestKey}-final`,
      values: { ...leadValues(values), custom_params: { lead_status: 'Complete' } },
      category: 'Service Booking',
      leadId,
      formCompleted: true,
    });
    if (!result.ok) {
      kit.setSubmitting(false);
      const refused = stepWithError(steps, SERVICE_STEP_FIELDS, result.fieldErrors);
      if (refused && steps.indexOf(refused) < steps.indexOf(current)) {
        // Back to the refused field's step; focus goes to the field, not the heading.
        moved.current = false;
        setStep(refused);
      }
      kit.reject({ ...result, message: result.message || LEAD_FAILURE_MESSAGE });
      return;
    }
    completeLead({
      leadId: result.leadId,
      category: 'Service Booking',
      event: leadAnalyticsEvent('enquiry', null),
      values: kit.values,
      labels: kit.labels.current,
    });
  };

  const back = () => {
    const index = steps.indexOf(step);
    if (index > 0) {
      moved.current = true;
      kit.clearErrors();
      kit.setFormError('');
      setStep(steps[index - 1]!);
    }
  };

  return { kit, formId, steps, step, heading, submit, back, earliestDate };
}
