/**
 * Starting a payment (docs/payments.md): a reservation deposit holds the lead's car for one
 * shopper (car_holds: one row per car is the lock), an /online-payment pays an invoice the
 * dealer issued for its exact amount; the provider's intent is created only when a card is
 * submitted, within hourly limits per client and per site. A retried request (the same
 * attempt key) answers with the same payment.
 */
import { randomUUID } from 'node:crypto';
import { depositAllowed } from '../../../lib/vehicle/vehicle-actions.ts';
import { LEAD_MESSAGES } from '../../../schemas/forms/messages.ts';
import { isReserveCategory } from '../../../schemas/lead.ts';
import { PAYMENT_ENDED_MESSAGE, PAYMENT_EXPIRED_MESSAGES, type PaymentIntentSecret, type StartedPayment } from '../../../schemas/payments.ts';
import { lockInTransaction, type SqlExecutor } from '../../../platform/sql/db.ts';
import { reserveJourney, switchedOff } from '../../kernel/feature-switches.ts';
import { findListedCar } from '../../kernel/http.ts';
import type { ApiTenant } from '../../kernel/tenants.ts';
import { leadOpenTo } from '../../leads/row.ts';
import type { PaymentsContext } from './context.ts';
import type { PaymentProvider } from './provider.ts';
import type { PaymentRow } from './repository.ts';
import { STRIPE_CALL_MAX_MS } from './stripe-provider.ts';
import { askExpiringHolds, askVerdict, cancelUnpaid } from './verdicts.ts';

export type StartResult = { ok: true; payment: StartedPayment } | { ok: false; status: number; error: string; field?: string };
/** A reservation's start: the lead it is for (`shopper`: the signed-in shopper's user id, undefined when none), its car as posted, the attempt and the client. */
export type ReservationStart = { leadId: string; shopper: string | undefined; carId?: string; attemptKey: string; client: string };
export type IntentResult = { ok: true; intent: PaymentIntentSecret } | { ok: false; status: number; error: string };

/** The answer for a lead id that names no reservation: no such lead, or a lead that never asked to reserve (an enquiry, a test drive). */
export const RESERVATION_UNKNOWN_MESSAGE = 'This reservation could not be found. Please start again.';
/** The answer for a payment id that names no payment of this site (or, on the payments plugin's card call, another shopper's: leadOpenTo). */
export const PAYMENT_UNKNOWN_MESSAGE = 'This payment could not be found. Please start again.';
export const NO_PROVIDER_MESSAGE = 'Online payment is not available on this site. No card is taken online: our team will call you to take the deposit.';
export const RESERVED_MESSAGE = 'Sorry, this car has just been reserved by another buyer. Please choose another car or call us.';
/** A new start of the lead whose own deposit reserved the car (paid by its webhook, or by a verdict asked on this start): the spec has no wording (docs/decisions.md). */
export const OWN_RESERVATION_MESSAGE = 'Your car is reserved: your deposit for it has been paid. Our team will contact you to arrange the next steps.';
export const NOT_RESERVABLE_MESSAGE = 'This car cannot be reserved online. Please call us about it.';
export const NO_ONLINE_PAYMENT_MESSAGE = 'Online payment is not available on this site. No card is taken online: please call us to pay.';
const PAYMENT_FAILED_TO_START = 'The payment could not be started. Please try again in a moment, or call us.';
export const ATTEMPT_TAKEN_MESSAGE = 'This payment was started for another enquiry. Please start again.';
export const HOLD_ENDED_MESSAGE = PAYMENT_EXPIRED_MESSAGES.reservation;
const CONFIRMING_MESSAGE = 'Your payment for this car is being confirmed. Please wait a moment, or call us.';
/** An invoice another payment of which is being confirmed (the spec has no wording; docs/payments.md). */
export const INVOICE_CONFIRMING_MESSAGE = 'A payment of this invoice is being confirmed. Please wait a moment, or call us.';
/**
 * A provider's states of a payment it has no verdict on yet whose money may still be taken (a
 * succeeded one is recorded paid: confirmingState), by what it pays for. An invoice's also while it
 * awaits the shopper's authentication (3-D Secure; passing it takes the money): a card submitted on
 * a new payment of the invoice cancels it at the provider once that payment goes ahead, and is
 * refused only when that cancel fails (invoiceConfirming, replaceAtAuthentication). Not a deposit's: the lead's new attempt takes over its hold and cancels it
 * at the provider (startReservation).
 */
const CONFIRMING_STATES: Record<PaymentRow['kind'], readonly string[]> = {
  reservation: ['processing', 'requires_capture'],
  'online-payment': ['processing', 'requires_capture', 'requires_action'],
};
export const TOO_MANY_HOLDS_MESSAGE = 'You already have cars held for you while you pay. Please finish or leave those payments first, or call us.';
export const ABANDONED_HOLDS_MESSAGE = 'This car was held for you before and the time to pay ran out. Please call us to reserve it.';
export const INTENTS_PER_CLIENT_MESSAGE = 'Too many payments were started from your connection. Please try again in an hour, or call us.';
export const INTENTS_PER_SITE_MESSAGE = 'Online payment is busy right now. Please try again later, or call us.';
export const INVOICE_UNKNOWN_MESSAGE = 'We could not find an unpaid invoice with this number and amount. Please check your invoice, or call us.';
export const INVOICE_PAID_MESSAGE = 'This invoice has already been paid. If you think this is wrong, please call us.';

const heldMessage = (minutes: number) =>
  `Another buyer is paying a deposit on this car right now. If they do not complete it, the car is free again within ${minutes} minutes: please try again then, or call us.`;

/** Thrown inside the hold's transaction when another payment holds (or reserved) the car. */
class HoldTaken extends Error {
  readonly state: string;
  constructor(state: string) {
    super('hold taken');
    this.state = state;
  }
}

