// @vitest-environment happy-dom
/**
 * The Stripe card form (payment-stripe.tsx) behind the payment seam, Stripe's client mocked:
 * the return_url it gives Stripe is this page without an earlier return's payment_intent,
 * payment_intent_client_secret and redirect_status (Stripe appends this payment's own), so a
 * retry after a failed 3-D Secure return comes back naming only its own payment; a confirm Stripe
 * refuses because the intent ended (payment_intent_unexpected_state) is told apart from a refused card.
 */
import { act, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import type { ConfirmResult } from './payment-types.ts';

const stripe = vi.hoisted(() => ({ confirmPayment: vi.fn(async (_options: unknown) => ({})) }));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: async () => stripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  PaymentElement: () => <p>card</p>,
  useStripe: () => stripe,
  useElements: () => ({ submit: async () => ({}) }),
}));
const { default: StripePaymentForm } = await import('./payment-stripe.tsx');

const mounted = mountRoot();
afterEach(() => {
  vi.unstubAllGlobals();
  stripe.confirmPayment.mockClear();
});

/** The browser is at `href`; the card is submitted; what confirmPayment was given as return_url. */
async function returnUrlAt(href: string): Promise<string> {
  const url = new URL(href);
  vi.stubGlobal('location', { ...window.location, href: url.href, pathname: url.pathname, search: url.search, origin: url.origin });
  const confirmRef: { current: (() => Promise<ConfirmResult>) | null } = { current: null };
  const payment = { payment_id: 'pay_1', provider: 'stripe', publishable_key: 'pk_test_x', amount_cents: 20000, currency: 'AUD' } as never;
  mounted.render(<StripePaymentForm payment={payment} confirmRef={confirmRef} intent={async () => ({ ok: true, clientSecret: 'pi_3Q0new_secret_b' })} />);
  let result: ConfirmResult | undefined;
  await act(async () => {
    result = await confirmRef.current!();
  });
  expect(result).toEqual({ ok: true });
  const options = stripe.confirmPayment.mock.calls[0]![0] as { confirmParams: { return_url: string } };
  return options.confirmParams.return_url;
}

describe('the return_url given to Stripe', () => {
  it("is the page without an earlier return's parameters (the page's own query kept)", async () => {
    const returnUrl = await returnUrlAt(
      'https://pay.example.com.au/checkout-journey?car_id=car-42&payment_intent=pi_3Q0old&payment_intent_client_secret=pi_3Q0old_secret_a&redirect_status=failed',
    );
    const params = new URL(returnUrl).searchParams;
    expect(['payment_intent', 'payment_intent_client_secret', 'redirect_status'].filter((name) => params.has(name))).toEqual([]);
    expect(returnUrl).toBe('https://pay.example.com.au/checkout-journey?car_id=car-42');
  });

  it('is the page as it is when it has no return', async () => {
    expect(await returnUrlAt('https://pay.example.com.au/online-payment')).toBe('https://pay.example.com.au/online-payment');
  });
});

describe('a confirm Stripe refuses', () => {
  async function confirmAnswered(answer: unknown): Promise<ConfirmResult | undefined> {
    stripe.confirmPayment.mockResolvedValueOnce(answer as never);
    const confirmRef: { current: (() => Promise<ConfirmResult>) | null } = { current: null };
    const payment = { payment_id: 'pay_1', provider: 'stripe', publishable_key: 'pk_test_x', amount_cents: 20000, currency: 'AUD' } as never;
    mounted.render(<StripePaymentForm payment={payment} confirmRef={confirmRef} intent={async () => ({ ok: true, clientSecret: 'pi_3Q0new_secret_b' })} />);
    let result: ConfirmResult | undefined;
    await act(async () => {
      result = await confirmRef.current!();
    });
    return result;
  }

  it('because its intent ended (cancelled by an invoice change after the intent was made): intentEnded, for the payment step to ask the server', async () => {
    const ended = { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: "This PaymentIntent's status is canceled." } };
    expect(await confirmAnswered(ended)).toEqual({ ok: false, message: "This PaymentIntent's status is canceled.", intentEnded: true });
  });

  it('because the card was declined: its message, no intentEnded', async () => {
    expect(await confirmAnswered({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } })).toEqual({
      ok: false,
      message: 'Your card was declined.',
    });
  });
});
