/**
 * The offers list's 'Offer ends' line: a day with its month in full (formatLongDay: the island's
 * text reads alike in Node and in any browser, whose short month names differ by ICU version) on
 * the dealer's calendar (site.json timezone), for an expiry with or without an offset: the last day
 * the offer is shown, the expiry being exclusive (a midnight expiry ends the day before).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Offer } from '../../schemas/offers.ts';
import OffersList from './OffersList.tsx';

const offer = (expiry: string): Offer => ({ id: expiry, title: 'Runout', description: '', strictDisplay: false, expiry });
const endsLine = (expiry: string, timeZone: string, buildTime = Date.parse('2026-11-01T00:00:00Z')) =>
  /Offer ends ([^<]*)/.exec(
    renderToStaticMarkup(
      <OffersList offers={[offer(expiry)]} count={6} buildTime={buildTime} path="/special-offers" clearHref="/special-offers" timeZone={timeZone} />,
    ),
  )?.[1];

describe('OffersList: Offer ends', () => {
  it("writes the day with its month in full ('31 December 2026'), also in the months whose short name ICU versions spell differently", () => {
    expect(endsLine('2027-01-01', 'Australia/Brisbane')).toBe('31 December 2026');
    expect(endsLine('2026-12-31T23:59:59+10:00', 'Australia/Brisbane')).toBe('31 December 2026');
    // 'Sept'/'Sep', 'June'/'Jun', 'July'/'Jul' by ICU version: a hydrated island must not print them.
    expect(endsLine('2027-10-01', 'Australia/Brisbane')).toBe('30 September 2027');
    expect(endsLine('2027-07-01', 'Australia/Brisbane')).toBe('30 June 2027');
  });

  it("dates an instant on the dealer's wall clock: 14:30 UTC on 31 December is 1 January in Brisbane, not in Perth", () => {
    expect(endsLine('2026-12-31T14:30:00Z', 'Australia/Brisbane')).toBe('1 January 2027');
    expect(endsLine('2026-12-31T14:30:00Z', 'Australia/Perth')).toBe('31 December 2026');
  });

  it('names the last day the offer is shown, the expiry being exclusive: the stocktake promo (expiry 25 July 2025 00:00 +10:00) ends 24 July 2025', () => {
    expect(endsLine('2025-07-25T00:00:00+10:00', 'Australia/Brisbane', Date.parse('2025-07-10T00:00:00+10:00'))).toBe('24 July 2025');
    expect(endsLine('2026-12-25', 'Australia/Sydney')).toBe('24 December 2026');
  });
});