/** Thrown inside the hold's transaction when the client may not hold this car now (the message says why). */
class HoldRefused extends Error {}

/**
 * Hold the lead's car for its deposit (amount from the site's setting). No provider intent
 * yet: that is created by createIntent when the shopper submits a card. A client holds
 * at most `holdsPerClient` cars at once, and is refused a car it let run out unpaid
 * `abandonedPerClientCar` times. A new attempt of the same lead takes over its own hold.
 */
export async function startReservation(ctx: PaymentsContext, tenant: ApiTenant, input: ReservationStart): Promise<StartResult> {
  const provider = ctx.provider(tenant);
  if (!provider) return { ok: false, status: 409, error: NO_PROVIDER_MESSAGE };
  const lead = await ctx.deps.leads.get(tenant.slug, input.leadId);
  // Only a Reserve lead (the reserve page, the online purchase journey) holds its car: an enquiry's or a test drive's id names no reservation;
  // nor does a lead another shopper started (leadOpenTo): answered as a lead not stored.
  if (!lead || !isReserveCategory(lead.category) || !leadOpenTo(lead, input.shopper)) return { ok: false, status: 404, error: RESERVATION_UNKNOWN_MESSAGE };
  // A lead of a journey the site has switched off since (POST /api/leads refuses new ones): the switch's answer, not the car's.
  const journey = reserveJourney(lead.subcategory);
  const switched = switchedOff(tenant.site, journey);
  if (switched) return { ok: false, status: 404, error: switched };
  const carId = lead.car_id ?? undefined;
  if (!carId || (input.carId !== undefined && input.carId !== carId)) return { ok: false, status: 422, error: LEAD_MESSAGES.fixErrors, field: 'This reservation is for another car. Please start again from the car.' };
  // Only a car the site shows (findListedCar): a hidden one is not offered, whatever was posted.
  const car = findListedCar(tenant, carId, ctx.deps.now());
  if (!car || car.status !== 'in_stock') return { ok: false, status: 409, error: 'This car is no longer available to reserve. Please choose another car or call us.' };
  if (car.reserved) return { ok: false, status: 409, error: await reservedMessage(ctx, tenant.slug, input.leadId, carId) };
  // The reserve rule is the server's: a car the site's pages do not offer for a deposit gets none, whatever was posted.
  if (!depositAllowed(car, tenant.site.features, journey === 'online_purchase')) return { ok: false, status: 409, error: NOT_RESERVABLE_MESSAGE };
  const amountCents = Math.round(tenant.site.reserve_deposit * 100);
  if (amountCents < 50) return { ok: false, status: 409, error: NO_PROVIDER_MESSAGE };

  const byKey = await ctx.repo.byAttempt(tenant.slug, input.attemptKey);
  if (byKey) return byKey.kind === 'reservation' && byKey.lead_id === input.leadId && byKey.car_id === carId ? attemptAgain(ctx, provider, byKey) : { ok: false, status: 409, error: ATTEMPT_TAKEN_MESSAGE };

  // A hold of this car that ran out with a card submitted: its verdict first (a deposit paid whose webhook is late reserves the car).
  await askExpiringHolds(ctx, { tenant, carId });
  const expired = await ctx.repo.releaseExpired(tenant.slug, carId, ctx.deps.now());
  const at = ctx.deps.now();
  const own = await ctx.repo.ownHold(tenant.slug, input.leadId, carId, at);
  // The same shopper again (a reload, a second click) before any card was tried: the same payment.
  if (own?.status === 'pending' && !own.provider_ref) {
    await ctx.cancelAtProvider(tenant, expired);
    return started(ctx, provider, own);
  }
  // A card was tried on it: a declined card starts a new attempt, but a payment going through is waited for.
  if (own?.status === 'pending' && own.provider_ref && (await confirmingState(ctx, tenant, provider, own)) !== undefined) return { ok: false, status: 409, error: CONFIRMING_MESSAGE };
  const id = randomUUID();
  let replaced: PaymentRow | undefined;
  try {
    replaced = await holdCar(ctx, tenant, { ...input, id, carId, amountCents, providerName: provider.name }, own, at);
  } catch (error) {
    if (error instanceof HoldRefused) {
      await ctx.cancelAtProvider(tenant, expired);
      ctx.deps.log.warn({ tenant: tenant.slug, car: carId, client: input.client, reason: error.message }, 'car hold refused');
      return { ok: false, status: 429, error: error.message };
    }
    if (error instanceof HoldTaken) return { ok: false, status: 409, error: error.state === 'reserved' ? await reservedMessage(ctx, tenant.slug, input.leadId, carId) : heldMessage(tenant.site.payments.hold_minutes) };
    // The same attempt raced itself (a double click): answer with the one that won; a key another lead took: start again.
    const again = await ctx.repo.byAttempt(tenant.slug, input.attemptKey);
    if (again) return again.lead_id === input.leadId && again.car_id === carId ? attemptAgain(ctx, provider, again) : { ok: false, status: 409, error: ATTEMPT_TAKEN_MESSAGE };
    throw error;
  }
  await ctx.cancelAtProvider(tenant, replaced ? [...expired, replaced] : expired);
  return started(ctx, provider, (await ctx.repo.get(tenant.slug, id))!);
}

/** The answer for a car reserved already: the lead's own deposit reserved it (its payer starting again), or another buyer's. */
async function reservedMessage(ctx: PaymentsContext, tenant: string, leadId: string, carId: string): Promise<string> {
  return (await ctx.repo.paidByLead(tenant, leadId, carId)) ? OWN_RESERVATION_MESSAGE : RESERVED_MESSAGE;
}

/**
 * The hold's transaction: the client's hold limits are checked under the client's lock (so that
 * reservations sent at once, to any API process, are counted one after another), the payment
 * is stored, and the lead's own hold passes to it or the car is held. Throws HoldRefused or
 * HoldTaken; resolves to the attempt whose hold was taken over, if any.
 */
