/**
 * Server renders of the car tiles for component tests: a search result card and a
 * similar-vehicles tile of a site, with the card's optional parts (save, compare, views,
 * reserve) off. Import it only from tests.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { CarCard } from '../../src/islands/search/ui/CarCard.tsx';
import SimilarVehicles, { toSimilarTile } from '../../src/islands/vehicle/SimilarVehicles.tsx';
import { priceOptions } from '../../src/lib/vehicle/price.ts';
import type { Site } from '../../src/schemas/site.ts';
import type { CardOptions } from '../../src/search/core/island-config.ts';
import type { SearchHit } from '../../src/search/engine/engine.ts';

/** A site's card options with save, compare, the view counter and reserving off, deciding by `now`. */
export function plainCardOptions(site: Site, now: number): CardOptions {
  return {
    ...priceOptions(site),
    electricTag: false,
    favourites: false,
    compare: false,
    hideSaveWithoutImages: false,
    saveUsedOnly: false,
    viewCounter: false,
    reserve: false,
    reserveDeposit: 200,
    reserveBuyOnlineRoute: false,
    now,
  };
}

/** The HTML of a search result card. */
export function cardHtml(hit: SearchHit, options: CardOptions): string {
  return renderToStaticMarkup(<CarCard hit={hit} options={options} similarHref="/" />);
}

/** The HTML of the similar-vehicles section showing `hit` alone, before it asks the engine. */
export function similarHtml(hit: SearchHit, site: Site): string {
  return renderToStaticMarkup(
    <SimilarVehicles
      subject={{ id: 'other', slug: 'other', make: null, model: null, price: null }}
      initial={[toSimilarTile(hit)]}
      engine={{ kind: 'embedded', indexUrl: '/search-index.json' }}
      index="Car_production"
      {...priceOptions(site)}
    />,
  );
}
