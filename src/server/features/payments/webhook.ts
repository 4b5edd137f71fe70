/**
 * The provider's events (docs/payments.md): a payment becomes paid only from the provider's
 * signed webhook, verified over the raw body; each event is acted on once (payment_events,
 * recorded last so a crash is finished by the provider's retry), and every step is
 * idempotent. A paid reservation completes the lead and writes the reserved overlay; a
 * payment that arrives after someone else took the car, or of an invoice paid already, is refunded.
 * A verdict learned by asking the provider (recordVerdict, through verdicts.ts askVerdict: before
 * refusing a new payment while one is being confirmed, the status the browser polls, the sweep of
 * abandoned invoice payments, a car hold that ran out) is recorded by the same steps. Every status
 * change is conditional on the status its decision was read with, so of the webhook and a verdict
 * asked at once (or two deliveries of one event) one records it and the other changes nothing.
 */
import type { ApiTenant } from '../../kernel/tenants.ts';
import type { PaymentsContext } from './context.ts';
import { WebhookSignatureError, type ProviderEvent, type ProviderPayment } from './provider.ts';
import { recordRefund, refund } from './refund.ts';
import { invoiceKey, type PaymentRow } from './repository.ts';

/** A webhook for a tenant: verified over the raw body, acted on once. */
export async function handleWebhook(ctx: PaymentsContext, slug: string, rawBody: Buffer, signature: string | undefined): Promise<{ status: number; body: Record<string, unknown> }> {
  const tenant = ctx.deps.tenants.get(slug);
  const provider = tenant ? ctx.provider(tenant) : undefined;
  if (!tenant || !provider) return { status: 404, body: { success: false, error: 'No payment provider is set up for this site.' } };
  let event: ProviderEvent;
  try {
    event = provider.verifyEvent(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      ctx.deps.log.warn({ tenant: slug, reason: error.message }, 'payment webhook refused');
      return { status: 400, body: { success: false, error: error.message } };
    }
    throw error;
  }
  // Per site: sites of one provider account each receive every event of the account (docs/payments.md).
  const seen = await ctx.deps.db.query('SELECT id FROM payment_events WHERE tenant = $1 AND id = $2', [slug, event.id]);
  if (seen.length > 0) return { status: 200, body: { received: true, duplicate: true } };
  const outcome = await apply(ctx, tenant, event);
  // Recorded last: a crash before this line makes the provider's retry finish the (idempotent) work.
  await ctx.deps.db.run('INSERT INTO payment_events (id, tenant, type, received_at) VALUES ($1, $2, $3, $4) ON CONFLICT (tenant, id) DO NOTHING', [event.id, slug, event.type, ctx.deps.now()]);
  ctx.deps.log.info({ tenant: slug, event: event.type, outcome }, 'payment event');
  return { status: 200, body: { received: true, outcome } };
}

async function apply(ctx: PaymentsContext, tenant: ApiTenant, event: ProviderEvent): Promise<string> {
  if (event.kind === 'ignored' || !event.paymentRef) return 'ignored';
  const payment = await ctx.repo.byProviderRef(tenant.slug, event.paymentRef);
  // A payment of another site, or not made by this platform: nothing to do here.
  if (!payment || (event.metadata.tenant !== undefined && event.metadata.tenant !== tenant.slug)) return 'unknown payment';
  switch (event.kind) {
    case 'succeeded':
      return paid(ctx, tenant, payment, event);
    case 'failed':
    case 'canceled':
      return unpaid(ctx, tenant, payment, event);
    case 'refunded':
      return refunded(ctx, tenant, payment, event);
  }
}

/**
 * A refund event. A refund proves the provider took the money: a payment not recorded taken yet
 * (its succeeded event late or lost: the provider does not keep their order) is first recorded by
 * paid()'s own steps with the refund's charge (the car reserved or the invoice paid, the lead sent
 * paid; a conflict refunded; another amount than the one asked puts it in review), then the refund
 * is recorded on the payment as read again, measured against what the provider took, the event's
 * charge (recordRefund: a payment in review is not sent refunded). The late succeeded event then
 * finds the payment settled and changes nothing. When paid() loses its recording to another
 * recorder that ended the payment unpaid meanwhile (cancelled: the dealer's release, a sweep;
 * failed: a stale decline; its hold run out), the payment read again is still not taken: paid() is
 * run again on it as it is now (it records from any status it read), at most a few times, so the
 * refund is never recorded on a payment never recorded taken (no paid at, its lead never sent paid,
 * a part refund with no reservation).
 */
