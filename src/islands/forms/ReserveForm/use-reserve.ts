/**
 * Reserve online's state and submit (spec §2 /cars/{slug}/checkout, /checkout-journey; §9
 * deposit): each step is posted under one lead_id (form_completed false), then the deposit
 * step completes the lead as a reservation request (no payment provider) or holds the car,
 * starts the payment and waits for the server to say it is paid (payment.ts, the seam).
 * Back from sign-in after a gated 401, it opens at the step the shopper was sent from (kept-forms.ts).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FormSiteConfig } from '../../../lib/forms/form-config.ts';
import { checkForm, stepWithError, withoutBlanks } from '../../../lib/forms/form-validation.ts';
import { leadAnalyticsEvent, type LeadCar } from '../../../lib/forms/lead-payload.ts';
import { ONLINE_PURCHASE_SUBCATEGORY, takesDeposit } from '../../../lib/vehicle/vehicle-actions.ts';
import { ReserveFormSchema } from '../../../schemas/forms/reserve.ts';
import { useFormKit, type Refusal } from '../../ui/form-kit/index.ts';
import { linkedCarId, loadCarChoices, useCarChoices } from '../car-choices.ts';
import { useCarChoicesRetry } from '../CarChoicesFailed.tsx';
import { completeLead, sendLead } from '../lead-submit.ts';
import { startReservationPayment, usePaymentStep } from '../payment.ts';
import { CONTACT_ORDER, contactDefaults, usePrefilledContact } from '../shared-fields.tsx';
import { depositMoney } from '../../../lib/forms/deposit-terms.ts';

export type ReserveStep = 'details' | 'options' | 'payment';
export const RESERVE_TITLES: Record<ReserveStep, string> = { details: 'Your details', options: 'Trade-in and finance', payment: 'Deposit' };
/** Each step's fields in the order the step shows them (the error summary's order, and where a refused field is). */
export const RESERVE_STEP_FIELDS: Record<ReserveStep, readonly string[]> = {
  details: [...CONTACT_ORDER, 'message'],
  options: ['do-you-have-a-trade-in', 'finance'],
  payment: ['terms_conditions'],
};

export interface ReserveFormProps {
  config: FormSiteConfig;
  /** The car (reserve pages); for the journey the page passes candidates picked by ?car_id=. */
  car?: LeadCar | null;
  /** The journey: where the cars ?car_id= may name are read from (the site's CAR_CHOICES_PATH); it offers the in-stock ones. */
  carChoicesUrl?: string;
  journey?: boolean;
}

/** The car of the choices that ?car_id= names (slug or id) when a deposit can be taken for it (takesDeposit), or null. */
function journeyCar(cars: readonly LeadCar[], wanted: string | null): LeadCar | null {
  return cars.find((entry) => takesDeposit(entry) && (entry.slug === wanted || String(entry.id) === wanted)) ?? null;
}

/** The reserve check of what was typed for `car`; the terms box is asked only at the deposit step (`termsAsked`). */
function checkReserve(values: Record<string, unknown>, car: LeadCar, termsAsked: boolean) {
  return checkForm(
    ReserveFormSchema,
    withoutBlanks({ ...values, car_id: String(car.id), terms_conditions: termsAsked ? values.terms_conditions : true }, [
      'PreferredContactMethod',
      'finance',
      'do-you-have-a-trade-in',
    ]),
  );
}

