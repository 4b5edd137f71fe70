import type { GridPromoNode } from '../../../search/core/promo-nodes.ts';

/** The promo card's words: the spec's for a car dealer, in the site's own nouns otherwise. */
export interface PromoWords {
  title: string;
  line: string;
  action: string;
}

export const CAR_PROMO_WORDS: PromoWords = { title: 'We Want Your Car!', line: 'We buy all types of cars', action: 'Value My Car' };

/** The sell-your-car promo card placed between results (spec §2). */
export function PromoCard({ href, words = CAR_PROMO_WORDS }: { href: string; words?: PromoWords }) {
  return (
    <div className="search-promo card">
      <h2 className="search-promo__title">{words.title}</h2>
      <p className="search-promo__line">{words.line}</p>
      <p className="search-promo__line">Our high turnover means we can pay more</p>
      <a className="button button--accent" href={href}>
        {words.action}
      </a>
    </div>
  );
}

/** A timed promo from site.json `promo.nodes` (spec §3 "Promo node"), placed at its slot. */
export function PromoNodeCard({ node }: { node: GridPromoNode }) {
  return (
    <div className="search-promo search-promo--node card" data-promo-node={node.id}>
      {node.image && <img className="search-promo__image" src={node.image} alt="" loading="lazy" decoding="async" width="600" height="400" />}
      <h2 className="search-promo__title">{node.title}</h2>
      {node.description && <p className="search-promo__line">{node.description}</p>}
      {node.buttonHref && node.buttonLabel && (
        <a className="button button--accent" href={node.buttonHref}>
          {node.buttonLabel}
        </a>
      )}
    </div>
  );
}
