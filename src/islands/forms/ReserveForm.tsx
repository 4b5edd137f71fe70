/**
 * Reserve online (spec §2 /cars/{slug}/checkout or /buy-online; §9 deposit default $200,
 * held 48 hours, refundable in full) and the online purchase journey (/checkout-journey).
 * Each step is posted under one lead_id: the contact details first (form_completed false),
 * then the purchase options (journey only), then the deposit is recorded through the
 * payment adapter and the lead completed with the payment intent.
 */
import { useEffect, useRef, useState, type FormEvent, useMemo } from 'react';
import { decodeCarChoices, type FormSiteConfig } from '../../lib/forms/form-config.ts';
import { checkForm, withoutBlanks } from '../../lib/forms/form-validation.ts';
import { leadAnalyticsEvent, type LeadCar } from '../../lib/forms/lead-payload.ts';
import { ReserveFormSchema } from '../../schemas/forms.ts';
import { prefilled } from '../../stores/prefill.ts';
import { ErrorSummary, FormAlert, RadioGroupField, SubmitButton, TextAreaField, useFormKit } from './form-kit.tsx';
import { completeLead, notePageVisit, sendLead } from './lead-submit.ts';
import { localPaymentAdapter } from './payment.ts';
import { CONTACT_DEFAULTS, CONTACT_ORDER, ContactFields } from './shared-fields.tsx';

type ReserveStep = 'details' | 'options' | 'payment';
const TITLES: Record<ReserveStep, string> = { details: 'Your details', options: 'Trade-in and finance', payment: 'Deposit' };

export interface ReserveFormProps {
  config: FormSiteConfig;
  /** The car (reserve pages); for the journey the page passes candidates picked by ?car_id=. */
  car?: LeadCar | null;
  /** Cars to choose from, encoded by encodeCarChoices() (src/lib/forms/form-config.ts). */
  carChoices?: string;
  journey?: boolean;
}

const money = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 });