async function holdCar(
  ctx: PaymentsContext,
  tenant: ApiTenant,
  input: { id: string; leadId: string; carId: string; attemptKey: string; client: string; amountCents: number; providerName: string },
  own: PaymentRow | undefined,
  at: number,
): Promise<PaymentRow | undefined> {
  const { id, carId } = input;
  const holdMs = tenant.site.payments.hold_minutes * 60_000;
  return ctx.deps.db.transaction(async (tx) => {
    await lockInTransaction(tx, 'car-holds', `${tenant.slug}|${input.client}`);
    const refused = await holdRefused(ctx, tx, tenant.slug, input.client, carId, own?.id, at);
    if (refused) throw new HoldRefused(refused);
    // A paid reservation's hold lapses after deposit_hold_hours; the car stays refused while the site shows it reserved (overlay or feed).
    await tx.run("DELETE FROM car_holds WHERE tenant = $1 AND car_id = $2 AND state = 'reserved' AND expires_at <= $3", [tenant.slug, carId, at]);
    await tx.run(
      `INSERT INTO payments (id, tenant, kind, lead_id, car_id, reference, attempt_key, provider, provider_ref, amount_cents, currency, status, created_at, updated_at, client)
       VALUES ($1, $2, 'reservation', $3, $4, NULL, $5, $6, NULL, $7, 'aud', 'pending', $8, $8, $9)`,
      [id, tenant.slug, input.leadId, carId, input.attemptKey, input.providerName, input.amountCents, at, input.client],
    );
    // The lead's own hold passes to the new attempt (its time does not start again); the old attempt is closed.
    const moved = own ? await tx.run("UPDATE car_holds SET payment_id = $1 WHERE tenant = $2 AND car_id = $3 AND payment_id = $4 AND state = 'holding'", [id, tenant.slug, carId, own.id]) : 0;
    if (moved > 0) {
      // A declined attempt is closed (and cancelled at the provider) already.
      const closed = await tx.run("UPDATE payments SET status = 'canceled', failure = 'replaced by a new attempt', updated_at = $1 WHERE id = $2 AND status = 'pending'", [at, own!.id]);
      return closed > 0 ? own : undefined;
    }
    const taken = await tx.run(
      'INSERT INTO car_holds (tenant, car_id, payment_id, state, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tenant, car_id) DO NOTHING',
      [tenant.slug, carId, id, 'holding', at + holdMs, at],
    );
    if (taken === 0) {
      const holder = await tx.query<{ state: string }>('SELECT state FROM car_holds WHERE tenant = $1 AND car_id = $2', [tenant.slug, carId]);
      throw new HoldTaken(holder[0]?.state ?? 'holding');
    }
    return undefined;
  });
}

/**
 * /online-payment: an invoice the dealer issued (npm run invoice), paid for its exact amount.
 * Stores the payment; its provider intent is created by createIntent, as for deposits.
 */
export async function startOnlinePayment(ctx: PaymentsContext, tenant: ApiTenant, input: { leadId: string; reference: string; amountCents: number; attemptKey: string; client: string }): Promise<StartResult> {
  const provider = ctx.provider(tenant);
  if (!provider) return { ok: false, status: 409, error: NO_ONLINE_PAYMENT_MESSAGE };
  const lead = await ctx.deps.leads.get(tenant.slug, input.leadId);
  if (!lead) return { ok: false, status: 404, error: PAYMENT_UNKNOWN_MESSAGE };
  const byKey = await ctx.repo.byAttempt(tenant.slug, input.attemptKey);
  if (byKey) return byKey.kind === 'online-payment' && byKey.lead_id === input.leadId ? attemptAgain(ctx, provider, byKey) : { ok: false, status: 409, error: ATTEMPT_TAKEN_MESSAGE };
  const refused = await invoiceRefused(ctx, tenant.slug, input.reference, input.amountCents);
  if (refused) return { ok: false, status: 422, error: LEAD_MESSAGES.fixErrors, field: refused };
  const at = ctx.deps.now();
  const id = randomUUID();
  try {
    await ctx.deps.db.run(
      `INSERT INTO payments (id, tenant, kind, lead_id, car_id, reference, attempt_key, provider, provider_ref, amount_cents, currency, status, created_at, updated_at, client)
       VALUES ($1, $2, 'online-payment', $3, NULL, $4, $5, $6, NULL, $7, 'aud', 'pending', $8, $8, $9)`,
      [id, tenant.slug, input.leadId, input.reference, input.attemptKey, provider.name, input.amountCents, at, input.client],
    );
  } catch (error) {
    const again = await ctx.repo.byAttempt(tenant.slug, input.attemptKey);
    if (again) return again.lead_id === input.leadId ? attemptAgain(ctx, provider, again) : { ok: false, status: 409, error: ATTEMPT_TAKEN_MESSAGE };
    throw error;
  }
  return started(ctx, provider, (await ctx.repo.get(tenant.slug, id))!);
}

/**
 * The shopper submits a card: create the provider's intent for a started payment (once; a
 * retry gets the same one) and answer its client secret. Refused when the payment ended, its
 * hold ran out, its invoice was paid meanwhile or another payment of it is being confirmed,
 * or the client or the site reached its hourly number of intents. Another window's payment of
 * the invoice left at 3-D Secure is cancelled only once this one passed all of those (a refused
 * card changes nothing).
 */
