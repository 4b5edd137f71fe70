/**
 * The Stripe Payment Element behind the payment seam (payment.ts). Loaded by dynamic import
 * at the payment step only; Stripe.js itself comes from js.stripe.com as Stripe requires.
 * A redirect-based method (3-D Secure, some wallets) returns to this page, which resumes
 * waiting for the server (ReserveForm / OnlinePaymentForm read `redirect_status`).
 */
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useMemo } from 'react';
import type { ProviderFormProps } from './payment.ts';

const clients = new Map<string, Promise<Stripe | null>>();

function ConfirmingElement({ confirmRef, onReady }: Pick<ProviderFormProps, 'confirmRef' | 'onReady'>) {
  const stripe = useStripe();
  const elements = useElements();
  confirmRef.current = async () => {
    if (!stripe || !elements) return { ok: false, message: 'The payment form is still loading. Please wait a moment and try again.' };
    const { error } = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: window.location.href } });
    return error ? { ok: false, message: error.message ?? 'The payment was not accepted. Please check your card details.' } : { ok: true };
  };
  return <PaymentElement onReady={() => onReady?.()} options={{ layout: 'tabs' }} />;
}

export default function StripePaymentForm({ payment, confirmRef, onReady }: ProviderFormProps) {
  const stripe = useMemo(() => {
    const key = payment.publishable_key;
    if (!clients.has(key)) clients.set(key, loadStripe(key));
    return clients.get(key)!;
  }, [payment.publishable_key]);
  return (
    <Elements stripe={stripe} options={{ clientSecret: payment.client_secret, appearance: { theme: 'stripe' } }}>
      <ConfirmingElement confirmRef={confirmRef} onReady={onReady} />
    </Elements>
  );
}
