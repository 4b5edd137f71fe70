/** The results grid: cars (sold runs collapsed) with the promo card at its slots. */
import type { SearchHit } from '../../../search/engine/engine.ts';
import type { GridItem } from '../../../search/browser/results.ts';
import type { CardOptions } from '../../../search/core/island-config.ts';
import { CarCard } from './CarCard.tsx';
import { PromoCard, PromoNodeCard, type PromoWords } from './PromoCard.tsx';
import type { GridPromoNode } from '../../../search/core/promo-nodes.ts';

/**
 * A timed promo's window on its grid item, epoch ms (start inclusive, expiry exclusive): the
 * built page's inline script (components/search/PromoWindow.astro) hides the item when the
 * shopper's clock is outside it, and shows it when inside.
 */
export const PROMO_STARTS_ATTRIBUTE = 'data-promo-starts';
export const PROMO_EXPIRES_ATTRIBUTE = 'data-promo-expires';

export interface ResultsGridProps {
  items: GridItem<SearchHit, GridPromoNode>[];
  options: CardOptions;
  promoHref: string;
  /** The promo card's words (the site's nouns). */
  promoWords?: PromoWords;
  similarHref: (hit: SearchHit) => string;
  /**
   * The build's clock, in the built grid only (and the first client render, which must equal
   * it): a timed promo that starts after it is drawn hidden, for the page's inline script to show
   * at its start. The live grid holds only promos showing by the shopper's clock.
   */
  builtAt?: number;
}

export function ResultsGrid({ items, options, promoHref, promoWords, similarHref, builtAt }: ResultsGridProps) {
  let cars = 0;
  return (
    <ol className="search-grid" aria-label="Search results">
      {items.map((item) => {
        if (item.kind === 'node') {
          return (
            <li
              key={`node-${item.node.id}`}
              className="search-grid__item search-grid__item--node"
              {...{ [PROMO_STARTS_ATTRIBUTE]: item.node.start, [PROMO_EXPIRES_ATTRIBUTE]: item.node.expiry }}
              hidden={builtAt !== undefined && item.node.start !== undefined && item.node.start > builtAt ? true : undefined}
              // The inline script sets `hidden` by the shopper's clock before the island hydrates.
              suppressHydrationWarning
            >
              <PromoNodeCard node={item.node} />
            </li>
          );
        }
        if (item.kind === 'promo') {
          return (
            <li key={`promo-${item.slot}`} className="search-grid__item search-grid__item--promo">
              <PromoCard href={promoHref} words={promoWords} />
            </li>
          );
        }
        cars += 1;
        return (
          <li key={item.car.objectID} className="search-grid__item">
            <CarCard hit={item.car} options={options} collapsed={item.collapsed} similarHref={similarHref(item.car)} eager={cars <= 3} />
          </li>
        );
      })}
    </ol>
  );
}
