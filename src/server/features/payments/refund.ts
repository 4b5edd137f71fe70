/**
 * Refunds and releases (the dealer's commands, docs/payments.md): a paid payment refunded
 * in full or in part through the provider, a pending hold released. A refund is recorded
 * at once and again from the provider's refund event (the same outcome, so once); a full
 * refund frees the car and takes the reserved overlay down.
 */
import { centsMoney } from '../../../lib/text/format.ts';
import type { ApiTenant } from '../../kernel/tenants.ts';
import type { PaymentsContext } from './context.ts';
import { AlreadyRefundedError } from './provider.ts';
import type { PaymentRow } from './repository.ts';

/** refund()'s status when the provider had refunded the payment in full already (recorded so, nothing refunded again). */
const ALREADY_REFUNDED = 'already refunded';

/**
 * Refund a paid payment in full or in part; the provider's refund event records it (and it is recorded here at once too).
 * Answers the amount the provider refunded.
 * A payment the provider refunded in full already (the dealer's refund from its dashboard, its event not recorded yet) is
 * recorded refunded with the amounts the provider reports: refund null, nothing refunded here, status 'already refunded'.
 */
export async function refund(
  ctx: PaymentsContext,
  tenant: ApiTenant,
  paymentId: string,
  amountCents: number | undefined,
  reason: string,
): Promise<{ refund: string | null; amountCents: number; status: string }> {
  const payment = await ctx.repo.get(tenant.slug, paymentId);
  if (!payment) throw new Error(`no payment ${paymentId} for ${tenant.slug}`);
  if (!['paid', 'partially_refunded', 'conflict'].includes(payment.status) || !payment.provider_ref) throw new Error(`payment ${paymentId} is ${payment.status}: only a paid payment can be refunded`);
  const left = payment.amount_cents - payment.refunded_cents;
  const cents = amountCents ?? left;
  if (cents <= 0 || cents > left) throw new Error(`refund amount ${centsMoney(cents)} is not between $0.01 and the ${centsMoney(left)} left to refund`);
  const provider = ctx.provider(tenant);
  if (!provider) throw new Error(`${tenant.slug} has no payment provider set up (STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET)`);
  let refund: Awaited<ReturnType<typeof provider.refund>>;
  try {
    refund = await provider.refund(payment.provider_ref, amountCents, `refund-${payment.id}-${payment.refunded_cents}-${cents}`);
  } catch (error) {
    if (!(error instanceof AlreadyRefundedError)) throw error;
    ctx.deps.log.info({ tenant: tenant.slug, payment: payment.id, refunded: error.refundedCents, taken: error.takenCents, reason }, 'refund not made: the provider refunded the payment in full already');
    await recordRefund(ctx, tenant, payment, error.refundedCents, error.takenCents);
    return { refund: null, amountCents: 0, status: ALREADY_REFUNDED };
  }
  // The amount the provider refunded: a full refund (no amount asked) is what was left at the provider, less than `cents`
  // when the dealer refunded part from the provider's dashboard and its event is not recorded yet.
  ctx.deps.log.info({ tenant: tenant.slug, payment: payment.id, refund: refund.ref, amount: refund.amountCents, reason }, 'refund made');
  if (refund.status === 'succeeded' || refund.status === 'pending') await recordRefund(ctx, tenant, payment, payment.refunded_cents + cents, payment.amount_cents);
  return { refund: refund.ref, amountCents: refund.amountCents, status: refund.status };
}

/** A pending payment's hold released by the dealer (the shopper gave up): the intent is cancelled. */
export async function release(ctx: PaymentsContext, tenant: ApiTenant, paymentId: string): Promise<boolean> {
  const payment = await ctx.repo.get(tenant.slug, paymentId);
  if (!payment || payment.status !== 'pending') return false;
  await ctx.deps.db.transaction(async (tx) => {
    await tx.run("UPDATE payments SET status = 'canceled', updated_at = $1 WHERE id = $2 AND status = 'pending'", [ctx.deps.now(), payment.id]);
    await tx.run("DELETE FROM car_holds WHERE payment_id = $1 AND state = 'holding'", [payment.id]);
  });
  await ctx.cancelAtProvider(tenant, [payment]);
  return true;
}

