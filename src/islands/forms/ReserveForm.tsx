/**
 * Reserve online (spec §2 /cars/{slug}/checkout or /buy-online; §9 deposit default $200,
 * held 48 hours, refundable in full) and the online purchase journey (/checkout-journey).
 * Each step is posted under one lead_id: the contact details first (form_completed false),
 * then the purchase options (journey only), then the deposit step.
 *
 * Deposit step (docs/payments.md), with a payment provider: the deposit terms (site
 * settings) are shown first; the server holds the car and starts the payment (its amount;
 * the provider's intent is created only when a card is submitted),
 * the provider's card form is loaded (payment.ts, the one seam), and the reservation is
 * complete only when the server says the payment is paid (the provider's signed webhook).
 * Without a provider (the default and the demo) the page says plainly that no card is
 * taken and the dealer will call; the lead is completed as a reservation request.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { type FormSiteConfig } from '../../lib/forms/form-config.ts';
import { loadCarChoices, useCarChoices } from './car-choices.ts';
import { checkForm, withoutBlanks } from '../../lib/forms/form-validation.ts';
import { leadAnalyticsEvent, type LeadCar } from '../../lib/forms/lead-payload.ts';
import { depositTerms } from '../../schemas/site/payments.ts';
import { ReserveFormSchema } from '../../schemas/forms.ts';
import { ErrorSummary, FormAlert, RadioGroupField, SubmitButton, TextAreaField, useFormKit } from './form-kit.tsx';
import { completeLead, sendLead } from './lead-submit.ts';
import { startReservationPayment, usePaymentStep } from './payment.ts';
import { PaymentStepFields } from './payment-step.tsx';
import { CollectionNotice, CONTACT_ORDER, ContactFields, contactDefaults, usePrefilledContact } from './shared-fields.tsx';

type ReserveStep = 'details' | 'options' | 'payment';
const TITLES: Record<ReserveStep, string> = { details: 'Your details', options: 'Trade-in and finance', payment: 'Deposit' };

/** The in-stock car of the choices that ?car_id= names (slug or id), or null. */
function journeyCar(cars: readonly LeadCar[], wanted: string | null): LeadCar | null {
  return cars.find((entry) => entry.status === 'in_stock' && (entry.slug === wanted || String(entry.id) === wanted)) ?? null;
}

export interface ReserveFormProps {
  config: FormSiteConfig;
  /** The car (reserve pages); for the journey the page passes candidates picked by ?car_id=. */
  car?: LeadCar | null;
  /** The journey: where the cars ?car_id= may name are read from (the site's CAR_CHOICES_PATH); it offers the in-stock ones. */
  carChoicesUrl?: string;
  journey?: boolean;
}

const money = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 });

