/**
 * Dealer locator (spec §2 /dealer-locator): enter a postcode, locations are listed nearest
 * first (haversine over the project's postcode table, 6371 km). No map service needed.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { formatDistance } from '../../lib/locations/locations.ts';
import { formatCount } from '../../lib/text/format.ts';
import { haversineKm } from '../../lib/locations/geo.ts';
import { lookupPostcode, POSTCODE_PATTERN } from '../../lib/locations/postcodes.ts';
import { FORM_MESSAGES, POSTCODE_MESSAGES } from '../../schemas/forms/messages.ts';
import { directionsName } from '../../lib/text/accessible-names.ts';

/** What the locator needs of a location (serialised by the page). */
export interface LocatorEntry {
  slug: string;
  name: string;
  address: string;
  phone?: string;
  phoneHref?: string;
  /** The location's page (locationPageHref); the name is not a link without one. */
  href?: string;
  directions: string;
  lat?: number;
  lng?: number;
}

interface Props {
  locations: LocatorEntry[];
}

export default function DealerLocator({ locations }: Props) {
  const [postcode, setPostcode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [origin, setOrigin] = useState<{ lat: number; lng: number; suburb: string; postcode: string } | null>(null);

  // Before hydration the form submits natively (GET ?postcode=); the island then answers that postcode.
  useEffect(() => {
    const fromUrl = new URLSearchParams(window.location.search).get('postcode');
    if (fromUrl) {
      setPostcode(fromUrl.replace(/\D/g, '').slice(0, 4));
      locate(fromUrl.trim());
    }
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    locate(postcode.trim());
    // Keep the searched postcode in the address so the ordered list can be shared or reloaded.
    const url = new URL(window.location.href);
    url.searchParams.set('postcode', postcode.trim());
    window.history.replaceState(null, '', url);
  };

  const locate = (value: string) => {
    if (!POSTCODE_PATTERN.test(value)) {
      setError(FORM_MESSAGES.postcode);
      setOrigin(null);
      return;
    }
    const place = lookupPostcode(value);
    if (!place) {
      setError(POSTCODE_MESSAGES.notFound);
      setOrigin(null);
      return;
    }
    setError(null);
    setOrigin({ lat: place.lat, lng: place.lng, suburb: place.suburb, postcode: place.postcode });
  };

  const ordered = origin
    ? locations
        .map((entry) => ({ entry, km: entry.lat !== undefined && entry.lng !== undefined ? haversineKm(origin, { lat: entry.lat, lng: entry.lng }) : undefined }))
        .sort((a, b) => (a.km ?? Number.POSITIVE_INFINITY) - (b.km ?? Number.POSITIVE_INFINITY))
    : locations.map((entry) => ({ entry, km: undefined as number | undefined }));

  return (
    <div className="dealer-locator">
      <form className="dealer-locator__form" onSubmit={submit} noValidate>
        <label htmlFor="locator-postcode">Your postcode</label>
        <div className="dealer-locator__row">
          <input
            id="locator-postcode"
            name="postcode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            placeholder="e.g. 4000"
            value={postcode}
            onChange={(event) => setPostcode(event.target.value.replace(/\D/g, ''))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'locator-error' : undefined}
          />
          <button type="submit" className="button">
            Find nearest
          </button>
        </div>
        {error && (
          <p id="locator-error" className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
      <p className="muted" aria-live="polite">
        {origin ? `Nearest to ${origin.suburb} ${origin.postcode}` : formatCount(locations.length, { one: 'location', other: 'locations' })}
      </p>
      <ol className="dealer-locator__list" aria-label="Locations">
        {ordered.map(({ entry, km }) => (
          <li key={entry.slug} className="dealer-locator__item card" data-testid="locator-result">
            <h2 className="dealer-locator__name">
              {entry.href ? <a href={entry.href}>{entry.name}</a> : entry.name}
            </h2>
            {km !== undefined && <p className="dealer-locator__distance">{formatDistance(km)} away</p>}
            <p>{entry.address}</p>
            {entry.phone && entry.phoneHref && (
              <p>
                <a href={entry.phoneHref}>{entry.phone}</a>
              </p>
            )}
            <p>
              <a href={entry.directions} target="_blank" rel="noopener noreferrer" aria-label={directionsName(entry.name)}>
                Get Directions
              </a>
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