export async function createIntent(ctx: PaymentsContext, tenant: ApiTenant, paymentId: string, client: string): Promise<IntentResult> {
  const provider = ctx.provider(tenant);
  if (!provider) return { ok: false, status: 409, error: NO_ONLINE_PAYMENT_MESSAGE };
  const row = await ctx.repo.get(tenant.slug, paymentId);
  if (!row) return { ok: false, status: 404, error: PAYMENT_UNKNOWN_MESSAGE };
  if (row.status !== 'pending') return { ok: false, status: 409, error: endedMessage(row) };
  if (row.provider_ref) return intentAgain(ctx, provider, row);
  const at = ctx.deps.now();
  let description: string;
  let atAuthentication: PaymentRow[] = [];
  if (row.kind === 'reservation') {
    const hold = await ctx.deps.db.query('SELECT payment_id FROM car_holds WHERE payment_id = $1 AND state = $2 AND expires_at > $3', [row.id, 'holding', at]);
    if (hold.length === 0) return { ok: false, status: 409, error: HOLD_ENDED_MESSAGE };
    const car = tenant.carsById.get(row.car_id ?? '');
    description = `Deposit to reserve ${car?.name ?? `car ${row.car_id}`} (stock ${car?.stocknum ?? row.car_id}) at ${tenant.site.name}`;
  } else {
    const refused = await invoiceRefused(ctx, tenant.slug, row.reference ?? '', row.amount_cents);
    if (refused) return { ok: false, status: 409, error: refused };
    // Another window's payment of this invoice the bank is confirming: no second charge of it.
    const confirming = await invoiceConfirming(ctx, tenant, row.reference ?? '', { id: row.id });
    if (confirming.refused) return { ok: false, status: 409, error: confirming.refused };
    atAuthentication = confirming.atAuthentication;
    description = `Payment of ${row.reference} to ${tenant.site.name}`;
  }
  // Claimed only while the payment is still pending: the sweep, or its hold running out, may have ended it since it was read.
  const refused = await claimIntent(ctx, tenant.slug, row, row.client ?? client, at);
  if (refused) return { ok: false, ...refused };
  // This payment goes ahead (every refusal above passed): only now is another window's payment of the invoice left at 3-D Secure cancelled.
  if (atAuthentication.length > 0) {
    const replaced = await replaceAtAuthentication(ctx, tenant, provider, row.reference ?? '', atAuthentication);
    if (replaced) {
      await ctx.repo.releaseIntentClaim(row.id, at);
      return { ok: false, status: 409, error: replaced };
    }
  }
  const lead = row.lead_id ? await ctx.deps.leads.get(tenant.slug, row.lead_id) : undefined;
  const receiptEmail = lead?.email ?? undefined;
  const metadata: Record<string, string> =
    row.kind === 'reservation'
      ? { tenant: tenant.slug, payment_id: row.id, kind: 'reservation', lead_id: row.lead_id ?? '', car_id: row.car_id ?? '' }
      : { tenant: tenant.slug, payment_id: row.id, kind: 'online-payment', lead_id: row.lead_id ?? '', reference: row.reference ?? '' };
  return createAtProvider(ctx, tenant, provider, { row, amountCents: row.amount_cents, description, metadata, receiptEmail });
}

/** The answer for a payment that is no longer pending: its time ran out, or it ended otherwise. */
function endedMessage(row: Pick<PaymentRow, 'status' | 'kind'>): string {
  return row.status === 'expired' ? PAYMENT_EXPIRED_MESSAGES[row.kind] : PAYMENT_ENDED_MESSAGE;
}

/**
 * Count the hour's intents of the client and of the site and, below both limits, claim this
 * payment's (intent_at): one step under the site's lock, so that cards submitted at once, to any
 * API process, cannot all pass the count before one is claimed. The claim is conditional on the
 * payment being pending (the sweep of abandoned payments, or its hold running out, may end it
 * meanwhile). Resolves to the refusal (409 ended, 429 a limit reached), or undefined when claimed
 * (or claimed already: a retried submit is the same intent).
 */
async function claimIntent(ctx: PaymentsContext, tenant: string, row: PaymentRow, client: string, at: number): Promise<{ status: number; error: string } | undefined> {
  const since = at - 3_600_000;
  return ctx.deps.db.transaction(async (tx) => {
    await lockInTransaction(tx, 'payment-intents', tenant);
    const [own] = await tx.query<{ intent_at: number | null; status: string }>('SELECT intent_at, status FROM payments WHERE id = $1', [row.id]);
    if (!own || own.status !== 'pending') return { status: 409, error: endedMessage({ kind: row.kind, status: own?.status ?? 'canceled' }) };
    if (own.intent_at !== null && own.intent_at !== undefined) return undefined;
    // The invoice as it is now, under the lock the invoice command changes its amount under (issueInvoice): no intent at an amount it no longer asks.
    if (row.kind === 'online-payment') {
      const refused = await invoiceRefused(ctx, tenant, row.reference ?? '', row.amount_cents, tx);
      if (refused) return { status: 409, error: refused };
    }
    const byClient = await ctx.repo.count('SELECT COUNT(*) AS n FROM payments WHERE tenant = $1 AND client = $2 AND intent_at > $3', [tenant, client, since], tx);
    const bySite = await ctx.repo.count('SELECT COUNT(*) AS n FROM payments WHERE tenant = $1 AND intent_at > $2', [tenant, since], tx);
    const refused = byClient >= ctx.limits.intentsPerClientHour ? INTENTS_PER_CLIENT_MESSAGE : bySite >= ctx.limits.intentsPerTenantHour ? INTENTS_PER_SITE_MESSAGE : undefined;
    if (refused) {
      ctx.deps.log.warn({ tenant, payment: row.id, client, byClient, bySite }, 'payment intent refused: hourly limit');
      return { status: 429, error: refused };
    }
    const claimed = await tx.run("UPDATE payments SET intent_at = $1, updated_at = $1 WHERE id = $2 AND intent_at IS NULL AND status = 'pending'", [at, row.id]);
    if (claimed > 0) return undefined;
    // Ended after the read above (PostgreSQL: another transaction's change, waited for by the update).
    const [now] = await tx.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [row.id]);
    return { status: 409, error: endedMessage({ kind: row.kind, status: now?.status ?? 'canceled' }) };
  });
}

