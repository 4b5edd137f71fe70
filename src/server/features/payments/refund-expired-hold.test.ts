/**
 * A deposit refunded in part after its hold's end (refund.ts recordRefund; SQLite and, when
 * available, PostgreSQL): an expired hold stays in car_holds until another lead reserves the car,
 * but the lead must not say the car is reserved until a past date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentLine } from '../../leads/formats.ts';
import { payDeposit } from '../../../../tests/support/paid-deposit.ts';
import { standInPayments, startPaymentsApp, type PaymentsApp } from '../../../../tests/support/payments-app.ts';
import { DATABASES, POSTGRES_SKIP_REASON } from '../../../../tests/support/server-helpers.ts';

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
      const { paymentId, leadId, hold } = await payDeposit(started!, 71, 'late-part-refund');

      clock = Number(hold.expires_at) + 60_000;
      await app.payments.refund(app.tenants.get('alpha')!, paymentId, 5_000, 'goodwill');
      const part = (await app.stores.leads.get('alpha', leadId))!;
      expect(part.data.payment).toMatchObject({ status: 'partially refunded', refunded: '50.00' });
      expect((part.data.payment as Record<string, string>).reserved_until).toBeUndefined();
      expect(paymentLine(part, 'Australia/Brisbane')).not.toContain('car reserved until');
      expect(paymentLine(part, 'Australia/Brisbane')).toContain('; refunded $50.00');
    });
  });
}
