/**
 * The dealer's invoice command against a payment in flight (reserve.ts changeInvoice, on
 * SQLite; tests/integration/payments-invoice-confirming.test.ts runs the whole flow on both
 * databases): an amount change or a withdrawal is refused while a card is being paid on the
 * invoice, a PaymentIntent that has taken no card is cancelled by it, and an invoice no payment
 * touches is changed, withdrawn and issued again freely.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInPayments, startPaymentsApp, type PaymentsApp } from '../../../../tests/support/payments-app.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const shopper = { name: 'Rita', email: 'rita@example.com', phone: '0412345678', postcode: '4000' };
const DAY = 86_400_000;

describe('the invoice command and a payment in flight (SQLite)', () => {
  let started: PaymentsApp | undefined;
  let app: PaymentsApp['app'];
  let attempts = 0;

  beforeAll(async () => {
    started = await startPaymentsApp('sqlite', 'invoice-change-', { options: (on) => ({ payments: standInPayments(on, { intentsPerClientHour: 100 }) }) });
    app = started.app;
  });
  afterAll(() => started?.stop());

  const issue = (reference: string, cents: number) => app.payments.issueInvoice('alpha', { reference, amountCents: cents, expiresAt: Date.now() + DAY });
  /** Invoice `reference` issued, a payment of it started and its card submitted: the payment id and its intent. */
  async function cardSubmitted(reference: string, cents: number) {
    await issue(reference, cents);
    const start = await app.inject({
      method: 'POST',
      url: '/api/payments/online-payment',
      headers: ALPHA,
      payload: { ...shopper, reference, amount: (cents / 100).toFixed(2), terms_conditions: true, attempt: `change-${++attempts}` },
    });
    expect(start.statusCode).toBe(201);
    const paymentId = start.json().payment_id as string;
    expect((await app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, payload: {} })).statusCode).toBe(201);
    const intent = [...started!.stripe.intents.values()].find((candidate) => candidate.metadata.payment_id === paymentId)!;
    return { paymentId, intent };
  }
  const amountOf = async (reference: string) =>
    (
      await started!.database.db.query<{ amount_cents: number }>('SELECT amount_cents FROM payment_invoices WHERE tenant = $1 AND reference = $2', [
        'alpha',
        reference,
      ])
    )[0]?.amount_cents;

  it('refuses a change and a withdrawal while the bank processes a card or the shopper is at 3-D Secure, naming the payment', async () => {
    const { paymentId, intent } = await cardSubmitted('UNIT-BUSY', 30_000);
    for (const state of ['processing', 'requires_action'] as const) {
      intent.status = state;
      await expect(issue('UNIT-BUSY', 35_000)).rejects.toThrow(`payment ${paymentId}`);
      await expect(app.payments.withdrawInvoice('alpha', 'UNIT-BUSY')).rejects.toThrow(`cannot withdraw invoice UNIT-BUSY of alpha`);
    }
    await issue('UNIT-BUSY', 30_000); // its validity only
    expect(await amountOf('UNIT-BUSY')).toBe(30_000);
  });

  it('cancels a PaymentIntent that has taken no card, at Stripe, when the amount changes or the invoice is withdrawn', async () => {
    const changed = await cardSubmitted('UNIT-OPEN', 30_000);
    await issue('UNIT-OPEN', 35_000);
    expect([changed.intent.status, await amountOf('UNIT-OPEN')]).toEqual(['canceled', 35_000]);
    const withdrawn = await cardSubmitted('UNIT-GONE', 30_000);
    expect(await app.payments.withdrawInvoice('alpha', 'UNIT-GONE')).toBe(true);
    expect([withdrawn.intent.status, await amountOf('UNIT-GONE')]).toEqual(['canceled', undefined]);
  });

  it('changes, withdraws and issues again an invoice no payment touches', async () => {
    await issue('UNIT-FREE', 10_000);
    await issue('UNIT-FREE', 12_000);
    expect(await amountOf('UNIT-FREE')).toBe(12_000);
    expect(await app.payments.withdrawInvoice('alpha', 'UNIT-FREE')).toBe(true);
    expect(await app.payments.withdrawInvoice('alpha', 'UNIT-FREE')).toBe(false);
    await issue('UNIT-FREE', 9_000);
    expect(await amountOf('UNIT-FREE')).toBe(9_000);
  });
});
