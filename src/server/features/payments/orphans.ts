/**
 * PaymentIntents the provider made that the lead API never kept (docs/payments.md "Orphaned
 * PaymentIntents"): the API stopped during (or failed after) the provider call of a card's intent, so
 * the payment ends unpaid with its intent claim but no provider_ref, the intent left open at the
 * provider. The sweep searches the provider by the payment id in the metadata (an hour apart, for a
 * day), cancels those still open and keeps their reference; when the search fails (India) or finds none
 * the last time (however late, or ended before the sweep existed), it lists the intents by creation time.
 * A list left unfinished is kept: logged, on the operator's /api/health, gone on with from where it
 * stopped by the sweeps after, ORPHAN_LISTS_MAX times at most. One of a site taking no card payments
 * now is claimed too (not searched): it waits its hour as well.
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

/** How many lists of one payment's window may be left unfinished before it is given up (each reads up to 1,000 PaymentIntents further). */
export const ORPHAN_LISTS_MAX = 48;

/** An ended payment looked for, with its list left unfinished (orphan_list: where the next goes on, '' from the start) and how many were. */
type EndedClaim = PaymentRow & { ended_at: number; orphan_list: string | null; orphan_lists: number };

/** What looking for a payment's PaymentIntents found, and its list's outcome: undefined when none was made, else where the next goes on (undefined: finished). */
interface Looked {
  found: ProviderPayment[];
  list?: { after: string | undefined };
}

/**
 * The provider's PaymentIntents of ended payment `row`: searched by its id in their metadata; listed
 * instead by creation time (from the payment's start to its last claim's call, filtered by the same
 * metadata: current, and offered to every account) when the search fails (an account without the
 * Search API, as in India; logged) or finds none for the last time (ended 23 hours ago or more: it is
 * not searched again, and the search index may lag), going on from where its unfinished list stopped.
 * A list that fails is unfinished where it started.
 */
async function intentsOf(ctx: PaymentsContext, provider: PaymentProvider, row: EndedClaim, at: number): Promise<Looked> {
  const metadata = { payment_id: row.id };
  try {
    const found = await provider.findPayments(metadata);
    if (found.length > 0 || at - row.ended_at < LAST_SEARCH_FROM_MS) return { found };
  } catch (error) {
    ctx.deps.log.warn(
      { tenant: row.tenant, payment: row.id, error: (error as Error).message },
      'orphaned PaymentIntent search failed: listed by creation time instead',
    );
  }
  const from = row.orphan_list || undefined;
  try {
    const listed = await provider.listPayments(
      metadata,
      { from: row.created_at - CLOCK_SKEW_MS, to: (row.intent_at ?? at) + CREATING_FOR_MS + CLOCK_SKEW_MS },
      from,
    );
    return { found: listed.found, list: { after: listed.after } };
  } catch (error) {
    ctx.deps.log.warn({ tenant: row.tenant, payment: row.id, error: (error as Error).message }, 'orphaned PaymentIntent list failed');
    return { found: [], list: { after: from ?? '' } };
  }
}

/** Record `row`'s list: finished, or unfinished (kept for a later sweep, logged with its id; given up, as an error, at ORPHAN_LISTS_MAX). */
async function recordList(ctx: PaymentsContext, row: EndedClaim, list: { after: string | undefined }): Promise<void> {
  if (list.after === undefined) {
    if (row.orphan_list !== null) await ctx.repo.recordOrphanList(row.id, undefined);
    return;
  }
  await ctx.repo.recordOrphanList(row.id, list.after);
  const lists = row.orphan_lists + 1;
  const where = { tenant: row.tenant, payment: row.id, status: row.status, lists };
  if (lists >= ORPHAN_LISTS_MAX)
    ctx.deps.log.error(
      where,
      'orphaned PaymentIntent list given up unfinished: left on /api/health for the operator to look for its PaymentIntent at the provider',
    );
  else ctx.deps.log.warn(where, 'orphaned PaymentIntent list unfinished: listed on at a later sweep');
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
    ORPHAN_LISTS_MAX,
  )) {
    // Claimed before the site's provider is looked at: a payment of a site taking no card payments
    // now is passed over until the next search, so it does not stay first in every sweep's batch.
    if (!(await ctx.repo.claimSearch(row.id, at, at - SEARCH_AGAIN_MS))) continue;
    const tenant = ctx.deps.tenants.get(row.tenant);
    const provider = tenant ? ctx.provider(tenant) : undefined;
    if (!provider) continue;
    try {
      const { found, list } = await intentsOf(ctx, provider, row, at);
      if (list) await recordList(ctx, row, list);
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
