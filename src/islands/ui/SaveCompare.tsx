/**
 * Favourite and compare toggles (spec §4 "Favourite toggle: add when absent, remove when
 * present; adding logs analytics"; §5 save/compare visibility). A sold car shows the save
 * toggle only when the visitor had already saved it, so they can still remove it. Each toggle's
 * name (aria-label) ends with the car's, after its visible word (a page of cards has one pair a car).
 * The word says the state (Save or Saved, Compare or Comparing), so there is no aria-pressed: a
 * pressed toggle keeps one name (docs/decisions.md "Toggle buttons").
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $compare, COMPARE_LIMIT, toggleCompare } from '../../stores/compare.ts';
import { $favourites, toggleFavourite, type FavouriteCar } from '../../stores/favourites.ts';
import { nameOf } from '../../lib/text/accessible-names.ts';

interface Props {
  car: FavouriteCar;
  /** Save toggle allowed for this car (site enabled, car eligible). */
  saveEligible: boolean;
  /** The site has favourites at all (a sold, saved car may still be removed). */
  favouritesEnabled: boolean;
  compareEligible: boolean;
}

export default function SaveCompare({ car, saveEligible, favouritesEnabled, compareEligible }: Props) {
  const favourites = useStore($favourites);
  const compare = useStore($compare);
  const [message, setMessage] = useState('');
  // Stored state is only known in the browser: render the server's view until mounted.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const saved = mounted && favourites.some((item) => item.id === car.id);
  const compared = mounted && compare.some((item) => item.id === car.id);
  const showSave = favouritesEnabled && (saveEligible || saved);

  if (!showSave && !compareEligible) return null;
  return (
    <div className="save-compare">
      {showSave && (
        <button
          type="button"
          className={saved ? 'save-compare__button save-compare__button--on' : 'save-compare__button'}
          aria-label={nameOf(saved ? 'Saved' : 'Save', car.name)}
          onClick={() => {
            const result = toggleFavourite(car);
            setMessage(result === 'added' ? `${car.name} saved to your favourites` : `${car.name} removed from your favourites`);
          }}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M12 21s-7.5-4.6-9.5-9.3C1 8 3.4 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.6 0 6 3.5 4.5 7.2C19.5 16.4 12 21 12 21z" fill={saved ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" />
          </svg>
          {saved ? 'Saved' : 'Save'}
        </button>
      )}
      {compareEligible && (
        <button
          type="button"
          className={compared ? 'save-compare__button save-compare__button--on' : 'save-compare__button'}
          aria-label={nameOf(compared ? 'Comparing' : 'Compare', car.name)}
          onClick={() => {
            const result = toggleCompare({ id: car.id, slug: car.slug, name: car.name });
            setMessage(
              result === 'added' ? `${car.name} added to compare` : result === 'removed' ? `${car.name} removed from compare` : `You can compare up to ${COMPARE_LIMIT} cars. Remove one to add this car.`,
            );
          }}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M7 4v16M17 4v16M3 8h8M13 16h8" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          {compared ? 'Comparing' : 'Compare'}
        </button>
      )}
      <p className="visually-hidden" role="status">
        {message}
      </p>
    </div>
  );
}