async function refunded(ctx: PaymentsContext, tenant: ApiTenant, payment: PaymentRow, event: ProviderEvent): Promise<string> {
  let read: PaymentRow | undefined = payment;
  for (let tries = 0; read && !PAID_STATUSES.includes(read.status) && read.status !== 'review'; tries++) {
    if (tries === RECORD_PAID_TRIES) {
      ctx.deps.log.error({ tenant: tenant.slug, payment: read.id, status: read.status }, 'refund of a payment that could not be recorded paid: answered with an error so the provider sends it again');
      throw new Error(`payment ${read.id} could not be recorded paid before its refund (${read.status})`);
    }
    const outcome = await paid(ctx, tenant, read, event);
    ctx.deps.log.info({ tenant: tenant.slug, payment: read.id, status: read.status, outcome }, 'refund of a payment not recorded paid yet: recorded paid first');
    read = await ctx.repo.get(tenant.slug, read.id);
  }
  return read ? recordRefund(ctx, tenant, read, event.refundedCents ?? 0, event.amountCents) : ALREADY_SETTLED;
}

/** How often a refund event tries to record its payment paid first (refunded): each try lost only to another recorder's change of the payment meanwhile. */
const RECORD_PAID_TRIES = 3;

/** What a verdict is recorded from: the provider's event, or the payment's state the provider answered (recordVerdict). */
type Verdict = Pick<ProviderEvent, 'kind' | 'amountCents' | 'currency' | 'failure'>;

/** The outcome when the payment's verdict was recorded already (by the webhook, a verdict asked, or another API process meanwhile): nothing changed. */
export const ALREADY_SETTLED = 'already settled';

/** Statuses of a payment the provider took: a paid verdict on one is recorded already, and its state is on its lead (Payments.completeLead). */
export const PAID_STATUSES = ['paid', 'refunded', 'partially_refunded', 'conflict'];

/** Statuses past paid (money given back since): a paid verdict would move such a payment backwards, so it changes nothing. */
const REFUNDED_STATUSES = ['refunded', 'partially_refunded'];

/** Thrown inside paid()'s transaction when another recorder changed the payment's status first: everything it did is rolled back. */
class RecordedMeanwhile extends Error {}

/**
 * The verdict the provider already has on a payment, learned by asking it (getPayment) rather
 * than from its event, which may be lost or late: recorded as that event is (paid, declined,
 * cancelled), so the event, when it comes, changes nothing more. The payment is read again
 * first (`asked` was read before the round trip, during which the webhook may have recorded the
 * verdict): a paid one is not paid again, and a declined or cancelled verdict changes only a
 * payment still open. Resolves to the outcome (ALREADY_SETTLED when recorded meanwhile), or
 * undefined while the provider has no verdict (processing, awaiting the card or the shopper's
 * authentication; a payment intent awaiting its first card is no decline).
 */
export async function recordVerdict(ctx: PaymentsContext, tenant: ApiTenant, asked: PaymentRow, state: ProviderPayment): Promise<string | undefined> {
  const kind = state.status === 'succeeded' ? 'succeeded' : state.status === 'canceled' ? 'canceled' : state.status === 'requires_payment_method' && state.failure ? 'failed' : undefined;
  if (!kind) return undefined;
  const payment = await ctx.repo.get(tenant.slug, asked.id);
  if (!payment || (kind === 'succeeded' && PAID_STATUSES.includes(payment.status))) return ALREADY_SETTLED;
  const verdict = { kind, amountCents: state.amountCents, currency: state.currency, failure: state.failure } as const;
  const outcome = kind === 'succeeded' ? await paid(ctx, tenant, payment, verdict) : await unpaid(ctx, tenant, payment, verdict);
  ctx.deps.log.info({ tenant: tenant.slug, payment: payment.id, state: state.status, outcome }, 'payment verdict asked of the provider');
  return outcome;
}

/**
 * A paid verdict on `payment` as read for this decision. A payment not recorded paid yet is
 * recorded (the car taken or the invoice paid, or a conflict) only while its status is still the
 * one read: else another recorder did it meanwhile, and this one changes nothing (ALREADY_SETTLED).
 * One recorded paid already (a replayed event after a crash) finishes the lead and the overlay.
 * A payment's state only moves forward: one refunded (in full or in part) since, as read or by the
 * time its lead is saved, or in full by the time its car is marked, is not made paid again (no lead
 * sent again, the car not reserved again; logged): the provider does not keep its events in order.
 */