export default function ReserveForm(props: ReserveFormProps) {
  const { config } = props;
  const cars = useMemo(() => (props.carChoices === undefined ? undefined : decodeCarChoices(props.carChoices)), [props.carChoices]);
  const steps: ReserveStep[] = props.journey ? ['details', 'options', 'payment'] : ['details', 'payment'];
  const [step, setStep] = useState<ReserveStep>('details');
  const [car, setCar] = useState<LeadCar | null>(props.car ?? null);
  // The journey learns its car from the URL after mounting; until then there is nothing to say.
  const [resolved, setResolved] = useState(Boolean(props.car));
  const [leadId, setLeadId] = useState<string | undefined>();
  const heading = useRef<HTMLHeadingElement | null>(null);
  const moved = useRef(false);
  const kit = useFormKit('reserve', () => ({ ...CONTACT_DEFAULTS, message: '', finance: '', 'do-you-have-a-trade-in': '', terms_conditions: false }));
  const deposit = config.reserveDeposit;
  kit.labels.current.terms_conditions = 'Terms';

  useEffect(() => {
    kit.fillBlanks(prefilled({ name: '', last_name: '', email: '', phone: '', postcode: '' }));
    if (!props.car && cars) {
      const wanted = new URLSearchParams(location.search).get('car_id');
      setCar(cars.find((entry) => entry.slug === wanted || String(entry.id) === wanted) ?? null);
    }
    setResolved(true);
    notePageVisit();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  const advance = (next: ReserveStep) => {
    moved.current = true;
    kit.clearErrors();
    kit.setFormError('');
    setStep(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (kit.submitting || !car) return;
    kit.setFormError('');
    const check = checkForm(ReserveFormSchema, withoutBlanks({ ...kit.values, car_id: String(car.id), terms_conditions: step === 'payment' ? kit.values.terms_conditions : true }, ['PreferredContactMethod', 'finance', 'do-you-have-a-trade-in']));
    if (!check.ok) return kit.fail(check.errors);
    const { car_id: _carId, terms_conditions: _terms, ...contact } = check.output as Record<string, unknown>;
    const extras = props.journey ? { finance: kit.values.finance || undefined, 'do-you-have-a-trade-in': kit.values['do-you-have-a-trade-in'] || undefined } : {};
    const category = 'Reserve';
    const subcategory = props.journey ? 'Online Purchase' : 'Reserve Online';
    kit.setSubmitting(true);
    if (step !== 'payment') {
      const result = await sendLead({ apiBase: config.apiBase, idempotencyKey: kit.requestKey, values: { ...contact, ...extras, custom_params: { deposit, step: TITLES[step] } }, category, subcategory, car, leadId, formCompleted: false });
      kit.setSubmitting(false);
      if (!result.ok) {
        kit.setFormError(result.message);
        if (Object.keys(result.fieldErrors).length > 0) kit.fail(result.fieldErrors);
        return;
      }
      setLeadId(result.leadId);
      advance(steps[steps.indexOf(step) + 1]!);
      return;
    }
    if (!leadId) {
      kit.setSubmitting(false);
      return;
    }
    const intent = await localPaymentAdapter(config.apiBase).createIntent({ leadId, carId: String(car.id), amount: deposit, description: `Deposit to reserve ${car.name ?? car.slug}` });
    if (!intent.ok) {
      kit.setSubmitting(false);
      kit.setFormError('An unexpected error occured');
      return;
    }
    const result = await sendLead({
      apiBase: config.apiBase,
      idempotencyKey: kit.requestKey,
      values: { ...contact, ...extras, terms_conditions: true, custom_params: { deposit, payment_intent: intent.intentId, payment_status: intent.status } },
      category,
      subcategory,
      car,
      leadId,
      formCompleted: true,
    });
    if (!result.ok) {
      kit.setSubmitting(false);
      kit.setFormError(result.message);
      return;
    }
    completeLead({ leadId: result.leadId, category, event: leadAnalyticsEvent('enquiry', car), car, values: { ...kit.values, Deposit: money.format(deposit) }, labels: { ...kit.labels.current, Deposit: 'Deposit' } });
  };

  if (!resolved) return null;
  if (!car) {
    return (
      <p role="alert">
        We could not find that car. Please go back to <a href="/">our stock</a> and choose the car you would like to reserve.
      </p>
    );
  }
  return (
    <form ref={kit.formRef} className="dealer-form" onSubmit={submit} noValidate aria-labelledby="reserve-step-title" data-step={step}>
      <ol className="form-steps" aria-label="Steps">
        {steps.map((each, index) => (
          <li key={each} aria-current={each === step ? 'step' : undefined} className={index < steps.indexOf(step) ? 'is-done' : undefined}>
            {TITLES[each]}
          </li>
        ))}
      </ol>
      <h2 id="reserve-step-title" ref={heading} tabIndex={-1}>
        {TITLES[step]}
      </h2>
      {props.journey && <p className="muted">Buying the {car.name}</p>}
      <ErrorSummary kit={kit} fieldOrder={[...CONTACT_ORDER, 'message', 'terms_conditions']} />
      {step === 'details' && (
        <>
          <ContactFields kit={kit} />
          <TextAreaField kit={kit} name="message" label="Comments" maxLength={2000} />
        </>
      )}
      {step === 'options' && (
        <>
          <RadioGroupField kit={kit} name="do-you-have-a-trade-in" label="Do you have a trade-in?" options={['Yes', 'No']} />
          <RadioGroupField kit={kit} name="finance" label="Do you need finance?" options={['Yes', 'No']} />
        </>
      )}
      {step === 'payment' && (
        <>
          <div className="alert alert--info" data-testid="deposit-summary">
            <p style={{ margin: 0 }}>
              <strong>{money.format(deposit)} deposit</strong> holds the {car.name} for you for 48 hours. The deposit is refundable in full.
            </p>
          </div>
          <p className="muted">No card is charged online: our team will contact you to take the deposit and confirm your reservation.</p>
          <div className="field field--check">
            <input
              id="reserve-terms_conditions"
              type="checkbox"
              checked={kit.values.terms_conditions === true}
              onChange={(event) => kit.set('terms_conditions', event.target.checked)}
              aria-invalid={kit.errors.terms_conditions ? true : undefined}
              aria-describedby={kit.errors.terms_conditions ? 'reserve-terms_conditions-error' : undefined}
            />
            <label htmlFor="reserve-terms_conditions">
              I agree to the{' '}
              <a href={config.termsHref} target="_blank" rel="noopener">
                terms of use
              </a>{' '}
              and the reservation terms.
            </label>
            {kit.errors.terms_conditions && (
              <p className="field__error" id="reserve-terms_conditions-error">
                {kit.errors.terms_conditions}
              </p>
            )}
          </div>
        </>
      )}
      <FormAlert kit={kit} />
      <div className="form__actions">
        <SubmitButton kit={kit} label={step === 'payment' ? `Reserve for ${money.format(deposit)}` : 'Next'} />
      </div>
    </form>
  );
}
