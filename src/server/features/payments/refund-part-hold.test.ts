/**
 * A deposit refunded in part still holds its car (refund.ts recordRefund; SQLite and, when
 * available, PostgreSQL): its hold stays reserved, the overlay marked and the polled status paid,
 * so the dealer's lead keeps saying until when the car is reserved (reserved_until on its payment
 * record, the "car reserved until" line) next to the refunded amount. The rest refunded, the car is
 * freed and the lead drops the line.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReservationOverlay } from '../../../lib/vehicle/reservation-overlay.ts';
import { paymentLine } from '../../leads/formats.ts';
import { payDeposit } from '../../../../tests/support/paid-deposit.ts';
import { standInPayments, startPaymentsApp, type PaymentsApp } from '../../../../tests/support/payments-app.ts';
import { DATABASES, POSTGRES_SKIP_REASON } from '../../../../tests/support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };

for (const kind of DATABASES) {
  describe.skipIf(kind === 'postgres' && POSTGRES_SKIP_REASON !== undefined)(`a deposit refunded in part (${kind})`, () => {
    let started: PaymentsApp | undefined;
    let app: PaymentsApp['app'];
    const clock = Date.now();

    beforeAll(async () => {
      started = await startPaymentsApp(kind, 'refund-part-hold-', {
        cars: [71],
        options: (stripe) => ({ now: () => clock, payments: standInPayments(stripe) }),
      });
      app = started.app;
    });
    afterAll(() => started?.stop());

    it('keeps "car reserved until" on the lead while the hold stands; the rest refunded, the line goes', async () => {
      const { paymentId, paidRecord, leadId } = await payDeposit(started!, 71, 'part-refund');

      await app.payments.refund(app.tenants.get('alpha')!, paymentId, 5_000, 'goodwill');
      const part = (await app.stores.leads.get('alpha', leadId))!;
      expect((await app.inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers: ALPHA })).json().status).toBe('paid');
      expect(readReservationOverlay(join(started!.tenants, 'alpha'))['71']).toBeDefined();
      expect(part.data.payment).toMatchObject({ status: 'partially refunded', refunded: '50.00', reserved_until: paidRecord.reserved_until });
      expect(paymentLine(part, 'Australia/Brisbane')).toContain('; car reserved until ');
      expect(paymentLine(part, 'Australia/Brisbane')).toContain('; refunded $50.00');

      await app.payments.refund(app.tenants.get('alpha')!, paymentId, undefined, 'car sold elsewhere');
      const full = (await app.stores.leads.get('alpha', leadId))!;
      expect(full.data.payment).toMatchObject({ status: 'refunded' });
      expect((full.data.payment as Record<string, string>).reserved_until).toBeUndefined();
      expect(paymentLine(full, 'Australia/Brisbane')).not.toContain('car reserved until');
      expect(readReservationOverlay(join(started!.tenants, 'alpha'))['71']).toBeUndefined();
    });
  });
}