/**
 * Claim payment `row`'s intent again with the time of its provider call (intent_at = now), right
 * before that call, under the lock the invoice command changes an invoice under (changeInvoice):
 * only while the payment is pending and (an invoice's) its invoice still asks its amount. So a
 * claim with no PaymentIntent older than CREATING_FOR_MS is one whose call ended (answered, failed
 * or the API stopped during it), whichever lookups came between the first claim and the call, and
 * a retried submit of a stuck claim is checked against the invoice as it is now. Resolves to the
 * refusal, or undefined when claimed.
 */
async function reclaimIntent(ctx: PaymentsContext, tenant: string, row: PaymentRow): Promise<string | undefined> {
  return ctx.deps.db.transaction(async (tx) => {
    await lockInTransaction(tx, 'payment-intents', tenant);
    const ended = async () => {
      const [now] = await tx.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [row.id]);
      return now?.status === 'pending' ? undefined : endedMessage({ kind: row.kind, status: now?.status ?? 'canceled' });
    };
    const refused = (await ended()) ?? (row.kind === 'online-payment' ? await invoiceRefused(ctx, tenant, row.reference ?? '', row.amount_cents, tx) : undefined);
    if (refused) return refused;
    const at = ctx.deps.now();
    if ((await tx.run("UPDATE payments SET intent_at = $1, updated_at = $1 WHERE id = $2 AND status = 'pending'", [at, row.id])) > 0) return undefined;
    // Ended after the read above (PostgreSQL: another transaction's change, waited for by the update).
    return (await ended()) ?? PAYMENT_ENDED_MESSAGE;
  });
}

/** Thrown when the payment ended while its intent was being created: the intent is cancelled, its client secret never handed out. */
class EndedMeanwhile extends Error {
  readonly answer: string;
  constructor(answer: string) {
    super('payment ended meanwhile');
    this.answer = answer;
  }
}

async function createAtProvider(
  ctx: PaymentsContext,
  tenant: ApiTenant,
  provider: PaymentProvider,
  input: { row: PaymentRow; amountCents: number; description: string; metadata: Record<string, string>; receiptEmail?: string },
): Promise<IntentResult> {
  const id = input.row.id;
  // Claimed again with the time of this call, under the invoice command's lock: a change made before it refuses this card, one after it waits for it.
  const reclaimed = await reclaimIntent(ctx, tenant.slug, input.row);
  if (reclaimed) return { ok: false, status: 409, error: reclaimed };
  try {
    // The payment id is the idempotency key: a retried create is the same PaymentIntent.
    const created = await provider.createPayment({ amountCents: input.amountCents, currency: 'aud', description: input.description, metadata: input.metadata, idempotencyKey: `payment-${id}`, receiptEmail: input.receiptEmail });
    const kept = await ctx.deps.db.run("UPDATE payments SET provider_ref = $1, updated_at = $2 WHERE id = $3 AND status = 'pending'", [created.ref, ctx.deps.now(), id]);
    if (kept === 0) {
      // Ended while the intent was made (its hold ran out, or it was released): no card is taken on it.
      await provider.cancelPayment(created.ref, `cancel-${id}`).catch((error) => ctx.deps.log.warn({ payment: id, error: (error as Error).message }, 'cancel at provider failed'));
      const [now] = await ctx.deps.db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [id]);
      throw new EndedMeanwhile(endedMessage({ kind: input.row.kind, status: now?.status ?? 'canceled' }));
    }
    if (!created.clientSecret) throw new Error('the provider returned no client secret');
    return { ok: true, intent: { payment_id: id, client_secret: created.clientSecret } };
  } catch (error) {
    if (error instanceof EndedMeanwhile) {
      ctx.deps.log.warn({ tenant: tenant.slug, payment: id }, 'payment ended while its intent was created: intent cancelled');
      return { ok: false, status: 409, error: error.answer };
    }
    ctx.deps.log.error({ tenant: tenant.slug, payment: id, error: (error as Error).message }, 'payment could not be created');
    await ctx.deps.db.transaction(async (tx) => {
      await tx.run("UPDATE payments SET status = 'failed', failure = $1, updated_at = $2 WHERE id = $3 AND status = 'pending'", ['could not be created at the provider', ctx.deps.now(), id]);
      await tx.run("DELETE FROM car_holds WHERE payment_id = $1 AND state = 'holding'", [id]);
    });
    return { ok: false, status: 502, error: PAYMENT_FAILED_TO_START };
  }
}

/** The same attempt again (a retried request): the same payment while it is pending, else start again. */
function attemptAgain(ctx: PaymentsContext, provider: PaymentProvider, row: PaymentRow): Promise<StartResult> | StartResult {
  if (row.status === 'pending') return started(ctx, provider, row);
  return { ok: false, status: 409, error: endedMessage(row) };
}

/** Why this client may not hold this car now, or undefined (read within the hold's transaction `tx`). */
async function holdRefused(ctx: PaymentsContext, tx: SqlExecutor, tenant: string, client: string, carId: string, ownId: string | undefined, at: number): Promise<string | undefined> {
  const active = await ctx.repo.count(
    `SELECT COUNT(*) AS n FROM car_holds h JOIN payments p ON p.id = h.payment_id
     WHERE h.tenant = $1 AND h.state = 'holding' AND h.expires_at > $2 AND p.client = $3 AND p.id <> $4`,
    [tenant, at, client, ownId ?? ''],
    tx,
  );
  if (active >= ctx.limits.holdsPerClient) return TOO_MANY_HOLDS_MESSAGE;
  const abandoned = await ctx.repo.count("SELECT COUNT(*) AS n FROM payments WHERE tenant = $1 AND car_id = $2 AND client = $3 AND kind = 'reservation' AND status = 'expired' AND created_at > $4", [
    tenant,
    carId,
    client,
    at - ctx.limits.abandonedWindowMs,
  ], tx);
  return abandoned >= ctx.limits.abandonedPerClientCar ? ABANDONED_HOLDS_MESSAGE : undefined;
}