/** Reserve online's state, the payment step and the form's submit handler. */
export function useReserve(props: ReserveFormProps) {
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
  const kit = useFormKit('reserve', () => ({ ...contactDefaults(config), message: '', finance: '', 'do-you-have-a-trade-in': '', terms_conditions: false }), {
    step,
    leadId,
  });
  const deposit = config.reserveDeposit;
  const online = config.payments.provider !== 'none' && deposit > 0;
  usePrefilledContact(kit);
  const paying = usePaymentStep('reserve', config, (resumed) => {
    // The payment's lead: the steps sent again update it, and the deposit step asks the server about its own hold, not a second lead's.
    setLeadId(resumed.leadId);
    // What was typed before the redirect (or the reload) is shown again (a failed payment is tried again with it); busy until the server's verdict.
    // Nothing typed is kept past the payment's hold time: the form starts again from its first step.
    if (Object.keys(resumed.values).length > 0) setStep('payment');
    kit.setMany(resumed.values);
    kit.setSubmitting(true);
    void resumed.outcome.then(async (outcome) => {
      const offered = props.car || !props.carChoicesUrl ? [] : await loadCarChoices(props.carChoicesUrl).catch(() => []);
      const resumedCar = props.car ?? journeyCar(offered, linkedCarId());
      if (outcome.paid)
        completeLead({
          leadId: outcome.leadId,
          category: 'Reserve',
          successCategory: 'Reserve',
          event: leadAnalyticsEvent('enquiry', resumedCar),
          car: resumedCar,
          values: { Deposit: `${depositMoney(deposit)} (paid online)` },
          labels: { Deposit: 'Deposit' },
        });
      else {
        kit.setSubmitting(false);
        kit.setFormError(outcome.message);
      }
    });
  });
  const { payment } = paying;
  kit.labels.current.terms_conditions = { label: 'Terms' };

  // The journey learns its car from ?car_id= once the site's car choices have loaded (again after Try again); until then there is nothing to say.
  useEffect(() => {
    if (!choices.loaded) return;
    if (!props.car && choices.cars) setCar(journeyCar(choices.cars, linkedCarId()));
    setResolved(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the car choices have loaded (first time or after Try again): the journey's car is chosen from the list
  }, [choices.loaded]);
  // Try again (the list failed to load) brings the form; focus goes to its first step's heading.
  const retryChoices = useCarChoicesRetry(choices, () => heading.current);
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);
  // Back from sign-in (a gated 401): the steps post under the kept lead, and the form opens at the step the shopper was
  // sent from when the earlier steps' values pass their checks; else at the first step whose values do not, with its messages.
  // A step past the first is reached only under a lead.
  const placed = useRef(false);
  useEffect(() => {
    const kept = kit.keptPlace;
    if (!kept || !car || placed.current) return;
    placed.current = true;
    if (kept.leadId) setLeadId(kept.leadId);
    const at = steps.findIndex((each) => each === kept.step);
    if (at <= 0 || !kept.leadId) return;
    const { errors } = checkReserve(kit.values, car, false);
    const invalid = stepWithError(steps.slice(0, at), RESERVE_STEP_FIELDS, errors);
    setStep(invalid ?? steps[at]!);
    if (invalid) kit.fail(Object.fromEntries(Object.entries(errors).filter(([name]) => RESERVE_STEP_FIELDS[invalid].includes(name))));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the kept place and the car are both known
  }, [kit.keptPlace, car]);

  /** Show the lead API's refusal: back to the step holding the first refused field, if it is an earlier one. */
  const refuse = (answer: Refusal) => {
    const refused = stepWithError(steps, RESERVE_STEP_FIELDS, answer.fieldErrors);
    if (refused && steps.indexOf(refused) < steps.indexOf(step)) {
      // Focus goes to the refused field, not the step's heading.
      moved.current = false;
      setStep(refused);
    }
    kit.reject(answer);
  };

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
    const check = checkReserve(kit.values, car, step === 'payment');
    if (!check.ok) return kit.fail(check.errors);
    const { car_id: _carId, terms_conditions: _terms, ...contact } = check.output as Record<string, unknown>;
    const extras = props.journey
      ? { finance: kit.values.finance || undefined, 'do-you-have-a-trade-in': kit.values['do-you-have-a-trade-in'] || undefined }
      : {};
    const category = 'Reserve';
    const subcategory = props.journey ? ONLINE_PURCHASE_SUBCATEGORY : 'Reserve Online';
    kit.setSubmitting(true);
    if (step !== 'payment') {
      const result = await sendLead({
        apiBase: config.apiBase,
        idempotencyKey: kit.requestKey,
        values: { ...contact, ...extras, custom_params: { deposit, step: RESERVE_TITLES[step] } },
        category,
        subcategory,
        car,
        leadId,
        formCompleted: false,
      });
      kit.setSubmitting(false);
      if (!result.ok) {
        refuse(result);
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
        values: { ...kit.values, Deposit: `${depositMoney(deposit)} (${paid ? 'paid online' : 'not paid: no card was taken online'})` },
        labels: { ...kit.labels.current, Deposit: 'Deposit' },
      });
    if (!online) {
      // No provider: a reservation request; nothing is paid and the page never says so.
      const result = await sendLead({
        apiBase: config.apiBase,
        idempotencyKey: kit.requestKey,
        values: { ...contact, ...extras, terms_conditions: true, custom_params: { deposit } },
        category,
        subcategory,
        car,
        leadId,
        formCompleted: true,
      });
      if (!result.ok) {
        kit.setSubmitting(false);
        refuse(result);
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
        refuse(started);
        return;
      }
      paying.setPayment(started.payment);
      return;
    }
    const outcome = await paying.pay(payment, leadId, kit.values);
    if (outcome.paid) {
      done('Reserve', true);
      return;
    }
    kit.setSubmitting(false);
    kit.setFormError(outcome.message);
  };

  return { kit, steps, step, car, resolved, choices, retryChoices, heading, deposit, online, paying, submit };
}
