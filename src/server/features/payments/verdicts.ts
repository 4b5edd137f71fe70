/**
 * Verdicts asked of the provider when its webhook is lost or late (docs/payments.md "Verdicts
 * asked of Stripe"), each recorded as the webhook records it (webhook.ts recordVerdict): the
 * status the browser polls once the card was submitted a short while ago, at most once in a
 * while per payment; a car hold that ran out with a card submitted, before it is released; and
 * the sweep of abandoned /online-payment payments, which cancels one no card is being paid on
 * (or that the provider has no record of) and records the verdict of the others. The server
 * decides when the provider is asked, never the browser; a claim in the database
 * (repository.ts claimAsk) keeps requests and API processes asking at once from asking twice.
 */
import type { ApiTenant } from '../../kernel/tenants.ts';
import type { PaymentsContext } from './context.ts';
import type { PaymentProvider, ProviderPayment } from './provider.ts';
import type { PaymentRow } from './repository.ts';
import { ALREADY_SETTLED, recordVerdict } from './webhook.ts';

/** A provider's states of a payment on which no card is being paid: awaiting a card, its confirmation or the shopper's authentication. */
const NO_CARD_STATES = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/** How many abandoned payments (or holds run out with a card submitted) one sweep asks about; the rest wait for the next sweep. */
const SWEEP_BATCH = 100;

/** A payment the sweep asked about and left pending (the provider confirming it, or not answering) is asked again after this long. */
const SWEEP_ASK_AGAIN_MS = 3_600_000;

/**
 * What asking the provider learned: the payment's state and the outcome recorded (undefined: no
 * verdict yet), or that the provider has no such payment (missing: no card can be paid on it there).
 */
export type AskedVerdict = { missing: false; state: ProviderPayment; outcome: string | undefined } | { missing: true };

/**
 * Ask the provider for a pending payment's state and record the verdict it has (recordVerdict).
 * Resolves to what was learned, or to undefined when the state could not be learned or recorded
 * (logged).
 */
export async function askVerdict(ctx: PaymentsContext, tenant: ApiTenant, provider: PaymentProvider, row: PaymentRow): Promise<AskedVerdict | undefined> {
  try {
    const state = await provider.getPayment(row.provider_ref!);
    if (!state) {
      ctx.deps.log.warn({ tenant: tenant.slug, payment: row.id, ref: row.provider_ref }, 'the provider has no such payment');
      return { missing: true };
    }
    return { missing: false, state, outcome: await recordVerdict(ctx, tenant, row, state) };
  } catch (error) {
    ctx.deps.log.warn({ tenant: tenant.slug, payment: row.id, error: (error as Error).message }, 'payment verdict not learned from the provider');
    return undefined;
  }
}

/**
 * A payment of the tenant as the browser polls it (GET /api/payments/:id). A pending one whose
 * card was submitted `askAfterMs` ago asks the provider, at most once in `askEveryMs`, and is
 * answered as recorded; while the provider has no verdict or cannot be asked it stays pending.
 */
export async function polledPayment(ctx: PaymentsContext, tenant: ApiTenant, id: string): Promise<PaymentRow | undefined> {
  const row = await ctx.repo.get(tenant.slug, id);
  if (!row || row.status !== 'pending' || !row.provider_ref) return row;
  const provider = ctx.provider(tenant);
  if (!provider) return row;
  const at = ctx.deps.now();
  if (!(await ctx.repo.claimAsk(row.id, at, { cardBefore: at - ctx.timings.askAfterMs, askedBefore: at - ctx.timings.askEveryMs }))) return row;
  const asked = await askVerdict(ctx, tenant, provider, row);
  const recorded = asked !== undefined && !asked.missing && asked.outcome !== undefined;
  return recorded ? ((await ctx.repo.get(tenant.slug, id)) ?? row) : row;
}

/**
 * Before car holds that ran out are released (Payments.expireHolds; a new reservation of the car,
 * `scope`), ask the provider about those whose card was submitted, at most SWEEP_BATCH: a deposit
 * it took whose webhook is lost or late is recorded paid (the hold becomes the reservation)
 * rather than expired with the money taken. One asked within askEveryMs (the status polled a
 * moment ago), or that cannot be asked, is released without being asked here.
 */
