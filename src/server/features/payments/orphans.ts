/**
 * PaymentIntents the provider made that the lead API never kept (docs/payments.md "Orphaned
 * PaymentIntents"): the API stopped during (or failed after) the provider call of a card's intent, so
 * the payment has its intent claim but no provider_ref, and ends unpaid. No client secret of such an
 * intent was handed out, but it stays open at the provider. The sweep searches the provider by the
 * payment id in the metadata (an hour apart, for a day: the search is eventually consistent), cancels
 * those still open and keeps their reference; when the search fails (no Search API, as in India) or
 * finds none the last time, it lists the provider's intents by creation time instead. A payment never
 * searched for is looked for once however long ago it ended (those ended before the sweep existed), and
 * so is one whose last search (at its 23rd hour or after) no sweep made in time.
 * One of a site taking no card payments now is claimed too (not searched): it waits its hour as well.
 */
import type { PaymentsContext } from './context.ts';
import type { PaymentProvider, ProviderPayment } from './provider.ts';
import type { PaymentRow } from './repository.ts';
import { CREATING_FOR_MS } from './reserve.ts';

/** A provider's states of a PaymentIntent still open (no card paid on it): cancelled by the sweep. */
const OPEN_STATES = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/** How long after its payment ended an intent is searched for, and how long between two searches for one. */
const SEARCH_FOR_MS = 86_400_000;
const SEARCH_AGAIN_MS = 3_600_000;
/** From how long after its payment ended a search is the last (finding none, the intents are listed): the first sweep then or later makes it. */
const LAST_SEARCH_FROM_MS = SEARCH_FOR_MS - SEARCH_AGAIN_MS;

/** How many ended payments one sweep searches for; the rest wait for the next sweep. */
const SEARCH_BATCH = 20;

/** How far the provider's clock may be from this server's, for the window of creation times listed. */
const CLOCK_SKEW_MS = 300_000;

/**
 * The provider's PaymentIntents of ended payment `row`: searched by its id in their metadata; listed
 * instead by creation time (from the payment's start to its last claim's call, filtered by the same
 * metadata: current, and offered to every account) when the search fails (an account without the
 * Search API, as in India; logged) or finds none for the last time (ended 23 hours ago or more: it is
 * not searched again, and the search index may lag).
 */
async function intentsOf(ctx: PaymentsContext, provider: PaymentProvider, row: PaymentRow & { ended_at: number }, at: number): Promise<ProviderPayment[]> {
  const metadata = { payment_id: row.id };
  try {
    const found = await provider.findPayments(metadata);
    if (found.length > 0 || at - row.ended_at < LAST_SEARCH_FROM_MS) return found;
  } catch (error) {
    ctx.deps.log.warn(
      { tenant: row.tenant, payment: row.id, error: (error as Error).message },
      'orphaned PaymentIntent search failed: listed by creation time instead',
    );
  }
  return provider.listPayments(metadata, { from: row.created_at - CLOCK_SKEW_MS, to: (row.intent_at ?? at) + CREATING_FOR_MS + CLOCK_SKEW_MS });
}

/** Search the provider for the PaymentIntents of ended payments that never kept one, and cancel those still open; resolves to the number cancelled. */
export async function cancelOrphanedIntents(ctx: PaymentsContext): Promise<number> {
  const at = ctx.deps.now();
  let cancelled = 0;
  for (const row of await ctx.repo.endedClaimsWithoutIntent(
    at - CREATING_FOR_MS,
    at - SEARCH_FOR_MS,
    at - SEARCH_AGAIN_MS,
    LAST_SEARCH_FROM_MS,
    SEARCH_BATCH,
  )) {
    // Claimed before the site's provider is looked at: a payment of a site taking no card payments
    // now is passed over until the next search, so it does not stay first in every sweep's batch.
    if (!(await ctx.repo.claimSearch(row.id, at, at - SEARCH_AGAIN_MS))) continue;
    const tenant = ctx.deps.tenants.get(row.tenant);
    const provider = tenant ? ctx.provider(tenant) : undefined;
    if (!provider) continue;
    try {
      const found = await intentsOf(ctx, provider, row, at);
      for (const intent of found) {
        if (OPEN_STATES.includes(intent.status)) {
          await provider.cancelPayment(intent.ref, `cancel-orphan-${intent.ref}`);
          cancelled++;
          ctx.deps.log.info({ tenant: row.tenant, payment: row.id, ref: intent.ref, status: row.status }, 'orphaned PaymentIntent cancelled at the provider');
        } else if (intent.status !== 'canceled') {
          ctx.deps.log.error(
            { tenant: row.tenant, payment: row.id, ref: intent.ref, state: intent.status },
            'orphaned PaymentIntent not open at the provider: left for the dealer to check',
          );
        }
      }
      if (found[0]) await ctx.repo.keepFoundIntent(row.id, found[0].ref);
    } catch (error) {
      ctx.deps.log.warn({ tenant: row.tenant, payment: row.id, error: (error as Error).message }, 'orphaned PaymentIntent search failed: searched again later');
    }
  }
  return cancelled;
}
