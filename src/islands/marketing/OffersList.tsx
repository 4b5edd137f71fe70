/**
 * Offers list of /special-offers and /offers (spec §2, §4, §8): offers between start and
 * expiry at the visitor's time, strict display by car type (?car_type=new), at most
 * offers.count; the empty card 'No Results Available' with 'Clear Filters'.
 */
import { useEffect, useState } from 'react';
import type { CarType } from '../../schemas/car.ts';
import type { Offer } from '../../schemas/offers.ts';
import { carTypesFromQuery, offerEndsDay, visibleOffers } from '../../lib/marketing/promos.ts';
import { nameOf } from '../../lib/text/accessible-names.ts';
import { formatMoney } from '../../lib/text/format.ts';
import EmptyListing from '../ui/EmptyListing.tsx';
import '../ui/marketing.css';

interface Props {
  offers: Offer[];
  count: number;
  /** The clock the server-rendered list decides by until the island runs: the build's, as steadyPromoClock gives it. */
  buildTime: number;
  /** This page's path (/special-offers or /offers): the 'All Offers' filter's link. */
  path: string;
  /** Where Clear Filters goes (OFFERS_CLEAR_HREF: /special-offers from both pages). */
  clearHref: string;
  /** Dealer time zone for the 'Offer ends' date (the last day shown, offerEndsDay). */
  timeZone: string;
}

const FILTERS: { label: string; types: CarType[] }[] = [
  { label: 'All Offers', types: [] },
  { label: 'New', types: ['new'] },
  { label: 'Demo', types: ['demo'] },
  { label: 'Used', types: ['used'] },
];

export default function OffersList({ offers, count, buildTime, path, clearHref, timeZone }: Props) {
  const [now, setNow] = useState(buildTime);
  const [types, setTypes] = useState<CarType[]>([]);

  useEffect(() => {
    setNow(Date.now());
    setTypes(carTypesFromQuery(new URLSearchParams(window.location.search).get('car_type')));
  }, []);

  const shown = visibleOffers(offers, now, types, count, timeZone);
  const key = types.join(',');

  return (
    <div className="offers">
      <nav aria-label="Offer type">
        <ul className="offers__filters">
          {FILTERS.map((filter) => (
            <li key={filter.label}>
              <a
                className="body-button"
                href={filter.types.length ? `?car_type=${filter.types.join(',')}` : path}
                aria-current={filter.types.join(',') === key ? 'true' : undefined}
              >
                {filter.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {shown.length === 0 ? (
        <EmptyListing testId="offers-empty" message="There appears to be no offers currently available that meet the conditions of your search" clearHref={clearHref} />
      ) : (
        <ul className="offers__list">
          {shown.map((offer) => (
            <li key={offer.id} className="offer card" data-testid="offer">
              {offer.image && <img className="offer__image" src={offer.image} alt="" width={540} height={304} loading="lazy" />}
              <div className="offer__body">
                <h2 className="offer__title">{offer.title}</h2>
                {offer.price !== undefined && (
                  <p className="offer__price">
                    <strong>{formatMoney(offer.price)}</strong> {offer.price_label}
                  </p>
                )}
                {offer.description && <p>{offer.description}</p>}
                {offer.expiry && <p className="muted">Offer ends {offerEndsDay(offer.expiry, timeZone)}</p>}
                {offer.button_label && offer.button_href && (
                  <a className="button" href={offer.button_href} aria-label={offer.title ? nameOf(offer.button_label, offer.title) : undefined}>
                    {offer.button_label}
                  </a>
                )}
                {offer.disclaimer && (
                  // The terms toggle: collapsed by default so long fine print does not push the next offer off a phone screen.
                  <details className="offer__terms">
                    <summary>Terms and conditions</summary>
                    <p className="offer__disclaimer muted">{offer.disclaimer}</p>
                  </details>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
