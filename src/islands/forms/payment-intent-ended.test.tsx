// @vitest-environment happy-dom
/**
 * The payment step (payment.ts usePaymentStep) when the provider's client finds the intent
 * ended between the server's /intent answer and the confirm (the dealer's invoice change
 * cancelled it): the shopper is not shown the provider's raw error; the server is asked for the
 * payment's state and its outcome shown (cancelled: "This payment has ended. Please start again.",
 * the lead API's own answer for such a payment).
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { usePaymentStep, type PaymentOutcome, type PaymentStep } from './payment.ts';

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

/** The step's pay() with the card form answering `confirmed`, the server answering `status` for the payment; the outcome and the requests. */
async function payWith(
  confirmed: { ok: false; message: string; intentEnded?: boolean },
  status: string,
): Promise<{ outcome: PaymentOutcome | undefined; requested: string[] }> {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(String(url));
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
  return { outcome, requested };
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

  it('a declined card is still told as the card form says, the server not asked', async () => {
    const { outcome, requested } = await payWith({ ok: false, message: 'Your card was declined.' }, 'processing');
    expect([outcome, requested]).toEqual([{ paid: false, message: 'Your card was declined.' }, []]);
  });
});
