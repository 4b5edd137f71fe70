/**
 * Service booking (spec §4 "Service booking", §5): three steps advancing on Next (Contact
 * Details, Vehicle Details, Order Details; the minimal variant starts with Vehicle Details,
 * rego first). The custom variant is one page, Booking Details, with every
 * section. Interval and type requirements and the additional services come from the site's
 * `service` settings. State and submit: useServiceBooking(); each step is a component here.
 */
import { SERVICE_STEP_TITLES } from '../../../lib/forms/service-booking.ts';
import { ErrorSummary, FormAlert, SubmitButton } from '../../ui/form-kit/index.ts';
import { CollectionNotice, ContactFields } from '../shared-fields.tsx';
import { OrderStep } from './OrderStep.tsx';
import { SERVICE_STEP_FIELDS, useServiceBooking, type ServiceBookingFormProps } from './use-service-booking.ts';
import { VehicleStep } from './VehicleStep.tsx';

export type { ServiceBookingFormProps } from './use-service-booking.ts';

export default function ServiceBookingForm(props: ServiceBookingFormProps) {
  const { config, variant } = props;
  const { kit, formId, steps, step, heading, submit, back, earliestDate } = useServiceBooking(props);
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
      <ErrorSummary kit={kit} fieldOrder={SERVICE_STEP_FIELDS[step]} />
      {(step === 'contact' || step === 'booking') && <ContactFields kit={kit} />}
      {(step === 'vehicle' || step === 'booking') && <VehicleStep kit={kit} variant={variant} makes={props.makes} />}
      {(step === 'order' || step === 'booking') && <OrderStep kit={kit} props={props} earliestDate={earliestDate} />}
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
