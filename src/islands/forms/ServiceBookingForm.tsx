/**
 * Service booking (spec §4 "Service booking", §5): three steps advancing on Next
 * (Contact Details, Vehicle Details, Order Details; the minimal variant starts with
 * Vehicle Details, rego first). A step is left only when it passes ('Please complete the
 * form step before proceeding'). Once the contact details are known each step is posted
 * with the same lead_id (form_completed false); the last step submits the lead Complete
 * with form_completed true. Service Interval / Service Type requirements and the
 * '(check_option)' additional services come from the site's `service` settings. The custom
 * variant (audit 2.106) is one page, Booking Details, with every section; the optional
 * address fields (street, suburb, state; audit 3.21) show on it, and on the other variants'
 * Order Details when the site turns them on.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FormLocation, FormSiteConfig } from '../../lib/forms/form-config.ts';
import { dealershipForLocation, preselectedLocation } from '../../lib/forms/form-config.ts';
import { FORM_MESSAGES, AU_STATES } from '../../schemas/forms.ts';
import { LEAD_FAILURE_MESSAGE, withoutBlanks } from '../../lib/forms/form-validation.ts';
import { leadAnalyticsEvent } from '../../lib/forms/lead-payload.ts';
import { CHECK_OPTION_SUFFIX, checkServiceStep, nextServiceStep, SERVICE_STEP_TITLES, serviceSteps, STEP_GUARD_MESSAGE, type ServiceRequirements, type ServiceStep, type ServiceVariant } from '../../lib/forms/service-booking.ts';
import { CheckboxField, ErrorSummary, FormAlert, SelectField, SubmitButton, TextAreaField, TextField, useFormKit } from './form-kit.tsx';
import { completeLead, sendLead } from './lead-submit.ts';
import { CollectionNotice, CONTACT_ORDER, ConsentFields, ContactFields, contactDefaults, usePrefilledContact } from './shared-fields.tsx';

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
  /** Show the optional street, suburb and state fields (audit 3.21). */
  addressFields?: boolean;
  /** Makes offered in 'Vehicle Make': the static manufacturer list and the stock's makes (audit 9.52). */
  makes?: readonly string[];
  formId?: string;
}

const ADDRESS_ORDER = ['street', 'suburb', 'state'];

const STEP_ORDER: Record<ServiceStep, string[]> = {
  contact: CONTACT_ORDER,
  vehicle: ['Rego', 'Vehicle Make', 'Model', 'Year', 'State'],
  order: ['location', 'Service Interval', 'Service Type', 'Preferred Service Date', 'Comments', ...ADDRESS_ORDER],
  booking: [...CONTACT_ORDER, 'Rego', 'Vehicle Make', 'Model', 'Year', 'State', 'location', 'Service Interval', 'Service Type', 'Preferred Service Date', ...ADDRESS_ORDER, 'Comments'],
};