/**
 * Record `refundedCents`, the payment's refunded total (the provider's event's, or the one a refund
 * made here), on `read`, the payment as its caller read it, measured against `takenCents`, what the
 * provider took (the event's charge; a payment the refund command refunds took the amount asked).
 * Refunded in full, the payment is refunded (its hold freed, its car's reserved overlay entry taken
 * down), in part partially refunded (a conflict stays a conflict), and its lead is sent with the
 * refund (a deposit refunded in part, its car still reserved, with the reservation's end). A
 * payment in review (the provider took another amount than the one asked: webhook.ts paid(); only
 * the provider's dashboard refunds it) refunded in part stays in review, the mismatch
 * still the dealer's to settle; its lead, never sent paid, is not sent refunded either (it would
 * carry the amount asked as the amount paid); logged. Conditional on the state it was decided on
 * (`UPDATE ... WHERE status = <read> AND refunded_cents = <read>`): when another recorder changed
 * the payment meanwhile (the refund's own event, the dealer's refund in the provider's dashboard), it
 * is decided again on the payment as it is now. A total not above the one recorded (the same refund
 * recorded twice, an event older than one recorded: the provider does not keep their order) changes
 * nothing, so a newer state is never overwritten. `read` is a payment recorded as taken (the refund
 * command refunds only such a one; the webhook first records one that is not yet: webhook.ts `refunded`).
 */
export async function recordRefund(ctx: PaymentsContext, tenant: ApiTenant, read: PaymentRow, refundedCents: number, takenCents: number): Promise<string> {
  for (let payment: PaymentRow | undefined = read; payment; payment = await ctx.repo.get(tenant.slug, payment.id)) {
    const full = refundedCents >= takenCents;
    const inReview = payment.status === 'review';
    const status = payment.status === 'conflict' || (inReview && !full) ? payment.status : full ? 'refunded' : 'partially_refunded';
    if (refundedCents < payment.refunded_cents || (refundedCents === payment.refunded_cents && payment.status === status)) return 'already recorded';
    const decided = payment;
    const changed = await ctx.deps.db.transaction(async (tx) => {
      const updated = await tx.run('UPDATE payments SET status = $1, refunded_cents = $2, updated_at = $3 WHERE id = $4 AND status = $5 AND refunded_cents = $6', [
        status,
        refundedCents,
        ctx.deps.now(),
        decided.id,
        decided.status,
        decided.refunded_cents,
      ]);
      if (updated > 0 && full) await tx.run('DELETE FROM car_holds WHERE payment_id = $1', [decided.id]);
      return updated;
    });
    if (changed === 0) continue;
    if (inReview) {
      ctx.deps.log.warn({ tenant: tenant.slug, payment: decided.id, refunded: refundedCents, taken: takenCents, asked: decided.amount_cents }, 'refund of a payment in review (amount mismatch) recorded');
      return full ? 'refunded' : 'partially refunded: in review';
    }
    if (full && decided.kind === 'reservation' && decided.car_id) await ctx.unmarkReserved(tenant.slug, decided.car_id, decided.provider_ref);
    if (decided.status === 'conflict') return status;
    // Refunded in part, a deposit's car stays reserved: its lead keeps saying until when, while the hold has not ended.
    const reservedUntil = full || decided.kind !== 'reservation' ? undefined : await ctx.repo.reservedUntil(decided.id, ctx.deps.now());
    await ctx.completeLead(tenant, { ...decided, refunded_cents: refundedCents }, full ? 'refunded' : 'partially refunded', reservedUntil);
    return status;
  }
  return 'already recorded';
}