/** What the browser needs to show the card form: the payment, its amount, the provider's public key, the hold's end. */
async function started(ctx: PaymentsContext, provider: PaymentProvider, row: PaymentRow): Promise<StartResult> {
  const hold = await ctx.deps.db.query<{ expires_at: number }>("SELECT expires_at FROM car_holds WHERE payment_id = $1 AND state = 'holding'", [row.id]);
  return {
    ok: true,
    payment: {
      payment_id: row.id,
      provider: provider.name,
      publishable_key: provider.publishableKey,
      amount_cents: row.amount_cents,
      currency: 'AUD',
      ...(hold[0] ? { hold_expires_at: new Date(Number(hold[0].expires_at)).toISOString() } : {}),
    },
  };
}

/** The intent a payment already has (a retried submit): its client secret again. */
async function intentAgain(ctx: PaymentsContext, provider: PaymentProvider, row: PaymentRow): Promise<IntentResult> {
  try {
    const payment = await provider.getPayment(row.provider_ref!);
    if (!payment) throw new Error('the provider has no such payment');
    if (!payment.clientSecret) throw new Error('the provider returned no client secret');
    return { ok: true, intent: { payment_id: row.id, client_secret: payment.clientSecret } };
  } catch (error) {
    ctx.deps.log.error({ payment: row.id, error: (error as Error).message }, 'payment could not be resumed');
    return { ok: false, status: 502, error: PAYMENT_FAILED_TO_START };
  }
}

/** Why /online-payment refuses this reference and amount, or undefined: only an open invoice the dealer issued, for its exact amount. */
export async function invoiceRefused(ctx: PaymentsContext, tenant: string, reference: string, amountCents: number, db?: SqlExecutor): Promise<string | undefined> {
  const invoice = await ctx.repo.invoice(tenant, reference, db);
  if (!invoice || Number(invoice.amount_cents) !== amountCents || Number(invoice.expires_at) <= ctx.deps.now()) return INVOICE_UNKNOWN_MESSAGE;
  return invoice.paid_payment_id ? INVOICE_PAID_MESSAGE : undefined;
}

/** Why a payment of an invoice left at 3-D Secure was cancelled (replaceAtAuthentication). */
const REPLACED_AT_AUTHENTICATION = 'abandoned at 3-D Secure: replaced by a new payment of the invoice';

/**
 * Whether a new payment of invoice `reference` is refused while another payment of it is being
 * confirmed (its card submitted and the provider's state one that may take the money, or the
 * provider not answering): `refused` says why, or is undefined: an invoice is not paid twice
 * because the shopper came back before the bank's verdict. A verdict the provider already has is
 * recorded first (confirmingState), so the refusal ends with it: INVOICE_PAID_MESSAGE when that
 * payment paid the invoice. One left awaiting the shopper's 3-D Secure (another window's) refuses
 * nothing and changes nothing here: it is in `atAuthentication`, which a card submitted on a new
 * payment cancels once that payment is certain to go ahead (createIntent, replaceAtAuthentication);
 * a start (no card yet, no intent limit) never cancels it. `except`: the payment asking, or the
 * attempt a retried start repeats.
 */
export async function invoiceConfirming(
  ctx: PaymentsContext,
  tenant: ApiTenant,
  reference: string,
  except: { id?: string; attemptKey?: string },
): Promise<{ refused: string | undefined; atAuthentication: PaymentRow[] }> {
  const provider = ctx.provider(tenant);
  const atAuthentication: PaymentRow[] = [];
  if (!provider) return { refused: undefined, atAuthentication };
  const awaiting = await ctx.repo.invoicePaymentsAwaiting(tenant.slug, reference, except);
  if (awaiting.length === 0) return { refused: undefined, atAuthentication };
  let confirming = false;
  for (const row of awaiting) {
    const state = await confirmingState(ctx, tenant, provider, row);
    if (state === 'requires_action') atAuthentication.push(row);
    else if (state !== undefined) confirming = true;
  }
  if ((await ctx.repo.invoice(tenant.slug, reference))?.paid_payment_id) return { refused: INVOICE_PAID_MESSAGE, atAuthentication };
  return { refused: confirming ? INVOICE_CONFIRMING_MESSAGE : undefined, atAuthentication };
}

/**
 * Cancel the payments of invoice `reference` left awaiting the shopper's 3-D Secure (`rows`, from
 * invoiceConfirming) for a new payment of it that goes ahead (its intent claimed): at the provider,
 * then here, as a deposit's new attempt cancels the old one. When a cancel fails (it went on to be
 * paid or processed, or the provider failed) it is asked again and refuses as invoiceConfirming
 * does: resolves to INVOICE_PAID_MESSAGE or INVOICE_CONFIRMING_MESSAGE, or undefined once none is
 * in the way.
 */
async function replaceAtAuthentication(ctx: PaymentsContext, tenant: ApiTenant, provider: PaymentProvider, reference: string, rows: PaymentRow[]): Promise<string | undefined> {
  let confirming = false;
  for (const row of rows) {
    if ((await cancelUnpaid(ctx, provider, row, REPLACED_AT_AUTHENTICATION, ctx.deps.now())) !== undefined) continue;
    if ((await confirmingState(ctx, tenant, provider, row)) !== undefined) confirming = true;
  }
  if ((await ctx.repo.invoice(tenant.slug, reference))?.paid_payment_id) return INVOICE_PAID_MESSAGE;
  return confirming ? INVOICE_CONFIRMING_MESSAGE : undefined;
}

/** confirmingState's answer for a payment the provider could not be asked about (or whose verdict could not be recorded). */
const UNANSWERED = 'unanswered';

