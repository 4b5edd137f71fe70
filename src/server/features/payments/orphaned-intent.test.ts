/**
 * A PaymentIntent Stripe made after the lead API died during the call (orphans.ts; SQLite and,
 * when available, PostgreSQL): the
 * payment keeps its intent claim but no PaymentIntent, and the dealer's invoice change cancels
 * that dead claim. The sweep searches Stripe by the payment id in the intent's metadata, cancels
 * the intent still open there and keeps its reference (searched once); a payment still pending
 * with such a claim is left alone (a retried card gets that same intent by its idempotency key);
 * ended claims of a site taking no card payments now do not keep other sites' from the sweep.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CREATING_FOR_MS } from './reserve.ts';
import { ORPHAN_LISTS_MAX } from './orphans.ts';
import type { PaymentNeedingAttention } from '../../ops/plugin.ts';
import { standInPayments, standInProvider, startPaymentsApp, type PaymentsApp } from '../../../../tests/support/payments-app.ts';
import { DATABASES, POSTGRES_SKIP_REASON } from '../../../../tests/support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const shopper = { name: 'Rita', email: 'rita@example.com', phone: '0412345678', postcode: '4000' };

for (const kind of DATABASES) {
  describe.skipIf(kind === 'postgres' && POSTGRES_SKIP_REASON !== undefined)(`a PaymentIntent made after the API died during the call (${kind})`, () => {
    let started: PaymentsApp | undefined;
    let app: PaymentsApp['app'];
    let clock = Date.now();

    beforeAll(async () => {
      started = await startPaymentsApp(kind, 'orphaned-intent-', { options: (stripe) => ({ now: () => clock, payments: standInPayments(stripe) }) });
      app = started.app;
    });
    afterAll(() => started?.stop());

    const rowOf = async (paymentId: string) => (await app.payments.list('alpha', { id: paymentId }))[0]!;
    const searches = () => started!.stripe.requests.filter((request) => request.path === '/v1/payment_intents/search').length;
    const lists = () => started!.stripe.requests.filter((request) => request.method === 'GET' && request.path === '/v1/payment_intents').length;

    /** A payment of invoice `reference` whose card was submitted and whose PaymentIntent Stripe made, the API stopped before keeping it: the payment and the intent. */
    const diedDuringTheCall = async (reference: string) => {
      await app.payments.issueInvoice('alpha', { reference, amountCents: 30_000, expiresAt: clock + 30 * 86_400_000 });
      const start = await app.inject({
        method: 'POST',
        url: '/api/payments/online-payment',
        headers: ALPHA,
        payload: { ...shopper, reference, amount: '300.00', terms_conditions: true, attempt: `orphan-${reference}` },
      });
      expect(start.statusCode).toBe(201);
      const { payment_id: paymentId, lead_id: leadId } = start.json() as { payment_id: string; lead_id: string };
      // The card's claim, then Stripe's PaymentIntent made by the call the API did not live to answer.
      await started!.database.db.run('UPDATE payments SET intent_at = $1 WHERE id = $2', [clock, paymentId]);
      const intent = await standInProvider(started!.stripe).createPayment({
        amountCents: 30_000,
        currency: 'aud',
        description: `Payment of ${reference}`,
        metadata: { tenant: 'alpha', payment_id: paymentId, kind: 'online-payment', lead_id: leadId, reference },
        idempotencyKey: `payment-${paymentId}`,
      });
      // Made at the API's time (the test's clock), as Stripe's clock and the API's agree.
      started!.stripe.intents.get(intent.ref)!.created = Math.floor(clock / 1000);
      return { paymentId, intentId: intent.ref };
    };

    it('the invoice change cancels the dead claim; the sweep cancels its PaymentIntent at Stripe and keeps its reference, and searches for it once', async () => {
      const { paymentId, intentId } = await diedDuringTheCall('ORPHAN-1');
      clock += CREATING_FOR_MS + 1_000;
      await app.payments.issueInvoice('alpha', { reference: 'ORPHAN-1', amountCents: 35_000, expiresAt: clock + 30 * 86_400_000 });
      expect(await rowOf(paymentId)).toMatchObject({ status: 'canceled', provider_ref: null });
      expect(started!.stripe.intents.get(intentId)!.status).toBe('requires_payment_method');

      expect(await app.payments.cancelOrphanedIntents()).toBe(1);
      expect(started!.stripe.intents.get(intentId)!.status).toBe('canceled');
      expect(await rowOf(paymentId)).toMatchObject({ status: 'canceled', provider_ref: intentId });
      const searched = searches();
      clock += 2 * 3_600_000;
      expect(await app.payments.cancelOrphanedIntents()).toBe(0);
      expect(searches()).toBe(searched);
    });

    it('a payment still pending with a dead claim is not searched for: its card tried again gets that same PaymentIntent', async () => {
      const { paymentId, intentId } = await diedDuringTheCall('ORPHAN-2');
      clock += CREATING_FOR_MS + 1_000;
      const searched = searches();
      expect(await app.payments.cancelOrphanedIntents()).toBe(0);
      expect(searches()).toBe(searched);
      expect(started!.stripe.intents.get(intentId)!.status).toBe('requires_payment_method');
      const again = await app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, payload: {} });
      expect(again.statusCode).toBe(201);
      expect(await rowOf(paymentId)).toMatchObject({ status: 'pending', provider_ref: intentId });
    });

    it("on an account without the Search API (India) the PaymentIntents created in the payment's time are listed: its own is cancelled, another left alone", async () => {
      const { paymentId, intentId } = await diedDuringTheCall('ORPHAN-4');
      // Another open PaymentIntent of the account, made in the same time: not the payment's.
      const other = await standInProvider(started!.stripe).createPayment({
        amountCents: 30_000,
        currency: 'aud',
        description: 'another payment',
        metadata: { tenant: 'alpha', payment_id: 'another-payment' },
        idempotencyKey: 'another-payment',
      });
      started!.stripe.intents.get(other.ref)!.created = Math.floor(clock / 1000);
      clock += CREATING_FOR_MS + 1_000;
      await app.payments.issueInvoice('alpha', { reference: 'ORPHAN-4', amountCents: 35_000, expiresAt: clock + 30 * 86_400_000 });
      started!.stripe.faults.search = true;
      try {
        const listed = lists();
        expect(await app.payments.cancelOrphanedIntents()).toBe(1);
        expect(lists()).toBeGreaterThan(listed);
      } finally {
        started!.stripe.faults.search = false;
      }
      expect(started!.stripe.intents.get(intentId)!.status).toBe('canceled');
      expect(started!.stripe.intents.get(other.ref)!.status).toBe('requires_payment_method');
      expect(await rowOf(paymentId)).toMatchObject({ status: 'canceled', provider_ref: intentId });
    });

    it('a payment that ended more than a day ago, never searched for (before the sweep existed), is looked for once: listed when the search finds nothing', async () => {
      const { paymentId, intentId } = await diedDuringTheCall('ORPHAN-5');
      clock += CREATING_FOR_MS + 1_000;
      await app.payments.issueInvoice('alpha', { reference: 'ORPHAN-5', amountCents: 35_000, expiresAt: clock + 30 * 86_400_000 });
      expect(await rowOf(paymentId)).toMatchObject({ status: 'canceled', provider_ref: null });
      clock += 3 * 86_400_000;
      started!.stripe.faults.searchStale = true;
      try {
        expect(await app.payments.cancelOrphanedIntents()).toBe(1);
      } finally {
        started!.stripe.faults.searchStale = false;
      }
      expect(started!.stripe.intents.get(intentId)!.status).toBe('canceled');
      expect(await rowOf(paymentId)).toMatchObject({ status: 'canceled', provider_ref: intentId });
    });

    it("on a busy account whose payment's window holds over 1,000 PaymentIntents, the payment's own found in the pages read is cancelled", async () => {
      const { paymentId, intentId } = await diedDuringTheCall('ORPHAN-6');
      const intents = started!.stripe.intents;
      const own = intents.get(intentId)!;
      // 1,000 other PaymentIntents of the account made in the same window, then the payment's own, listed first (the newest).
      for (let i = 0; i < 1_000; i++) intents.set(`pi_busy_${i}`, { ...own, id: `pi_busy_${i}`, metadata: { tenant: 'alpha', payment_id: `busy-${i}` } });
      intents.delete(intentId);
      intents.set(intentId, own);
      clock += CREATING_FOR_MS + 1_000;
      await app.payments.issueInvoice('alpha', { reference: 'ORPHAN-6', amountCents: 35_000, expiresAt: clock + 30 * 86_400_000 });
      started!.stripe.faults.search = true;
      try {
        expect(await app.payments.cancelOrphanedIntents()).toBe(1);
      } finally {
        started!.stripe.faults.search = false;
        for (let i = 0; i < 1_000; i++) intents.delete(`pi_busy_${i}`);
      }
      expect(intents.get(intentId)!.status).toBe('canceled');
      expect(await rowOf(paymentId)).toMatchObject({ status: 'canceled', provider_ref: intentId });
    });

    it('the search finding nothing all day, with no sweep between its 23rd and 24th hour, the first sweep after its 23rd hour lists it, once', async () => {
      const { paymentId, intentId } = await diedDuringTheCall('ORPHAN-7');
      clock += CREATING_FOR_MS + 1_000;
      await app.payments.issueInvoice('alpha', { reference: 'ORPHAN-7', amountCents: 35_000, expiresAt: clock + 30 * 86_400_000 });
      const ended = clock;
      started!.stripe.faults.searchStale = true;
      try {
        // Searched at its end and at 22h59m (the last hourly search before its 23rd hour), then the API was down until after its 24th.
        for (const offset of [1_000, 22 * 3_600_000 + 59 * 60_000]) {
          clock = ended + offset;
          expect(await app.payments.cancelOrphanedIntents()).toBe(0);
        }
        const listed = lists();
        clock = ended + 24 * 3_600_000 + 60_000;
        expect(await app.payments.cancelOrphanedIntents()).toBe(1);
        expect(lists()).toBe(listed + 1);
        expect(started!.stripe.intents.get(intentId)!.status).toBe('canceled');
        expect(await rowOf(paymentId)).toMatchObject({ status: 'canceled', provider_ref: intentId });
        // Not looked for again.
        const searched = searches();
        clock += 2 * 3_600_000;
        expect(await app.payments.cancelOrphanedIntents()).toBe(0);
        expect([searches(), lists()]).toEqual([searched, listed + 1]);
      } finally {
        started!.stripe.faults.searchStale = false;
      }
    });

    it('a payment listed at the last search, nothing found, is not looked for again', async () => {
      const { paymentId } = await diedDuringTheCall('ORPHAN-8');
      clock += CREATING_FOR_MS + 1_000;
      await app.payments.issueInvoice('alpha', { reference: 'ORPHAN-8', amountCents: 35_000, expiresAt: clock + 30 * 86_400_000 });
      const ended = clock;
      // Stripe holds no intent of it (as when its call failed before Stripe made one): nothing to find.
      const intent = [...started!.stripe.intents.values()].find((candidate) => candidate.metadata.payment_id === paymentId)!;
      intent.metadata = { ...intent.metadata, payment_id: 'not-this-payment' };
      clock = ended + 23 * 3_600_000;
      const before = [searches(), lists()];
      expect(await app.payments.cancelOrphanedIntents()).toBe(0);
      expect([searches(), lists()]).toEqual([before[0]! + 1, before[1]! + 1]);
      for (const offset of [24 * 3_600_000 + 60_000, 26 * 3_600_000]) {
        clock = ended + offset;
        expect(await app.payments.cancelOrphanedIntents()).toBe(0);
      }
      expect([searches(), lists()]).toEqual([before[0]! + 1, before[1]! + 1]);
      expect(await rowOf(paymentId)).toMatchObject({ status: 'canceled', provider_ref: null });
    });

    /** What the operator's /api/health tells of ended payments whose PaymentIntent search is unfinished. */
    const attention = async () => {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode, health.body).toBe(200);
      return (health.json() as { payments_needing_attention?: PaymentNeedingAttention[] }).payments_needing_attention;
    };

    /** A payment ended at `ended` whose own PaymentIntent, the window's oldest, follows 1,000 others made in its window: not in the last list's 1,000. */
    const behindABusyWindow = async (reference: string) => {
      const made = await diedDuringTheCall(reference);
      const intents = started!.stripe.intents;
      const own = intents.get(made.intentId)!;
      for (let i = 0; i < 1_000; i++)
        intents.set(`pi_${reference}_${i}`, { ...own, id: `pi_${reference}_${i}`, metadata: { tenant: 'alpha', payment_id: `${reference}-other-${i}` } });
      clock += CREATING_FOR_MS + 1_000;
      await app.payments.issueInvoice('alpha', { reference, amountCents: 35_000, expiresAt: clock + 30 * 86_400_000 });
      const clear = () => {
        for (let i = 0; i < 1_000; i++) intents.delete(`pi_${reference}_${i}`);
      };
      return { ...made, ended: clock, clear };
    };

    it('a payment whose own PaymentIntent is not in the first 1,000 its last list reads is kept: logged, shown to the operator, and listed on from where the list stopped at a later sweep', async () => {
      const { paymentId, intentId, ended, clear } = await behindABusyWindow('ORPHAN-9');
      const warned = vi.spyOn(app.payments.deps.log, 'warn');
      started!.stripe.faults.searchStale = true;
      try {
        clock = ended + 23 * 3_600_000;
        expect(await app.payments.cancelOrphanedIntents()).toBe(0);
        expect(warned).toHaveBeenCalledWith(
          expect.objectContaining({ tenant: 'alpha', payment: paymentId }),
          expect.stringContaining('listed on at a later sweep'),
        );
        expect(await attention()).toContainEqual({ tenant: 'alpha', payment_id: paymentId, reason: 'intent list unfinished', lists: 1, given_up: false });
        // A day and more after it ended, the next sweep an hour on lists the rest of its window.
        const listed = lists();
        clock = ended + 24 * 3_600_000 + 60_000;
        expect(await app.payments.cancelOrphanedIntents()).toBe(1);
        expect(lists()).toBe(listed + 1);
      } finally {
        started!.stripe.faults.searchStale = false;
        warned.mockRestore();
        clear();
      }
      expect(started!.stripe.intents.get(intentId)!.status).toBe('canceled');
      expect(await rowOf(paymentId)).toMatchObject({ status: 'canceled', provider_ref: intentId });
      expect((await attention())?.some((entry) => entry.payment_id === paymentId) ?? false).toBe(false);
    });

    it(`an unfinished list is made at most ${ORPHAN_LISTS_MAX} times: then it is given up, logged as an error and left on the operator's list`, async () => {
      const { paymentId, intentId, ended, clear } = await behindABusyWindow('ORPHAN-10');
      // Every list but the last already made and unfinished (its window held that many thousands).
      await started!.database.db.run('UPDATE payments SET orphan_lists = $1 WHERE id = $2', [ORPHAN_LISTS_MAX - 1, paymentId]);
      const errors = vi.spyOn(app.payments.deps.log, 'error');
      started!.stripe.faults.searchStale = true;
      try {
        clock = ended + 23 * 3_600_000;
        expect(await app.payments.cancelOrphanedIntents()).toBe(0);
        expect(errors).toHaveBeenCalledWith(expect.objectContaining({ tenant: 'alpha', payment: paymentId }), expect.stringContaining('given up'));
        const listed = [searches(), lists()];
        for (const offset of [24 * 3_600_000 + 60_000, 48 * 3_600_000]) {
          clock = ended + offset;
          expect(await app.payments.cancelOrphanedIntents()).toBe(0);
        }
        expect([searches(), lists()]).toEqual(listed);
      } finally {
        started!.stripe.faults.searchStale = false;
        errors.mockRestore();
        clear();
      }
      expect(started!.stripe.intents.get(intentId)!.status).toBe('requires_payment_method');
      expect(await attention()).toContainEqual({
        tenant: 'alpha',
        payment_id: paymentId,
        reason: 'intent list unfinished',
        lists: ORPHAN_LISTS_MAX,
        given_up: true,
      });
    });

    it("20 ended claims of a site taking no card payments now do not keep another site's orphaned PaymentIntent from the sweep", async () => {
      // beta took card payments once (its Stripe settings since removed): card submissions whose PaymentIntent was never made.
      for (let i = 0; i < 20; i++) {
        await started!.database.db.run(
          `INSERT INTO payments (id, tenant, kind, lead_id, car_id, reference, attempt_key, provider, provider_ref, amount_cents, currency, status, created_at, updated_at, client, intent_at)
         VALUES ($1, 'beta', 'online-payment', NULL, NULL, 'B-1', $2, 'stripe', NULL, 1000, 'aud', 'failed', $3, $3, '1.2.3.4', $3)`,
          [`beta-orphan-${i}`, `beta-attempt-${i}`, clock - CREATING_FOR_MS - 60_000],
        );
      }
      const { paymentId, intentId } = await diedDuringTheCall('ORPHAN-3');
      clock += CREATING_FOR_MS + 1_000;
      await app.payments.issueInvoice('alpha', { reference: 'ORPHAN-3', amountCents: 35_000, expiresAt: clock + 30 * 86_400_000 });
      expect(await rowOf(paymentId)).toMatchObject({ status: 'canceled', provider_ref: null });
      let cancelled = 0;
      for (let sweep = 0; sweep < 3; sweep++) {
        cancelled += await app.payments.cancelOrphanedIntents();
        clock += 30_000;
      }
      expect(cancelled).toBe(1);
      expect(started!.stripe.intents.get(intentId)!.status).toBe('canceled');
      expect(await rowOf(paymentId)).toMatchObject({ status: 'canceled', provider_ref: intentId });
    });
  });
}
