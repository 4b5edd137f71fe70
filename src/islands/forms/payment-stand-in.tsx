/**
 * TEST BUILDS ONLY (PUBLIC_PAYMENT_CLIENT=stand-in): the provider's client replaced at the
 * payment seam (payment.ts) for browser tests, where Stripe.js cannot load offline. It
 * asks the lead API for the intent when the card is submitted, then confirms it with the
 * local Stripe stand-in exactly as Stripe.js confirms with Stripe
 * (POST /v1/payment_intents/:id/confirm with the publishable key and client secret);
 * the stand-in then sends the signed webhook that the server trusts. The stand-in's URL is
 * set by the test page (window.__STRIPE_STAND_IN_URL__).
 */
import { useEffect, useId, useState } from 'react';
import { withinWait } from '../ui/bounded-wait.ts';
import type { ProviderFormProps } from './payment-types.ts';

export default function StandInPaymentForm({ payment, confirmRef, intent, onReady }: ProviderFormProps) {
  const [card, setCard] = useState('');
  const id = useId();
  useEffect(() => onReady?.(), [onReady]);
  confirmRef.current = async () => {
    const base = (globalThis as { __STRIPE_STAND_IN_URL__?: string }).__STRIPE_STAND_IN_URL__;
    if (!base) return { ok: false, message: 'The test payment service is not available.' };
    // As with Stripe.js: the server creates the intent only now, when the card is submitted.
    const created = await intent();
    if (!created.ok) return created;
    const intentId = created.clientSecret.split('_secret_')[0]!;
    const body = new URLSearchParams({ key: payment.publishable_key, client_secret: created.clientSecret, 'payment_method_data[type]': 'card', 'payment_method_data[card][number]': card.replace(/\s/g, '') });
    try {
      // Within the islands' bounded wait: an answer not in time is as the service not reached.
      const { response, data } = await withinWait(async (signal) => {
        const response = await fetch(`${base}/v1/payment_intents/${encodeURIComponent(intentId)}/confirm`, { method: 'POST', body, signal });
        const data = (await response.json()) as { status?: string; error?: { message?: string; code?: string }; last_payment_error?: { message?: string } | null };
        return { response, data };
      });
      if (!response.ok) return { ok: false, message: data.error?.message ?? 'The payment was not accepted.', ...(data.error?.code === 'payment_intent_unexpected_state' ? { intentEnded: true } : {}) };
      if (data.status !== 'succeeded') return { ok: false, message: data.last_payment_error?.message ?? 'The payment was not accepted.' };
      return { ok: true };
    } catch {
      return { ok: false, message: 'The test payment service could not be reached.' };
    }
  };
  return (
    <div className="field" data-testid="payment-stand-in">
      <label htmlFor={`${id}-card`}>Card number</label>
      <input id={`${id}-card`} inputMode="numeric" autoComplete="cc-number" value={card} onChange={(event) => setCard(event.target.value)} />
    </div>
  );
}