async function paid(ctx: PaymentsContext, tenant: ApiTenant, payment: PaymentRow, event: Verdict): Promise<string> {
  if (REFUNDED_STATUSES.includes(payment.status)) {
    ctx.deps.log.warn({ tenant: tenant.slug, payment: payment.id, status: payment.status }, 'paid verdict on a payment refunded since: nothing changed');
    return ALREADY_SETTLED;
  }
  if (event.amountCents !== payment.amount_cents || event.currency.toLowerCase() !== payment.currency) {
    ctx.deps.log.error({ tenant: tenant.slug, payment: payment.id, amount: event.amountCents, expected: payment.amount_cents }, 'paid amount differs from the amount asked');
    const changed = await ctx.deps.db.run("UPDATE payments SET status = 'review', failure = $1, updated_at = $2 WHERE id = $3 AND status = $4", [
      `paid ${event.amountCents} ${event.currency}, asked ${payment.amount_cents} ${payment.currency}`,
      ctx.deps.now(),
      payment.id,
      payment.status,
    ]);
    return changed > 0 ? 'amount mismatch' : ALREADY_SETTLED;
  }
  const at = ctx.deps.now();
  const holdUntil = at + tenant.site.payments.deposit_hold_hours * 3_600_000;
  let conflict = false;
  if (!PAID_STATUSES.includes(payment.status)) {
    try {
      conflict = await recordPaid(ctx, tenant, payment, holdUntil, at);
    } catch (error) {
      if (error instanceof RecordedMeanwhile) return ALREADY_SETTLED;
      throw error;
    }
    if (!conflict) await noteInvoiceLeftOpen(ctx, tenant, payment);
  } else {
    conflict = payment.status === 'conflict';
  }
  if (conflict) return refundTaken(ctx, tenant, payment, at);
  // Only a deposit holds a car: an invoice's lead names no reservation.
  if (!(await ctx.completeLead(tenant, { ...payment, paid_at: payment.paid_at ?? at }, 'paid', payment.kind === 'reservation' ? holdUntil : undefined))) return ALREADY_SETTLED;
  if (payment.kind === 'reservation' && payment.car_id && !(await markPaidCar(ctx, tenant, payment, payment.car_id, at))) return ALREADY_SETTLED;
  return 'paid';
}

/**
 * paid()'s car marked reserved on the live site, unless the payment was refunded in full meanwhile: that
 * refund has taken the car's overlay entry down (and freed its hold). A part refund keeps the reservation
 * but marks nothing itself: the car is marked. The overlay's writer is outside the database's
 * transactions, so a full refund recorded between the read and the write would find no entry to take
 * down: the payment is read again after the write, and the entry taken down again when it was refunded
 * in full by then (whichever of the refund's removal and this one comes last, the entry goes). Resolves
 * to whether the car stays marked.
 */
async function markPaidCar(ctx: PaymentsContext, tenant: ApiTenant, payment: PaymentRow, carId: string, at: number): Promise<boolean> {
  const refundedInFull = async () => {
    const now = await ctx.repo.get(tenant.slug, payment.id);
    return !now || now.status === 'refunded';
  };
  const reference = payment.provider_ref ?? payment.id;
  if (await refundedInFull()) {
    ctx.deps.log.warn({ tenant: tenant.slug, payment: payment.id }, 'paid verdict on a payment refunded in full meanwhile: the car is not marked reserved again');
    return false;
  }
  await ctx.markReserved(tenant.slug, carId, reference, at);
  if (!(await refundedInFull())) return true;
  await ctx.unmarkReserved(tenant.slug, carId, reference);
  ctx.deps.log.warn({ tenant: tenant.slug, payment: payment.id }, 'payment refunded in full while its car was marked reserved: the overlay entry taken down again');
  return false;
}

/**
 * paid()'s transaction: the car becomes the payment's reservation (or the invoice paid by it) and
 * the payment paid, or conflict when someone else took what it paid for. Resolves to whether it
 * clashed; throws RecordedMeanwhile (all rolled back) when the payment's status is no longer the
 * one `payment` was read with.
 */
async function recordPaid(ctx: PaymentsContext, tenant: ApiTenant, payment: PaymentRow, holdUntil: number, at: number): Promise<boolean> {
  return ctx.deps.db.transaction(async (tx) => {
    let clash = false;
    if (payment.kind === 'reservation' && payment.car_id) clash = !(await ctx.repo.takeReserved(tx, tenant.slug, payment.car_id, payment.id, holdUntil, at));
    if (payment.kind === 'online-payment' && payment.reference) {
      // An invoice is paid once: a second payment of it (another window's card form) is refunded like a car taken.
      // And only by as much as it asks now: a payment below the amount the dealer raised it to after the card was
      // submitted paid what it was asked, but leaves the invoice open (not fully paid; noteInvoiceLeftOpen).
      const key = invoiceKey(payment.reference);
      const took = await tx.run('UPDATE payment_invoices SET paid_payment_id = $1 WHERE tenant = $2 AND reference_key = $3 AND paid_payment_id IS NULL AND amount_cents <= $4', [
        payment.id,
        tenant.slug,
        key,
        payment.amount_cents,
      ]);
      if (took === 0) {
        const [invoice] = await tx.query<{ paid_payment_id: string | null }>('SELECT paid_payment_id FROM payment_invoices WHERE tenant = $1 AND reference_key = $2', [tenant.slug, key]);
        clash = invoice !== undefined && invoice.paid_payment_id !== null && invoice.paid_payment_id !== payment.id;
      }
    }
    const changed = await tx.run('UPDATE payments SET status = $1, paid_at = $2, updated_at = $2 WHERE id = $3 AND status = $4', [clash ? 'conflict' : 'paid', at, payment.id, payment.status]);
    if (changed === 0) throw new RecordedMeanwhile('payment recorded meanwhile');
    return clash;
  });
}

