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
 * shopper's clock is outside it.
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
}

export function ResultsGrid({ items, options, promoHref, promoWords, similarHref }: ResultsGridProps) {
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
