/**
 * The dealer's time (site.json `timezone`): reading a date without an offset as the dealer's
 * wall-clock time, and writing an instant as the dealer's local ISO date-time with its offset.
 * Promo dates, test-drive times and appointment slots all go through here. Pure (Intl only).
 */

const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/** Offset of a time zone at an instant, in ms (Brisbane: +10 h). */
export function zoneOffset(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a date the dealer or a form gives. A date with an offset ('…+10:00', '…Z') is
 * that instant; one without ('2026-12-01', '2026-12-01T09:00') is a wall-clock time in the
 * dealer's zone. Anything else is Date.parse's reading (NaN when it is no date).
 */
export function dealerInstant(text: string, timeZone: string): number {
  const trimmed = text.trim();
  const local = LOCAL.exec(trimmed);
  if (!local || HAS_ZONE.test(trimmed)) return Date.parse(trimmed);
  const [, year, month, day, hour = '0', minute = '0', second = '0', milli = '0'] = local;
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), Number(milli.padEnd(3, '0')));
  // The offset at the wall time read as UTC, then again at the result (a DST change in between).
  let instant = wall - zoneOffset(wall, timeZone);
  instant = wall - zoneOffset(instant, timeZone);
  return instant;
}

/** `instant` as the dealer's wall-clock ISO date-time with its offset, to the second: '2026-03-07T09:00:00+10:00'. */
export function dealerIso(instant: number, timeZone: string): string {
  const offset = zoneOffset(instant, timeZone);
  const wall = new Date(Math.floor(instant / 1000) * 1000 + offset).toISOString().slice(0, 19);
  const minutes = Math.round(Math.abs(offset) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  return `${wall}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
