/**
 * A result card (spec §2 results grid): image with location overlay, tag, save/compare, price,
 * facts, buttons. Every button's name (aria-label) ends with the car's (WCAG 2.4.4: a page of
 * cards repeats the spec's labels), after its visible label (WCAG 2.5.3).
 */
import { formatKm, formatNumber } from '../../../lib/text/format.ts';
import { carImageSources, placeholderImage } from '../../../lib/images.ts';
import { tilePrice } from '../../../lib/vehicle/price.ts';
import { isCarAvailable, FIND_SIMILAR_LABEL } from '../../../lib/vehicle/availability.ts';
import { isReservable, saveVisibility } from '../../../lib/vehicle/vehicle-actions.ts';
import { depositMoney } from '../../../lib/forms/deposit-terms.ts';
import { vehicleTag } from '../../../lib/vehicle/vehicle-tag.ts';
import { viewsWorthShowing } from '../../../lib/vehicle/views-count.ts';
import { kindsWording } from '../../../lib/text/template-wording.ts';
import { nameOf } from '../../../lib/text/accessible-names.ts';
import Picture from '../../ui/Picture.tsx';
import TilePrice from '../../ui/TilePrice.tsx';
import type { SearchHit } from '../../../search/engine/engine.ts';
import { hitToCar } from '../../../search/core/hit-car.ts';
import SaveCompare from '../../ui/SaveCompare.tsx';
import { LEAD_MODALS_READY } from '../../ui/lead-modals-ready.ts';
import type { CardOptions } from '../../../search/core/island-config.ts';

export interface CarCardProps {
  hit: SearchHit;
  options: CardOptions;
  /** How many sold cars this card stands for (consecutive sold cars collapse, spec §4). */
  collapsed?: number;
  /** Link of 'Find Me Something Similar' for this car. */
  similarHref: string;
  /** Priority loading for the first cards (they are the page's largest content). */
  eager?: boolean;
}

/** The car summary the Quick Enquiry dialog needs, as the button's data-car JSON. */
function enquiryCar(hit: SearchHit): string {
  return JSON.stringify({
    id: hit.id,
    name: hit.name,
    slug: hit.slug,
    make: hit.make ?? null,
    model: hit.model ?? null,
    car_type: hit.car_type,
    status: hit.status,
    stocknum: hit.stocknum ?? null,
    dealership_slug: hit.dealership_slug ?? null,
    tag: hit.tag ?? null,
  });
}

export function CarCard({ hit, options, collapsed = 1, similarHref, eager = false }: CarCardProps) {
  const car = hitToCar(hit);
  const available = isCarAvailable(car);
  const price = tilePrice(car, { offersSubscription: options.offersSubscription, noPriceText: options.noPriceText });
  const tag = vehicleTag(car, options.now, { electricTag: options.electricTag });
  const visibility = saveVisibility(car, { favourites: options.favourites, compare: options.compare, hideWithoutImages: options.hideSaveWithoutImages, usedOnly: options.saveUsedOnly });
  const image = carImageSources(hit.image ?? placeholderImage(hit.body, hit.item_type), 'card', options.images);
  const location = hit.location_name ?? hit.city;
  const facts = [formatKm(hit.km), hit.transmission, hit.body, hit.fuel].filter(Boolean);
  const href = `/cars/${encodeURIComponent(hit.slug)}`;
  const reservable = available && isReservable(car, { reserve: options.reserve });
  const reserveHref = options.reserveBuyOnlineRoute ? `${href}/buy-online` : `${href}/checkout`;
  const reserveLabel = `Reserve This ${kindsWording([hit.item_type ?? 'car']).titleNoun}`;
  const deposit = `(${depositMoney(options.reserveDeposit)} deposit)`;
  return (
    <article className={`search-card card${available ? '' : ' search-card--sold'}`} data-car-id={hit.id} data-status={hit.status}>
      <div className="search-card__media">
        <a href={href} tabIndex={-1} aria-hidden="true">
          <Picture image={image} sizes="(max-width: 600px) 100vw, 400px" alt="" width={480} height={320} loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : undefined} />
        </a>
        {location && <span className="search-card__location">{location}</span>}
        {tag && <span className={`search-card__tag search-card__tag--${tag.kind}`}>{tag.text}</span>}
      </div>
      <div className="search-card__body">
        <h2 className="search-card__name">
          <a href={href}>{hit.name}</a>
        </h2>
        {/* Spec §4: only an available car shows its price; a sold one carries the JUST SOLD tag instead. */}
        {available && <TilePrice price={price} block="search-card" />}
        {facts.length > 0 && <p className="search-card__facts muted">{facts.join(' · ')}</p>}
        {options.viewCounter && hit.views !== undefined && viewsWorthShowing(hit.views) && <p className="search-card__views muted">{formatNumber(hit.views)} views</p>}
        {collapsed > 1 && <p className="search-card__collapsed muted">and {collapsed - 1} more recently sold</p>}
        <SaveCompare
          car={{ id: hit.id, name: hit.name, slug: hit.slug, make: hit.make ?? null, model: hit.model ?? null, primary_image_url: hit.image ?? null }}
          saveEligible={visibility.save}
          favouritesEnabled={options.favourites}
          compareEligible={visibility.compare}
        />
        <div className="search-card__actions">
          {available ? (
            <>
              <a className="button" href={href} aria-label={nameOf('Explore Vehicle', hit.name)}>
                Explore Vehicle
              </a>
              <button
                type="button"
                className="button button--secondary"
                aria-label={nameOf('Quick Enquiry', hit.name)}
                data-lead-modal="enquire"
                data-car={enquiryCar(hit)}
                data-interaction-ready={LEAD_MODALS_READY}
              >
                Quick Enquiry
              </button>
              {reservable && (
                <a className="button button--accent" href={reserveHref} aria-label={nameOf(`${reserveLabel} ${deposit}`, hit.name)}>
                  {reserveLabel} <span className="search-card__deposit">{deposit}</span>
                </a>
              )}
            </>
          ) : (
            <a className="button button--secondary" href={similarHref} aria-label={nameOf(FIND_SIMILAR_LABEL, hit.name)}>
              {FIND_SIMILAR_LABEL}
            </a>
          )}
        </div>
      </div>
    </article>
  );
}
