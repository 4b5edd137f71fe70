/**
 * 'Open now · closes 5:30pm' / 'Closed now' computed in the dealer's time zone from the
 * visitor's clock (the server-rendered text is the build-time status, replaced on hydration).
 */
import { useEffect, useState } from 'react';
import type { Location } from '../../schemas/site.ts';
import { openingStatus, type OpeningStatus as Status } from '../../lib/locations/locations.ts';

interface Props {
  location: Location;
  timeZone: string;
  initial: Status;
}

export default function OpeningStatus({ location, timeZone, initial }: Props) {
  const [status, setStatus] = useState(initial);
  useEffect(() => {
    const refresh = () => setStatus(openingStatus(location, Date.now(), timeZone));
    refresh();
    const timer = setInterval(refresh, 60_000);
    return () => clearInterval(timer);
  }, [location, timeZone]);
  return (
    <p className={`opening-status ${status.open ? 'opening-status--open' : 'opening-status--closed'}`} data-testid="opening-status">
      <span className="opening-status__dot" aria-hidden="true" />
      {status.label}
      {status.special && <span className="opening-status__special"> (holiday hours)</span>}
    </p>
  );
}