export default function ReserveForm(props: ReserveFormProps) {
  const { config } = props;
  const choices = useCarChoices(props.carChoicesUrl);
  const steps: ReserveStep[] = props.journey ? ['details', 'options', 'payment'] : ['details', 'payment'];
  const [step, setStep] = useState<ReserveStep>('details');
  const [car, setCar] = useState<LeadCar | null>(props.car ?? null);
  // The journey learns its car from the URL after mounting; until then there is nothing to say.
  const [resolved, setResolved] = useState(Boolean(props.car));
  const [leadId, setLeadId] = useState<string | undefined>();
  const heading = useRef<HTMLHeadingElement | null>(null);
  const moved = useRef(false);
  const kit = useFormKit('reserve', () => ({ ...contactDefaults(config), message: '', finance: '', 'do-you-have-a-trade-in': '', terms_conditions: false }));
  const deposit = config.reserveDeposit;
  const online = config.payments.provider !== 'none' && deposit > 0;
  usePrefilledContact(kit);
  const paying = usePaymentStep('reserve', config, (resumed) => {
    setLeadId(resumed.leadId);
    setStep('payment');
    void resumed.outcome.then(async (outcome) => {
      const wanted = new URLSearchParams(location.search).get('car_id');
      const offered = props.car || !props.carChoicesUrl ? [] : await loadCarChoices(props.carChoicesUrl).catch(() => []);
      const resumedCar = props.car ?? journeyCar(offered, wanted);
      if (outcome.paid) completeLead({ leadId: outcome.leadId, category: 'Reserve', successCategory: 'Reserve', event: leadAnalyticsEvent('enquiry', resumedCar), car: resumedCar, values: { Deposit: `${money.format(deposit)} (paid online)` }, labels: { Deposit: 'Deposit' } });
      else kit.setFormError(outcome.message);
    });
  });
  const { payment } = paying;
  kit.labels.current.terms_conditions = 'Terms';

  // The journey learns its car from ?car_id= once the site's car choices have loaded; until then there is nothing to say.
  useEffect(() => {
    if (!choices.loaded) return;
    if (!props.car && choices.cars) setCar(journeyCar(choices.cars, new URLSearchParams(location.search).get('car_id')));
    setResolved(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [choices.loaded]);
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
        kit.reject(result);
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
    // 'Reserve' when paid ("Your car is reserved"), 'Reserve Request' when no card was taken.
    const done = (successCategory: string, paid: boolean) =>
      completeLead({
        leadId,
        category: successCategory,
        successCategory,
        event: leadAnalyticsEvent('enquiry', car),
        car,
        values: { ...kit.values, Deposit: `${money.format(deposit)} (${paid ? 'paid online' : 'not paid: no card was taken online'})` },
        labels: { ...kit.labels.current, Deposit: 'Deposit' },
      });
    if (!online) {
      // No provider: a reservation request; nothing is paid and the page never says so.
      const result = await sendLead({ apiBase: config.apiBase, idempotencyKey: kit.requestKey, values: { ...contact, ...extras, terms_conditions: true, custom_params: { deposit } }, category, subcategory, car, leadId, formCompleted: true });
      if (!result.ok) {
        kit.setSubmitting(false);
        kit.setFormError(result.message);
        return;
      }
      done('Reserve Request', false);
      return;
    }
    if (!payment) {
      // Hold the car and start the payment: the server sets the amount from the site's deposit.
      const started = await startReservationPayment(config.apiBase, { leadId, carId: String(car.id), attempt: paying.attempt.current });
      kit.setSubmitting(false);
      if (!started.ok) {
        kit.setFormError(started.message);
        return;
      }
      paying.setPayment(started.payment);
      return;
    }
    const outcome = await paying.pay(payment, leadId);
    if (outcome.paid) {
      done('Reserve', true);
      return;
    }
    kit.setSubmitting(false);
    kit.setFormError(outcome.message);
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
          <CollectionNotice brand={config.brand} privacyHref={config.privacyHref} purpose="reserve" />
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
            <p style={{ margin: 0 }}>{depositTerms(deposit, car.name ?? car.slug, { deposit_hold_hours: config.payments.depositHoldHours, deposit_refundable: config.payments.depositRefundable, deposit_terms: config.payments.depositTerms })}</p>
          </div>
          {online ? (
            <p className="muted">You pay the deposit by card on this page. We hold the car for you for {config.payments.holdMinutes} minutes while you pay; the car is reserved once your payment is confirmed.</p>
          ) : (
            <p className="muted">No card is charged online: our team will contact you to take the deposit and confirm your reservation.</p>
          )}
          <div className="field field--check">
            <input
              id="reserve-terms_conditions"
              type="checkbox"
              checked={kit.values.terms_conditions === true}
              onChange={(event) => kit.set('terms_conditions', event.target.checked)}
              disabled={payment !== null}
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
      {/* A payment is started only at the payment step, the last: no need to ask which step this is. */}
      <PaymentStepFields step={paying} legend={() => 'Card details'} note={(started) => <>Payment of {money.format(started.amount_cents / 100)} to {config.brand}, processed securely by our payment provider.</>} />
      <FormAlert kit={kit} />
      <div className="form__actions">
        <SubmitButton kit={kit} label={step !== 'payment' ? 'Next' : !online ? `Reserve for ${money.format(deposit)}` : payment ? `Pay ${money.format(deposit)} deposit` : 'Continue to payment'} />
      </div>
    </form>
  );
}
