/**
 * 'Open now · closes 5:30pm' / 'Closed now' computed in the dealer's time zone from the
 * visitor's clock, refreshed every minute. The server render is an empty line of the same
 * height: a static page is read hours or days after its build, so it claims no status of its
 * own, and a build's pages do not depend on its hour (tests/integration/build-hour.test.ts).
 */
import { useVisitorClock } from '../ui/use-visitor-clock.ts';
import type { Location } from '../../schemas/site.ts';
import { openingStatus } from '../../lib/locations/locations.ts';

interface Props {
  location: Location;
  timeZone: string;
}

export default function OpeningStatus({ location, timeZone }: Props) {
  const now = useVisitorClock();
  const status = now === null ? null : openingStatus(location, now, timeZone);
  if (!status) return <p className="opening-status" data-testid="opening-status" />;
  return (
    <p className={`opening-status ${status.open ? 'opening-status--open' : 'opening-status--closed'}`} data-testid="opening-status">
      <span className="opening-status__dot" aria-hidden="true" />
      {status.label}
      {status.special && <span className="opening-status__special"> (holiday hours)</span>}
    </p>
  );
}
