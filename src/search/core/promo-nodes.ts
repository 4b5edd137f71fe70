/**
 * Timed promos in result grids (spec §3 "Promo node"): site.json
 * `promo.nodes` resolved at build time (times in the dealer's time zone), then chosen per
 * search by the clock and the car types the page is filtered to. Pure.
 */
import type { CarType } from '../../schemas/car.ts';
import type { PromoNode } from '../../schemas/site/promo.ts';
import { promoMatchesCarTypes } from '../../lib/marketing/promos.ts';
import { dealerInstant } from '../../lib/text/dealer-time.ts';

/** A promo node as the search island carries it: times as epoch ms, ready to test against a clock. */
export interface GridPromoNode {
  id: string;
  /** Shown from (inclusive), epoch ms; absent = always started. */
  start?: number;
  /** Shown until (exclusive), epoch ms; absent = never expires. */
  expiry?: number;
  /** 0-based slot in the grid (default 0, the first card). */
  position: number;
  /** Car types it is for; absent or empty = every type. */
  display?: string[];
  /** Only on pages filtered to exactly the `display` types. */
  strictDisplay: boolean;
  title: string;
  description: string;
  image?: string;
  buttonLabel?: string;
  buttonHref?: string;
}

/** Resolve site.json nodes for the island (build time). */
export function gridPromoNodes(nodes: readonly PromoNode[], timeZone: string): GridPromoNode[] {
  return nodes.map((node) => ({
    id: node.id,
    ...(node.start ? { start: dealerInstant(node.start, timeZone) } : {}),
    ...(node.expiry ? { expiry: dealerInstant(node.expiry, timeZone) } : {}),
    position: node.position ?? 0,
    ...(node.display && node.display.length > 0 ? { display: [...node.display] } : {}),
    strictDisplay: node.strictDisplay,
    title: node.title,
    description: node.description,
    ...(node.image ? { image: node.image } : {}),
    ...(node.button_label && node.button_href ? { buttonLabel: node.button_label, buttonHref: node.button_href } : {}),
  }));
}

/**
 * Does a node show now on a page filtered to `carTypes` (empty = every type)? Between start
 * and expiry; for its car types: any overlap, or with `strictDisplay` exactly those types.
 */
export function promoNodeShows(node: GridPromoNode, now: number, carTypes: readonly string[]): boolean {
  if (node.start !== undefined && now < node.start) return false;
  if (node.expiry !== undefined && now >= node.expiry) return false;
  // The offers page's rule (src/lib/marketing/promos.ts), so both places agree.
  return promoMatchesCarTypes({ display: node.display as CarType[] | undefined, strictDisplay: node.strictDisplay }, carTypes as CarType[]);
}

/** The instants at which promoNodeShows of a node changes with the clock: its start and its expiry. */
export function promoNodeChanges(node: Pick<GridPromoNode, 'start' | 'expiry'>): number[] {
  return [node.start, node.expiry].filter((instant): instant is number => instant !== undefined);
}

/** The nodes to place in a grid, in slot order (ties: site.json order). */
export function activePromoNodes(nodes: readonly GridPromoNode[], now: number, carTypes: readonly string[]): GridPromoNode[] {
  return inSlotOrder(nodes.filter((node) => promoNodeShows(node, now, carTypes)));
}

/**
 * The nodes of a built grid (the build's clock `now`), in slot order: those showing now, and
 * those that start later and will then show for these car types. The page draws the later ones
 * hidden (ResultsGrid `builtAt`); its inline script (components/search/PromoWindow.astro) shows
 * each once the shopper's clock reaches its start.
 */
export function builtPromoNodes(nodes: readonly GridPromoNode[], now: number, carTypes: readonly string[]): GridPromoNode[] {
  return inSlotOrder(
    nodes.filter((node) => promoNodeShows(node, now, carTypes) || (node.start !== undefined && node.start > now && promoNodeShows(node, node.start, carTypes))),
  );
}

/** Nodes by slot (ties: site.json order, which `nodes` keeps). */
function inSlotOrder(nodes: readonly GridPromoNode[]): GridPromoNode[] {
  return nodes
    .map((node, order) => ({ node, order }))
    .sort((a, b) => a.node.position - b.node.position || a.order - b.order)
    .map(({ node }) => node);
}