export default function ServiceBookingForm(props: ServiceBookingFormProps) {
  const { config, variant, requirements } = props;
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
      const check = checkServiceStep(each, withoutBlanks(kit.values, ['PreferredContactMethod', 'State', 'state']), requirements);
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
    for (const service of props.additionalServices) out[`${service}${CHECK_OPTION_SUFFIX}`] = (kit.values as Record<string, unknown>)[`${service}${CHECK_OPTION_SUFFIX}`] === true;
    if (config.termsRequired) out.terms_conditions = kit.values.terms_conditions === true;
    return out;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (kit.submitting) return;
    kit.setFormError('');
    const current = step;
    const { values, errors } = collected(current);
    const stepCheck = checkServiceStep(current, withoutBlanks(kit.values, ['PreferredContactMethod', 'State', 'state']), requirements);
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
        const result = await sendLead({ apiBase: config.apiBase, idempotencyKey: kit.requestKey, values: { ...leadValues(values), custom_params: { lead_status: 'Incomplete', step: SERVICE_STEP_TITLES[current] } }, category: 'Service Booking', leadId, formCompleted: false });
        if (result.ok) setLeadId(result.leadId);
        else console.warn('service booking step not recorded', result.message);
      }
      return;
    }
    kit.setSubmitting(true);
    // A step post whose answer was lost may have stored the lead under requestKey; the final
    // post must not be answered with that replay, so it has its own key.
    const result = await sendLead({ apiBase: config.apiBase, idempotencyKey: `${kit.requestKey}-final`, values: { ...leadValues(values), custom_params: { lead_status: 'Complete' } }, category: 'Service Booking', leadId, formCompleted: true });
    if (!result.ok) {
      kit.setSubmitting(false);
      kit.setFormError(result.message || LEAD_FAILURE_MESSAGE);
      return;
    }
    completeLead({ leadId: result.leadId, category: 'Service Booking', event: leadAnalyticsEvent('enquiry', null), values: kit.values, labels: kit.labels.current });
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

  const isLast = step === steps[steps.length - 1];
  return (
    <form ref={kit.formRef} className="dealer-form" onSubmit={submit} noValidate aria-labelledby={`${formId}-step-title`} data-step={step}>
      {steps.length > 1 && (
        <ol className="form-steps" aria-label="Booking steps">
          {steps.map((each, index) => (
            <li key={each} aria-current={each === step ? 'step' : undefined} className={index < steps.indexOf(step) ? 'is-done' : undefined}>
              {SERVICE_STEP_TITLES[each]}
            </li>
          ))}
        </ol>
      )}
      <h3 id={`${formId}-step-title`} ref={heading} tabIndex={-1}>
        {steps.length > 1 ? `Step ${steps.indexOf(step) + 1} of ${steps.length}: ${SERVICE_STEP_TITLES[step]}` : SERVICE_STEP_TITLES[step]}
      </h3>
      {/* Shown from the first step: the contact details are asked for first. */}
      <CollectionNotice brand={config.brand} privacyHref={config.privacyHref} purpose="service" />
      <ErrorSummary kit={kit} fieldOrder={STEP_ORDER[step]} />
      {(step === 'contact' || step === 'booking') && <ContactFields kit={kit} />}
      {(step === 'vehicle' || step === 'booking') && (
        <>
          {variant !== 'standard' && <TextField kit={kit} name="Rego" label="Rego" maxLength={12} autoComplete="off" className="field--short" />}
          <div className="form__row">
            <TextField kit={kit} name="Vehicle Make" label="Vehicle Make" required maxLength={60} suggestions={props.makes} />
            <TextField kit={kit} name="Model" label="Model" required maxLength={60} />
          </div>
          <div className="form__row">
            <TextField kit={kit} name="Year" label="Year" required inputMode="numeric" maxLength={4} />
            {variant === 'standard' && <TextField kit={kit} name="Rego" label="Rego" maxLength={12} autoComplete="off" />}
            {variant !== 'minimal' && <SelectField kit={kit} name="State" label={variant === 'custom' ? 'Rego State' : 'State'} placeholder="Choose a state" options={AU_STATES.map((state) => state.toUpperCase())} />}
          </div>
        </>
      )}
      {(step === 'order' || step === 'booking') && (
        <>
          {props.locations.length > 0 && (
            <SelectField kit={kit} name="location" label="Service Location" required={props.locations.length > 1} placeholder="Choose a location" options={props.locations.map((location) => ({ value: location.slug, label: location.name }))} />
          )}
          {props.intervals.length > 0 ? (
            <SelectField kit={kit} name="Service Interval" label="Service Interval" required={requirements.intervalRequired} placeholder="Choose a service interval" options={props.intervals} />
          ) : (
            <TextField kit={kit} name="Service Interval" label="Service Interval" required={requirements.intervalRequired} maxLength={80} />
          )}
          {props.types.length > 0 && <SelectField kit={kit} name="Service Type" label="Service Type" required={requirements.typeRequired} placeholder="Choose a service type" options={props.types} />}
          <TextField kit={kit} name="Preferred Service Date" label="Preferred Service Date" type="date" />
          {props.addressFields && (
            <fieldset className="field">
              <legend>Your address (optional)</legend>
              <TextField kit={kit} name="street" label="Street Address" autoComplete="street-address" maxLength={120} />
              <div className="form__row">
                <TextField kit={kit} name="suburb" label="Suburb" autoComplete="address-level2" maxLength={80} />
                <SelectField kit={kit} name="state" label="State or Territory" autoComplete="address-level1" placeholder="Choose a state" options={AU_STATES.map((state) => state.toUpperCase())} />
              </div>
            </fieldset>
          )}
          {props.tyreQuote && <CheckboxField kit={kit} name="tyre_quote" label="I would also like a tyre quote" />}
          {props.additionalServices.length > 0 && (
            <fieldset className="field">
              <legend>Additional services</legend>
              {props.additionalServices.map((service) => (
                <CheckboxField key={service} kit={kit} name={`${service}${CHECK_OPTION_SUFFIX}`} label={service} />
              ))}
            </fieldset>
          )}
          <TextAreaField kit={kit} name="Comments" label="Comments" maxLength={5000} />
          <ConsentFields kit={kit} config={config} purpose="service" notice={false} />
        </>
      )}
      <FormAlert kit={kit} />
      <div className="form__actions">
        {steps.indexOf(step) > 0 && (
          <button type="button" className="button button--secondary" onClick={back}>
            Back
          </button>
        )}
        {isLast ? (
          <SubmitButton kit={kit} label="Book Service" />
        ) : (
          <button type="submit" className="button">
            Next
          </button>
        )}
      </div>
    </form>
  );
}
