/**
 * Holiday-hours dialog (spec §2): the location's special hours from today on, 'Today' for
 * the dealer's current date, times in 12-hour am/pm. Rendered only when special hours exist.
 */
import { useState } from 'react';
import type { Location } from '../../schemas/site.ts';
import { holidayHours, type HolidayRow } from '../../lib/locations/locations.ts';
import Dialog, { DialogCloseButton, useDialog } from '../ui/Dialog.tsx';

interface Props {
  location: Location;
  timeZone: string;
}

export default function HolidayHoursDialog({ location, timeZone }: Props) {
  const dialog = useDialog();
  const [rows, setRows] = useState<HolidayRow[]>([]);
  const titleId = `holiday-hours-${location.slug}`;

  const open = () => {
    // Computed on open so 'Today' follows the visitor's clock, not the build's.
    setRows(holidayHours(location, Date.now(), timeZone));
    dialog.show();
  };

  return (
    <>
      <button type="button" className="button button--secondary holiday-hours__open" onClick={open}>
        Holiday Hours
      </button>
      <Dialog control={dialog} className="holiday-hours" titleId={titleId}>
        <h2 id={titleId}>Holiday Hours: {location.name}</h2>
        {rows.length === 0 ? (
          <p>No upcoming holiday hours.</p>
        ) : (
          <table className="hours-table">
            <caption className="visually-hidden">Holiday hours</caption>
            <tbody>
              {rows.map((row) => (
                <tr key={row.date} className={row.label === 'Today' ? 'hours-table__today' : undefined}>
                  <th scope="row">
                    {row.label}
                    {row.name && <span className="muted"> ({row.name})</span>}
                  </th>
                  <td>{row.hours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <DialogCloseButton />
      </Dialog>
    </>
  );
}
