/**
 * The payment step's markup, shared by the reserve and online-payment islands (payment.ts
 * holds its state): the provider's card form, once the server has started a payment, and the
 * note shown while the server's verdict is awaited.
 */
import { Suspense, lazy, type ReactNode } from 'react';
import { loadProviderForm, type PaymentStep } from './payment.ts';
import type { StartedPayment } from './payment-types.ts';

// The provider's card form: its code (and the provider's script) loads only at the payment step.
const ProviderForm = lazy(loadProviderForm);

/** The card form under its legend (and a note that describes it, when given), then the "confirming" note. */
export function PaymentStepFields({
  step,
  legend,
  note,
}: {
  step: PaymentStep;
  legend: (payment: StartedPayment) => ReactNode;
  note?: (payment: StartedPayment) => ReactNode;
}) {
  const { payment } = step;
  return (
    <>
      {payment && (
        <fieldset
          className="payment-step"
          aria-describedby={note ? 'payment-step-note' : undefined}
          data-testid="payment-step"
          data-ready={step.cardReady ? 'true' : undefined}
        >
          <legend>{legend(payment)}</legend>
          {note && (
            <p id="payment-step-note" className="muted">
              {note(payment)}
            </p>
          )}
          <Suspense fallback={<p role="status">Loading the secure payment form…</p>}>
            <ProviderForm payment={payment} confirmRef={step.confirmRef} intent={() => step.intent(payment.payment_id)} onReady={() => step.setCardReady(true)} />
          </Suspense>
        </fieldset>
      )}
      {step.waiting && (
        <p role="status" className="muted">
          Confirming your payment with our payment provider…
        </p>
      )}
    </>
  );
}
