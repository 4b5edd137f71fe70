/**
 * The clock a search page's cards decide by (CardOptions.now). What a card shows depends on the
 * clock only through the New Arrival label (src/lib/vehicle/vehicle-tag.ts) and the timed
 * promos placed in the first grid (promo-nodes.ts). Between two instants at which one of those
 * decisions changes, every instant gives the same cards; this is the first instant of the span
 * that holds the build clock. Cards decide exactly what they would at the build clock, and a
 * full build of the same stock in the same span writes the same search pages, byte for byte,
 * so a code deploy or a periodic full build does not upload them again. Pure.
 */
import { steadyClock } from '../../lib/marketing/promos.ts';
import { newArrivalChanges } from '../../lib/vehicle/vehicle-tag.ts';
import type { SearchDocument } from './documents.ts';
import { promoNodeChanges, type GridPromoNode } from './promo-nodes.ts';

/**
 * The latest instant at or before `buildTime` at which a card decision of these documents or
 * promo nodes changes; 0 when none does before it (every decision is then the same from 0 on).
 */
export function steadyCardClock(buildTime: number, documents: readonly Pick<SearchDocument, 'created_at'>[], nodes: readonly GridPromoNode[]): number {
  return steadyClock(buildTime, cardChanges(documents, nodes));
}

/** Every instant at which a card decision of these documents or promo nodes changes. */
function* cardChanges(documents: readonly Pick<SearchDocument, 'created_at'>[], nodes: readonly GridPromoNode[]): Generator<number> {
  // Cards read created_at as whole seconds (hitToCar), and 0 as no date.
  for (const document of documents) if (document.created_at > 0) yield* newArrivalChanges(document.created_at * 1000);
  for (const node of nodes) yield* promoNodeChanges(node);
}
