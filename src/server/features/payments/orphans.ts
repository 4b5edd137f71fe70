/**
 * PaymentIntents the provider made that the lead API never kept (docs/payments.md "Orphaned
 * PaymentIntents"): the API stopped during the provider call of a card's intent (or the call failed
 * after the provider made it), so the payment has its intent claim but no provider_ref, and ends
 * unpaid (its hold run out, the invoice sweep, the dealer's invoice change). No client secret of such
 * an intent was handed out, so no card is paid on it, but it stays open at the provider. The sweep
 * (Payments.start, with the other sweeps) searches the provider for them by the payment id in their
 * metadata, cancels those still open and keeps their reference on the payment (so it is not
 * searched for again, and their events name it). The provider's search is eventually consistent:
 * one not found yet is searched for again an hour later, while the payment ended less than a day ago.
 * One of a site taking no card payments now is claimed too (not searched): it waits its hour as well.
 */
import type { PaymentsContext } from './context.ts';
import { CREATING_FOR_MS } from './reserve.ts';

/** A provider's states of a PaymentIntent still open (no card paid on it): cancelled by the sweep. */
const OPEN_STATES = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/** How long after its payment ended an intent is searched for, and how long between two searches for one. */
const SEARCH_FOR_MS = 86_400_000;
const SEARCH_AGAIN_MS = 3_600_000;

/** How many ended payments one sweep searches for; the rest wait for the next sweep. */
const SEARCH_BATCH = 20;

/** Search the provider for the PaymentIntents of ended payments that never kept one, and cancel those still open; resolves to the number cancelled. */
export async function cancelOrphanedIntents(ctx: PaymentsContext): Promise<number> {
  const at = ctx.deps.now();
  let cancelled = 0;
  for (const row of await ctx.repo.endedClaimsWithoutIntent(at - CREATING_FOR_MS, at - SEARCH_FOR_MS, at - SEARCH_AGAIN_MS, SEARCH_BATCH)) {
    // Claimed before the site's provider is looked at: a payment of a site taking no card payments
    // now is passed over until the next search, so it does not stay first in every sweep's batch.
    if (!(await ctx.repo.claimSearch(row.id, at, at - SEARCH_AGAIN_MS))) continue;
    const tenant = ctx.deps.tenants.get(row.tenant);
    const provider = tenant ? ctx.provider(tenant) : undefined;
    if (!provider) continue;
    try {
      const found = await provider.findPayments({ payment_id: row.id });
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