/**
 * How a pending payment whose card was submitted is still being confirmed, asked of the provider:
 * its state at the provider (CONFIRMING_STATES), UNANSWERED, or undefined when it is not. A verdict
 * the provider already has (its webhook lost or late) is recorded as the webhook records it
 * (verdicts.ts askVerdict, webhook.ts recordVerdict): paid, declined or cancelled, it is confirmed
 * no longer; nor is a payment the provider has no record of (no card can be paid on it there).
 * Still confirming while the provider's state may yet take the money, and when the provider cannot
 * be asked or the verdict not recorded (the safe side: the money may be taken), but only until its
 * card was submitted `abandonedAfterMs` ago: a provider failing for that long does not refuse new
 * payments for good.
 */
async function confirmingState(ctx: PaymentsContext, tenant: ApiTenant, provider: PaymentProvider, row: PaymentRow): Promise<string | undefined> {
  const state = await askedState(ctx, tenant, provider, row);
  return state === UNANSWERED || (state !== undefined && CONFIRMING_STATES[row.kind].includes(state)) ? state : undefined;
}

/**
 * A pending payment's state asked of the provider, its verdict recorded first (askVerdict): the
 * provider's state while it has no verdict, UNANSWERED (unanswered), or undefined (a verdict
 * recorded, or no such payment at the provider).
 */
async function askedState(ctx: PaymentsContext, tenant: ApiTenant, provider: PaymentProvider, row: PaymentRow): Promise<string | undefined> {
  const asked = await askVerdict(ctx, tenant, provider, row);
  if (!asked) return unanswered(ctx, row);
  if (asked.missing || asked.outcome !== undefined) return undefined;
  return asked.state.status;
}

/** A payment whose state the provider cannot give: UNANSWERED (the money may be taken) until its card was submitted `abandonedAfterMs` ago. */
const unanswered = (ctx: PaymentsContext, row: PaymentRow) => ((row.intent_at ?? row.created_at) > ctx.deps.now() - ctx.timings.abandonedAfterMs ? UNANSWERED : undefined);

/** The state of a payment whose card was just submitted: its intent claimed, its PaymentIntent not yet made (provider_ref NULL). */
const CREATING = 'creating';

/**
 * How long after its claim (reclaimIntent: the time of the provider call) a payment's PaymentIntent
 * may still be being made: the Stripe call's longest (STRIPE_CALL_MAX_MS) plus a minute for the
 * database writes around it. A claim older than that with no PaymentIntent is dead (the API stopped
 * during the call, or an error before the claim was given back): it refuses no amount change, which
 * cancels it (changeInvoice), so no PaymentIntent is kept for it even should its call still answer.
 */
export const CREATING_FOR_MS = STRIPE_CALL_MAX_MS + 60_000;

/** Whether payment `row`, claimed with no PaymentIntent, may still be having it made (CREATING_FOR_MS). */
const stillCreating = (ctx: PaymentsContext, row: Pick<PaymentRow, 'intent_at' | 'created_at'>) => (row.intent_at ?? row.created_at) > ctx.deps.now() - CREATING_FOR_MS;

/** How the invoice command names the state of a card being paid on the invoice (confirmingState's answers, CREATING). */
const PAYING_STATE_WORDS: Record<string, string> = {
  [CREATING]: 'having its PaymentIntent made at Stripe (its card was just submitted)',
  processing: 'being processed by the bank at Stripe (processing)',
  requires_capture: 'authorised at Stripe and awaiting capture (requires_capture)',
  requires_action: "awaiting the shopper's 3-D Secure check (requires_action)",
  [UNANSWERED]: 'submitted and Stripe could not be asked for its state (the command asks with the lead API\'s STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)',
};

/** A provider's states of a PaymentIntent that has taken no card yet: cancelled by an amount change or a withdrawal (invoiceChangeRefused). */
const NO_CARD_YET_STATES = ['requires_payment_method', 'requires_confirmation'];

/** What the invoice command does to an unpaid invoice that a payment of it would be in the way of (invoiceChangeRefused). */
type InvoiceChange = 'change' | 'withdraw';

/** Why a payment of an invoice was cancelled by the invoice command (invoiceChangeRefused). */
const CANCELLED_BY: Record<InvoiceChange, string> = {
  change: 'cancelled: the dealer changed the amount of the invoice',
  withdraw: 'cancelled: the dealer withdrew the invoice',
};

const changeRefusal = (change: InvoiceChange, reference: string, slug: string, paymentId: string, state: string) =>
  `cannot ${change} invoice ${reference} of ${slug} while a card is being paid on it: payment ${paymentId} is ${PAYING_STATE_WORDS[state] ?? state}. ${change === 'change' ? 'Change' : 'Withdraw'} it once that payment is settled (--list shows whether it paid the invoice).`;

/**
 * Issue (or change, while unpaid) invoice `input.reference` of tenant `slug` (npm run invoice):
 * throws, saying why, when its amount may not be changed now (changeInvoice). Issuing one that is
 * not there (new, or withdrawn) is checked as a change: a payment of a withdrawn one may still be
 * paid on it. A payment of the amount issued is never in the way (it pays what the invoice asks),
 * so a withdrawn invoice issued again at its amount is issued whatever its payments are doing.
 */
export async function issueInvoice(ctx: PaymentsContext, slug: string, input: { reference: string; amountCents: number; expiresAt: number }): Promise<void> {
  const invoice = await ctx.repo.invoice(slug, input.reference);
  if (invoice && (invoice.paid_payment_id || Number(invoice.amount_cents) === input.amountCents)) return ctx.repo.issueInvoice(slug, input, ctx.deps.now());
  await changeInvoice(ctx, slug, input.reference, 'change', (tx) => ctx.repo.issueInvoice(slug, input, ctx.deps.now(), tx), input.amountCents);
}

