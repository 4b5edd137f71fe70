/**
 * A deposit refunded in part after its hold's end (refund.ts recordRefund; SQLite and, when
 * available, PostgreSQL): an expired hold stays in car_holds until another lead reserves the car,
 * but the lead must not say the car is reserved until a past date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentLine } from '../../leads/formats.ts';
import { standInPayments, startPaymentsApp, type PaymentsApp } from '../../../../tests/support/payments-app.ts';
import { DATABASES, POSTGRES_SKIP_REASON } from '../../../../tests/support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const shopper = { name: 'Rita', email: 'rita@example.com', phone: '0412345678', postcode: '4000' };

for (const kind of DATABASES) {
  describe.skipIf(kind === 'postgres' && POSTGRES_SKIP_REASON !== undefined)(`a deposit refunded in part after its hold ended (${kind})`, () => {
    let started: PaymentsApp | undefined;
    let app: PaymentsApp['app'];
    let clock = Date.now();

    beforeAll(async () => {
      started = await startPaymentsApp(kind, 'refund-expired-hold-', {
        cars: [71],
        options: (stripe) => ({ now: () => clock, payments: standInPayments(stripe) }),
      });
      app = started.app;
    });
    afterAll(() => started?.stop());

    it('drops "car reserved until" from the lead', async () => {
      const lead = await app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: ALPHA,
        payload: { ...shopper, category: 'Reserve', subcategory: 'Reserve Online', car_id: '71', form_completed: false },
      });
      const leadId = lead.json().lead_id as string;
      const reservation = await app.inject({
        method: 'POST',
        url: '/api/payments/reservations',
        headers: ALPHA,
        payload: { lead_id: leadId, attempt: 'late-part-refund', terms_conditions: true },
      });
      const paymentId = reservation.json().payment_id as string;
      const made = await app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, payload: {} });
      expect(made.statusCode, made.body).toBe(201);
      const intent = [...started!.stripe.intents.values()].find((candidate) => candidate.metadata.payment_id === paymentId)!;
      started!.stripe.pay(intent.id);
      const event = started!.stripe.signedEvent('payment_intent.succeeded', intent.id);
      const paid = await app.inject({
        method: 'POST',
        url: '/api/payments/webhook/alpha',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
        payload: event.payload,
      });
      expect(paid.json()).toMatchObject({ outcome: 'paid' });
      const paidRecord = (await app.stores.leads.get('alpha', leadId))!.data.payment as Record<string, string>;
      expect(paidRecord.reserved_until).toBeDefined();
      const [hold] = await started!.database.db.query<{ state: string; expires_at: number | string }>(
        'SELECT state, expires_at FROM car_holds WHERE payment_id = $1',
        [paymentId],
      );
      expect(hold?.state).toBe('reserved');
      expect(paidRecord.reserved_until).toBe(new Date(Number(hold!.expires_at)).toISOString());

      clock = Number(hold!.expires_at) + 60_000;
      await app.payments.refund(app.tenants.get('alpha')!, paymentId, 5_000, 'goodwill');
      const part = (await app.stores.leads.get('alpha', leadId))!;
      expect(part.data.payment).toMatchObject({ status: 'partially refunded', refunded: '50.00' });
      expect((part.data.payment as Record<string, string>).reserved_until).toBeUndefined();
      expect(paymentLine(part, 'Australia/Brisbane')).not.toContain('car reserved until');
      expect(paymentLine(part, 'Australia/Brisbane')).toContain('; refunded $50.00');
    });
  });
}
