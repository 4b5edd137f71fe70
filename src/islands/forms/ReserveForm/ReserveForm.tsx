/**
 * Reserve online (spec §2 /cars/{slug}/checkout or /buy-online; §9 deposit default $200,
 * held 48 hours, refundable in full) and the online purchase journey (/checkout-journey):
 * Your details, (journey) Trade-in and finance, Deposit. With a payment provider the deposit
 * is paid by card on the page and the car is reserved only when the server says it is paid
 * (docs/payments.md); without one the page says no card is taken and the dealer will call.
 * State and submit: useReserve(); each step is a component of this folder.
 * The car's reserve page mounts it as ReserveFormFromPage: its props are the page's data block
 * (#reserve-form-props), not island props, which Astro escapes quote by quote (island-props.ts blockProps).
 */
import { ErrorSummary, FormAlert, SubmitButton } from '../../ui/form-kit/index.ts';
import { CarChoicesFailed } from '../CarChoicesFailed.tsx';
import { PaymentStepFields } from '../payment-step.tsx';
import { DepositStep } from './DepositStep.tsx';
import { DetailsStep } from './DetailsStep.tsx';
import { OptionsStep } from './OptionsStep.tsx';
import { RESERVE_STEP_FIELDS, RESERVE_TITLES, useReserve, type ReserveFormProps } from './use-reserve.ts';
import { depositMoney } from '../../../lib/forms/deposit-terms.ts';
import { pageIsland } from '../../ui/page-island.tsx';

export type { ReserveFormProps } from './use-reserve.ts';

export default function ReserveForm(props: ReserveFormProps) {
  const { config } = props;
  const { kit, steps, step, car, resolved, choices, retryChoices, heading, deposit, online, paying, submit } = useReserve(props);
  const { payment } = paying;
  if (!resolved) return null;
  // The journey's list did not load: the car may well exist, so the shopper is asked to try again, not sent back to the stock.
  if (!car && choices.failed) {
    return (
      <p>
        <CarChoicesFailed choices={choices} retry={retryChoices} id="reserve-car-choices" />
      </p>
    );
  }
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
            {RESERVE_TITLES[each]}
          </li>
        ))}
      </ol>
      <h2 id="reserve-step-title" ref={heading} tabIndex={-1}>
        {RESERVE_TITLES[step]}
      </h2>
      {props.journey && <p className="muted">Buying the {car.name}</p>}
      <ErrorSummary kit={kit} fieldOrder={steps.flatMap((each) => RESERVE_STEP_FIELDS[each])} />
      {step === 'details' && <DetailsStep kit={kit} config={config} />}
      {step === 'options' && <OptionsStep kit={kit} />}
      {step === 'payment' && <DepositStep kit={kit} config={config} car={car} deposit={deposit} online={online} paymentStarted={payment !== null} />}
      {/* A payment is started only at the payment step, the last: no need to ask which step this is. */}
      <PaymentStepFields step={paying} legend={() => 'Card details'} note={(started) => <>Payment of {depositMoney(started.amount_cents / 100)} to {config.brand}, processed securely by our payment provider.</>} />
      <FormAlert kit={kit} />
      <div className="form__actions">
        <SubmitButton kit={kit} label={step !== 'payment' ? 'Next' : !online ? `Reserve for ${depositMoney(deposit)}` : payment ? `Pay ${depositMoney(deposit)} deposit` : 'Continue to payment'} />
      </div>
    </form>
  );
}

/** The id of the reserve page's data block of this island's props. */
export const RESERVE_PROPS_ID = 'reserve-form-props';

const island = pageIsland(RESERVE_PROPS_ID, ReserveForm);

/** A reserve page's island props: the text of its data block (before the island) and the island's one prop, a key named by the car's slug. */
export const reserveIslandProps = island.islandProps;

/** The form as the car's reserve page mounts it: its props from the page's data block, by the key. */
export const ReserveFormFromPage = island.FromPage;