export async function askExpiringHolds(ctx: PaymentsContext, scope?: { tenant: ApiTenant; carId: string }): Promise<void> {
  const at = ctx.deps.now();
  for (const row of await ctx.repo.expiredHoldsWithCard(scope ? { tenant: scope.tenant.slug, carId: scope.carId } : undefined, at, SWEEP_BATCH)) {
    if (!(await ctx.repo.claimAsk(row.id, at, { cardBefore: at, askedBefore: at - ctx.timings.askEveryMs }))) continue;
    const tenant = scope?.tenant ?? ctx.deps.tenants.get(row.tenant);
    const provider = tenant ? ctx.provider(tenant) : undefined;
    if (tenant && provider) await askVerdict(ctx, tenant, provider, row);
  }
}

/**
 * Settle the /online-payment payments abandoned `abandonedAfterMs` ago (started, or their card
 * submitted, then nothing): one with no card submitted is cancelled; one whose card was
 * submitted is asked of the provider and its verdict recorded, or, while the provider says no
 * card is being paid on it, cancelled there and then here; one the provider has no record of is
 * cancelled here. One the provider is confirming, or cannot be asked about, is left pending
 * (asked again later). Every step is conditional, so API processes sweeping at once settle each
 * payment once. Resolves to the number settled.
 */
export async function sweepOnlinePayments(ctx: PaymentsContext): Promise<number> {
  const at = ctx.deps.now();
  const before = at - ctx.timings.abandonedAfterMs;
  let settled = 0;
  for (const row of await ctx.repo.abandonedOnlinePayments(before, at - SWEEP_ASK_AGAIN_MS, SWEEP_BATCH)) {
    if (!row.provider_ref) {
      if (await ctx.repo.cancelAbandoned(row.id, 'abandoned: no card submitted', at, before)) settled++;
      continue;
    }
    // Claimed first, so a payment that cannot be asked now (its site gone, or without a provider) waits its turn like the others.
    if (!(await ctx.repo.claimAsk(row.id, at, { cardBefore: before, askedBefore: at - SWEEP_ASK_AGAIN_MS }))) continue;
    const tenant = ctx.deps.tenants.get(row.tenant);
    const provider = tenant ? ctx.provider(tenant) : undefined;
    if (!tenant || !provider) continue;
    const asked = await askVerdict(ctx, tenant, provider, row);
    if (!asked) continue;
    if (asked.missing) {
      // Not there (its keys now name another account, say): no card can be paid on it, so it keeps nothing waiting.
      if (await ctx.repo.cancelAbandoned(row.id, 'abandoned: the provider has no such payment', at)) settled++;
      continue;
    }
    if (asked.outcome !== undefined) {
      if (asked.outcome !== ALREADY_SETTLED) settled++;
      continue;
    }
    if (!NO_CARD_STATES.includes(asked.state.status)) {
      ctx.deps.log.info({ tenant: row.tenant, payment: row.id, state: asked.state.status }, 'abandoned payment left pending: the provider is confirming it');
      continue;
    }
    if (await cancelUnpaid(ctx, provider, row, 'abandoned: no card paid', at)) settled++;
  }
  if (settled > 0) ctx.deps.log.info({ settled }, 'abandoned online payments settled');
  return settled;
}

/**
 * Cancel a pending payment on which no card is being paid (the sweep's abandoned payment; an
 * invoice's payment left at 3-D Secure when a new payment of the invoice starts, reserve.ts
 * invoiceConfirming): at the provider first, then here, only while still pending (`failure` says
 * why). Resolves to whether this call marked it cancelled here (false: its webhook, or another API
 * process, did), or to undefined when the provider did not cancel it (it went on to be paid or
 * processed, or the provider failed; logged): it is left pending.
 */
export async function cancelUnpaid(
  ctx: PaymentsContext,
  provider: PaymentProvider,
  row: PaymentRow,
  failure: string,
  at: number,
): Promise<boolean | undefined> {
  try {
    await provider.cancelPayment(row.provider_ref!, `cancel-${row.id}`);
  } catch (error) {
    ctx.deps.log.warn({ tenant: row.tenant, payment: row.id, error: (error as Error).message }, 'payment left pending: cancel at provider failed');
    return undefined;
  }
  return ctx.repo.cancelAbandoned(row.id, failure, at);
}