/**
 * Withdraw unpaid invoice `reference` of tenant `slug` (npm run invoice --withdraw), checked as an
 * amount change is (changeInvoice); resolves to whether one was withdrawn.
 */
export async function withdrawInvoice(ctx: PaymentsContext, slug: string, reference: string): Promise<boolean> {
  const invoice = await ctx.repo.invoice(slug, reference);
  if (!invoice || invoice.paid_payment_id) return false;
  return changeInvoice(ctx, slug, reference, 'withdraw', (tx) => ctx.repo.withdrawInvoice(slug, reference, tx));
}

/**
 * Change (`write`) unpaid invoice `reference` of tenant `slug` so that it asks another amount, or
 * none (`amountCents`: the amount it is to ask; a payment of that amount is not in the way): throws,
 * saying why, when that may not be done now (invoiceChangeRefused). `write` runs
 * under the lock a card's intent is claimed under (claimIntent, and reclaimIntent right before the
 * provider call, which read the invoice again there), after checking that no card was submitted on
 * the invoice since it was asked about (nor a PaymentIntent made for one), and that every claim with
 * no PaymentIntent is dead (CREATING_FOR_MS): those are cancelled here, so their PaymentIntent,
 * should their call still answer, is cancelled and never handed out (createAtProvider). No
 * PaymentIntent is made at an amount the invoice no longer asks.
 */
async function changeInvoice<T>(ctx: PaymentsContext, slug: string, reference: string, change: InvoiceChange, write: (tx: SqlExecutor) => Promise<T>, amountCents?: number): Promise<T> {
  const checked = await invoiceChangeRefused(ctx, slug, reference, change, amountCents);
  if (typeof checked === 'string') throw new Error(checked);
  return ctx.deps.db.transaction(async (tx) => {
    await lockInTransaction(tx, 'payment-intents', slug);
    for (const row of await ctx.repo.invoicePaymentsWithCard(slug, reference, tx)) {
      if (row.amount_cents === amountCents) continue;
      const late = !checked.has(row.id) || checked.get(row.id) !== row.provider_ref;
      if (late || (!row.provider_ref && stillCreating(ctx, row))) throw new Error(changeRefusal(change, reference, slug, row.id, row.provider_ref ? UNANSWERED : CREATING));
      if (row.provider_ref) continue;
      const cancelled = await tx.run("UPDATE payments SET status = 'canceled', failure = $1, updated_at = $2 WHERE id = $3 AND status = 'pending' AND provider_ref IS NULL AND intent_at = $4", [
        CANCELLED_BY[change],
        ctx.deps.now(),
        row.id,
        row.intent_at,
      ]);
      // Its PaymentIntent kept meanwhile (after the read above): not asked about.
      if (cancelled === 0) throw new Error(changeRefusal(change, reference, slug, row.id, UNANSWERED));
    }
    return write(tx);
  });
}

/**
 * Why unpaid invoice `reference` of tenant `slug` may not have its amount changed to `amountCents` (or be withdrawn,
 * `change`) now (npm run invoice), or the payments of it left pending that are not in the way (their ids, each
 * with its PaymentIntent's reference as read). Not while a card is being paid on it: a payment of it whose
 * PaymentIntent is being made (claimed less than CREATING_FOR_MS ago), or that Stripe is processing, or that awaits the shopper's 3-D Secure, or that Stripe
 * cannot be asked about (confirmingState; without the Stripe keys no payment can be asked about):
 * that card pays the amount asked when it was submitted. A PaymentIntent at the old amount that
 * has taken no card (NO_CARD_YET_STATES) is cancelled at Stripe, then here: its shopper starts a
 * new payment, at the new amount (if any); when that cancel fails it is asked again and refuses as above
 * when it is being paid now. A verdict Stripe has is recorded first (the invoice then paid by it
 * cannot be changed at all: repository.ts issueInvoice). Left pending and not in the way: a dead
 * claim with no PaymentIntent (cancelled by changeInvoice under its lock), one Stripe has no record of (no card can be paid on it there), one Stripe has not answered about
 * for `abandonedAfterMs` (unanswered; the sweep of abandoned payments settles it).
 */
async function invoiceChangeRefused(ctx: PaymentsContext, slug: string, reference: string, change: InvoiceChange, amountCents?: number): Promise<string | Map<string, string | null>> {
  const tenant = ctx.deps.tenants.get(slug);
  const provider = tenant ? ctx.provider(tenant) : undefined;
  const left = new Map<string, string | null>();
  for (const row of await ctx.repo.invoicePaymentsWithCard(slug, reference)) {
    // It pays what the invoice is to ask (a withdrawn invoice issued again at its amount): not in the way.
    if (row.amount_cents === amountCents) continue;
    let state: string | undefined;
    if (!row.provider_ref) state = stillCreating(ctx, row) ? CREATING : undefined;
    else if (!tenant || !provider) state = unanswered(ctx, row);
    else {
      state = await askedState(ctx, tenant, provider, row);
      if (state !== undefined && NO_CARD_YET_STATES.includes(state)) {
        if ((await cancelUnpaid(ctx, provider, row, CANCELLED_BY[change], ctx.deps.now())) !== undefined) continue;
        // Not cancelled: a card is being paid on it now (or Stripe failed); a verdict it has is recorded.
        state = (await confirmingState(ctx, tenant, provider, row)) ?? ((await ctx.repo.get(slug, row.id))?.status === 'pending' ? UNANSWERED : undefined);
      } else if (state !== undefined && state !== UNANSWERED && !CONFIRMING_STATES[row.kind].includes(state)) state = undefined;
    }
    if (state !== undefined) return changeRefusal(change, reference, slug, row.id, state);
    if ((await ctx.repo.get(slug, row.id))?.status === 'pending') left.set(row.id, row.provider_ref);
  }
  return left;
}
