/**
 * The Stripe Payment Element behind the payment seam (payment.ts). Loaded by dynamic import
 * at the payment step only; Stripe.js itself comes from js.stripe.com as Stripe requires.
 * The Element is shown for the server's amount without an intent (Stripe's deferred intent
 * flow); the server creates the PaymentIntent only when the shopper submits a complete card.
 * A redirect-based method (3-D Secure, some wallets) returns to this page, which resumes
 * waiting for the server (ReserveForm / OnlinePaymentForm read `redirect_status`); the return_url
 * is this page without an earlier return's parameters (paymentReturnUrl).
 */
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useMemo } from 'react';
import { paymentReturnUrl } from './payment-return-url.ts';
import type { ProviderFormProps } from './payment-types.ts';

const clients = new Map<string, Promise<Stripe | null>>();

function ConfirmingElement({ confirmRef, intent, onReady }: Pick<ProviderFormProps, 'confirmRef' | 'intent' | 'onReady'>) {
  const stripe = useStripe();
  const elements = useElements();
  confirmRef.current = async () => {
    if (!stripe || !elements) return { ok: false, message: 'The payment form is still loading. Please wait a moment and try again.' };
    // The card's details are checked first; only a complete card makes the server create the intent.
    const submitted = await elements.submit();
    if (submitted.error) return { ok: false, message: submitted.error.message ?? 'Please check your card details.' };
    const created = await intent();
    if (!created.ok) return created;
    const { error } = await stripe.confirmPayment({ elements, clientSecret: created.clientSecret, redirect: 'if_required', confirmParams: { return_url: paymentReturnUrl() } });
    if (!error) return { ok: true };
    // The intent ended between the server's answer and this confirm (the dealer's invoice change cancelled it): the server says how.
    const intentEnded = error.code === 'payment_intent_unexpected_state' || error.payment_intent?.status === 'canceled' || error.payment_intent?.status === 'succeeded';
    return { ok: false, message: error.message ?? 'The payment was not accepted. Please check your card details.', ...(intentEnded ? { intentEnded } : {}) };
  };
  return <PaymentElement onReady={() => onReady?.()} options={{ layout: 'tabs' }} />;
}

export default function StripePaymentForm({ payment, confirmRef, intent, onReady }: ProviderFormProps) {
  const stripe = useMemo(() => {
    const key = payment.publishable_key;
    if (!clients.has(key)) clients.set(key, loadStripe(key));
    return clients.get(key)!;
  }, [payment.publishable_key]);
  return (
    <Elements stripe={stripe} options={{ mode: 'payment', amount: payment.amount_cents, currency: payment.currency.toLowerCase(), appearance: { theme: 'stripe' } }}>
      <ConfirmingElement confirmRef={confirmRef} intent={intent} onReady={onReady} />
    </Elements>
  );
}
