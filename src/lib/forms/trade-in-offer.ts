/**
 * Whether a site offers trade-in valuation (site.json `features.trade_in`), and the pages that
 * offer it (/trade-in, /sell-my-car, /cars/trade-in). Every trade-in link, those pages and the
 * lead API's valuation routes and instant-offer leads ask here: off, the pages say so, nothing
 * links them and the server values no car.
 */
import type { Features } from '../../schemas/site/features.ts';

/** What the answer needs of a site. */
export type TradeInFeature = { features: Pick<Features, 'trade_in'> };

/** The site values shoppers' vehicles online (the instant offer and the trade-in valuation). */
export function offersTradeIn(site: TradeInFeature): boolean {
  return site.features.trade_in;
}

/** A trade-in page, with or without a trailing slash, query or fragment. */
const TRADE_IN_PAGE = /^\/(?:cars\/)?(?:trade-in|sell-my-car)\/?(?:[?#]|$)/;

/** The link goes to one of the trade-in pages. */
export function isTradeInPage(href: string): boolean {
  return TRADE_IN_PAGE.test(href);
}

/** Links without those to a trade-in page on a site that offers no valuation (the page there only says to call). */
export function withoutTradeInLinks<T extends { href: string }>(site: TradeInFeature, links: readonly T[]): T[] {
  return offersTradeIn(site) ? [...links] : links.filter((link) => !isTradeInPage(link.href));
}
