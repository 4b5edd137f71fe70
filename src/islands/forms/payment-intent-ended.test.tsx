// @vitest-environment happy-dom
/**
 * The payment step (payment.ts usePaymentStep) when the provider's client finds the intent
 * ended between the server's /intent answer and the confirm (the dealer's invoice change
 * cancelled it): the shopper is not shown the provider's raw error; the server is asked for the
 * payment's state and its outcome shown (cancelled: "This payment has ended. Please start again.",
 * the lead API's own answer for such a payment), as after a card taken: the same message of each
 * state (paymentOutcomeMessage), the payment marked awaited while the server is asked.
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { paymentOutcomeMessage, usePaymentStep, type PaymentOutcome, type PaymentStep } from './payment.ts';

const mounted = mountRoot();
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const site = {
  apiBase: 'https://api.example.com/api',
  phone: '07 3000 0000',
  payments: { provider: 'stripe' as const, holdMinutes: 15, depositHoldHours: 48, depositRefundable: true },
};
const started = { payment_id: 'pay_1', provider: 'stripe', publishable_key: 'pk_test_x', amount_cents: 30000, currency: 'AUD' as const };

/** The step's pay() with the card form answering `confirmed`, the server answering `status` for the payment; the outcome, the requests and what the tab kept of the payment at each. */
async function payWith(
  confirmed: { ok: true } | { ok: false; message: string; intentEnded?: boolean },
  status: string,
): Promise<{ outcome: PaymentOutcome | undefined; requested: string[]; keptAtRequest: unknown[] }> {
  const requested: string[] = [];
  const keptAtRequest: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(String(url));
      keptAtRequest.push(JSON.parse(sessionStorage.getItem('pending_payment') ?? 'null'));
      return new Response(JSON.stringify({ status }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  let step: PaymentStep | undefined;
  function Probe() {
    step = usePaymentStep('online-payment', site, () => undefined);
    return null;
  }
  mounted.render(<Probe />);
  step!.confirmRef.current = async () => confirmed;
  let outcome: PaymentOutcome | undefined;
  await act(async () => {
    outcome = await step!.pay(started, 'lead-1', {});
  });
  return { outcome, requested, keptAtRequest };
}

describe('a confirm refused because the intent ended', () => {
  it("asks the server for the payment's state and shows its outcome (cancelled by the invoice change), not Stripe's text", async () => {
    const { outcome, requested } = await payWith({ ok: false, message: "This PaymentIntent's status is canceled.", intentEnded: true }, 'canceled');
    expect(outcome).toEqual({ paid: false, message: 'This payment has ended. Please start again.' });
    expect(requested).toEqual(['https://api.example.com/api/payments/pay_1']);
  });

  it('paid meanwhile (the intent succeeded already): the paid outcome', async () => {
    const { outcome } = await payWith({ ok: false, message: "This PaymentIntent's status is succeeded.", intentEnded: true }, 'paid');
    expect(outcome).toEqual({ paid: true, leadId: 'lead-1' });
  });

  it('the payment is marked awaited while the server is asked, as after a card taken (a reload asks again)', async () => {
    const { keptAtRequest } = await payWith({ ok: false, message: "This PaymentIntent's status is canceled.", intentEnded: true }, 'canceled');
    expect(keptAtRequest).toEqual([expect.objectContaining({ paymentId: 'pay_1', awaited: true })]);
  });

  it('a payment cancelled after its card was taken reads as after the intent ended: one message of the state', async () => {
    const { outcome } = await payWith({ ok: true }, 'canceled');
    expect(outcome).toEqual({ paid: false, message: 'This payment has ended. Please start again.' });
    expect(paymentOutcomeMessage('canceled', site.phone, 'reservation')).toBe('This payment has ended. Please start again.');
    expect(paymentOutcomeMessage('failed', site.phone, 'reservation')).toBe(
      `The payment did not go through and nothing was charged. Please try again, or call us on ${site.phone}.`,
    );
  });

  it('a payment refunded (taken, then given back: the car or the invoice taken by another payment, or the dealer refunded it) is never told that nothing was charged', async () => {
    const { outcome } = await payWith({ ok: true }, 'refunded');
    expect(outcome).toEqual({ paid: false, message: `Your payment was refunded in full. If you have questions, call us on ${site.phone}.` });
    expect(paymentOutcomeMessage('refunded', site.phone, 'reservation')).toBe(
      `Your deposit was refunded in full and the car is not reserved for you. If you have questions, call us on ${site.phone}.`,
    );
  });

  it('a declined card is still told as the card form says, the server not asked', async () => {
    const { outcome, requested } = await payWith({ ok: false, message: 'Your card was declined.' }, 'processing');
    expect([outcome, requested]).toEqual([{ paid: false, message: 'Your card was declined.' }, []]);
  });
});
