/**
 * The Opening Hours table, Monday to Sunday (rows from weeklyHours), with the dealer's today
 * marked from the visitor's clock in the dealer's time zone. The server render marks no row:
 * a static page is read on other days than the one it was built on.
 */
import { zonedClock, type HoursRow } from '../../lib/locations/locations.ts';
import { useVisitorClock } from '../ui/use-visitor-clock.ts';
import { NewTabLink } from '../ui/NewTabLink.tsx';

interface Props {
  rows: HoursRow[];
  /** Where 'Enquire Now' rows link (a service location's external booking). */
  bookingUrl?: string;
  timeZone: string;
}

export default function OpeningHoursTable({ rows, bookingUrl, timeZone }: Props) {
  const now = useVisitorClock();
  const today = now === null ? null : zonedClock(now, timeZone).weekday;
  return (
    <table className="hours-table" data-testid="opening-hours">
      <caption>Opening Hours</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.weekday} className={row.weekday === today ? 'hours-table__today' : undefined}>
            <th scope="row">{row.day}</th>
            <td>
              {row.enquire && bookingUrl ? (
                <NewTabLink href={bookingUrl} rel="noopener noreferrer">
                  Enquire Now
                </NewTabLink>
              ) : (
                row.text
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