/**
 * A paid /online-payment payment that did not pay its invoice (the dealer raised the invoice after
 * the card was submitted: not fully paid, it stays open) is logged; the dealer's lead shows the
 * amount paid and the invoice list the amount still asked (docs/payments.md).
 */
async function noteInvoiceLeftOpen(ctx: PaymentsContext, tenant: ApiTenant, payment: PaymentRow): Promise<void> {
  if (payment.kind !== 'online-payment' || !payment.reference) return;
  const invoice = await ctx.repo.invoice(tenant.slug, payment.reference);
  if (!invoice || invoice.paid_payment_id !== null || Number(invoice.amount_cents) <= payment.amount_cents) return;
  ctx.deps.log.warn({ tenant: tenant.slug, payment: payment.id, invoice: payment.reference, paid: payment.amount_cents, asks: Number(invoice.amount_cents) }, 'invoice raised after its card was submitted: paid in part, left open');
}

/** A declined or cancelled verdict on `payment` as read for this decision: recorded only while its status is still the one read (pending, or its hold run out). */
async function unpaid(ctx: PaymentsContext, tenant: ApiTenant, payment: PaymentRow, event: Verdict): Promise<string> {
  if (payment.status !== 'pending' && payment.status !== 'expired') return ALREADY_SETTLED;
  // The sweep cancels an expired hold's intent itself: Stripe's confirmation keeps it a hold let run
  // out, which the limit of unpaid holds a client may let run out counts (docs/payments.md).
  if (payment.status === 'expired' && event.kind === 'canceled') return 'expired';
  const status = event.kind === 'canceled' ? 'canceled' : 'failed';
  const changed = await ctx.deps.db.transaction(async (tx) => {
    const updated = await tx.run('UPDATE payments SET status = $1, failure = $2, updated_at = $3 WHERE id = $4 AND status = $5', [
      status,
      event.failure?.slice(0, 300) ?? null,
      ctx.deps.now(),
      payment.id,
      payment.status,
    ]);
    // A declined card keeps the hold, and its end, for the lead's next attempt (docs/payments.md):
    // declining just before the end and starting again must not hold the car for another full time.
    if (updated > 0 && status === 'canceled') await tx.run("DELETE FROM car_holds WHERE payment_id = $1 AND state = 'holding'", [payment.id]);
    return updated;
  });
  if (changed === 0) return ALREADY_SETTLED;
  // A declined attempt is closed: trying again starts a new attempt, which takes over the hold.
  if (status === 'failed') await ctx.cancelAtProvider(tenant, [payment]);
  return status;
}

/**
 * A payment that came after someone else took what it paid for (the car, after its hold ran out;
 * the invoice, from another window): the money goes back (one the provider refunded in full already,
 * from its dashboard, is recorded so: refund()). A refund the provider fails is not
 * reported as made: the error answers the event, so the provider sends it again (the event is
 * recorded only after the work), and the retry refunds what is still left.
 */
async function refundTaken(ctx: PaymentsContext, tenant: ApiTenant, payment: PaymentRow, at: number): Promise<string> {
  const taken =
    payment.kind === 'online-payment'
      ? { reason: 'the invoice was paid already by another payment', note: 'refunded: invoice paid already', outcome: 'refunded: invoice paid already' }
      : { reason: 'the car was reserved by another buyer before this payment arrived', note: 'refunded: car taken by another buyer', outcome: 'refunded: car taken' };
  const now = await ctx.repo.get(tenant.slug, payment.id);
  if ((now?.refunded_cents ?? 0) < payment.amount_cents) {
    try {
      await refund(ctx, tenant, payment.id, undefined, taken.reason);
    } catch (error) {
      ctx.deps.log.error({ tenant: tenant.slug, payment: payment.id, error: (error as Error).message }, 'automatic refund failed; the event is answered with an error so the provider sends it again');
      throw error;
    }
  }
  // As recorded now: the refunded total is the one made here, or the one the provider reported made already (refund()).
  const settled = (await ctx.repo.get(tenant.slug, payment.id)) ?? payment;
  await ctx.completeLead(tenant, { ...settled, paid_at: at }, taken.note);
  return taken.outcome;
}
