/**
 * /saved-cars: the cars saved with the Save toggle on this device (spec §3 "Local favourite"),
 * each with its photo (in the cards' widths, sized to its card), name linking its page, price
 * and card facts from the site's shortlist file, and a Remove button (focus then moves to the
 * next car's, the one before, or the empty list's message; the change is said in a status). A
 * car the site no longer lists says so.
 * Stored entries are untrusted: shown as text, linked only by their slug as one path segment.
 */
import { $favourites, removeFavourite } from '../../stores/favourites.ts';
import { carImageSources, type ImageOptions } from '../../lib/images.ts';
import { nameOf } from '../../lib/text/accessible-names.ts';
import { formatCount } from '../../lib/text/format.ts';
import { SAVED_CARS_IMAGE_SIZES } from '../../lib/vehicle/shortlist.ts';
import { useShortlistPage, type ShortlistWords, type ShownCar } from './use-shortlist.ts';
import ShortlistFrame from './ShortlistFrame.tsx';
import Picture from '../ui/Picture.tsx';
import './shortlist.css';

interface Props {
  /** The site's shortlist file (SHORTLIST_CARS_PATH). */
  carsUrl: string;
  /** The site's all-stock search page. */
  stockHref: string;
  words: ShortlistWords;
  /** The site's image settings (siteImageOptions): its image CDN for the photos' widths. */
  images: ImageOptions;
}

function SavedCard({ car, images, onRemove }: { car: ShownCar; images: ImageOptions; onRemove: () => void }) {
  const facts = car.facts ? [car.facts.odometer, car.facts.transmission, car.facts.body, car.facts.fuel].filter(Boolean) : [];
  return (
    <li className="card shortlist-card" data-car-id={car.id}>
      {car.image && <Picture image={carImageSources(car.image, 'card', images)} sizes={SAVED_CARS_IMAGE_SIZES} alt="" width={480} height={320} />}
      <div className="shortlist-card__body">
        <h2 className="shortlist-card__name">{car.href ? <a href={car.href}>{car.name}</a> : car.name}</h2>
        {car.state === 'gone' && <p className="muted">No longer listed</p>}
        {car.facts && <p className="shortlist-card__price">{car.facts.price}</p>}
        {facts.length > 0 && <p className="muted">{facts.join(' · ')}</p>}
        <button type="button" className="button button--secondary" data-remove-id={car.id} aria-label={nameOf('Remove', car.name)} onClick={onRemove}>
          Remove
        </button>
      </div>
    </li>
  );
}

export default function SavedCars({ carsUrl, stockHref, words, images }: Props) {
  const page = useShortlistPage($favourites, carsUrl);
  const { list: saved, cars, setMessage, removing } = page;
  const nouns = { one: words.vehicle, other: words.vehicles };
  return (
    <ShortlistFrame
      page={page}
      stockHref={stockHref}
      empty={
        <>
          You have no saved {words.vehicles} yet. Press Save on a {words.vehicle} to keep it here.
        </>
      }
    >
      <ul className="grid shortlist__list" aria-label={`Your saved ${words.vehicles}`}>
        {cars.map((car) => (
          <SavedCard
            key={car.id}
            car={car}
            images={images}
            onRemove={() => {
              removing(car.id);
              removeFavourite(car.id);
              setMessage(`${car.name} removed from your saved ${words.vehicles}. ${formatCount(saved.length - 1, nouns)} left.`);
            }}
          />
        ))}
      </ul>
    </ShortlistFrame>
  );
}
