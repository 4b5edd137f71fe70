import { describe, expect, it } from 'vitest';
import { carTypesFromQuery, isPopupExpired, isPromoActive, offerEndsDay, promoMatchesCarTypes, shouldShowPopup, steadyPromoClock, STOCKTAKE_PROMO, visibleOffers } from './promos.ts';
import type { CarType } from '../../schemas/car.ts';

/** The dealer's zone of these cases (site.json timezone); their dates carry offsets, so it does not move them. */
const ZONE = 'Australia/Brisbane';

describe('timed promos (between start and expiry)', () => {
  it.each([
    ['30 June 2025 23:59 Brisbane: not yet', '2025-06-30T23:59:00+10:00', false],
    ['1 July 2025 00:00 Brisbane: starts', '2025-07-01T00:00:00+10:00', true],
    ['30 June 2025 14:00 UTC is 1 July in +10:00', '2025-06-30T14:00:00Z', true],
    ['24 July 2025 23:59 Brisbane: last minute', '2025-07-24T23:59:59+10:00', true],
    ['25 July 2025 00:00 Brisbane: over', '2025-07-25T00:00:00+10:00', false],
  ])('stocktake promo: %s', (_name, iso, expected) => expect(isPromoActive(STOCKTAKE_PROMO, Date.parse(iso), ZONE)).toBe(expected));
  it('open bounds', () => {
    expect(isPromoActive({}, 0, ZONE)).toBe(true);
    expect(isPromoActive({ expiry: '2026-01-01T00:00:00Z' }, Date.parse('2025-01-01'), ZONE)).toBe(true);
  });
});

describe("'Offer ends': the last day the offer is shown (offerEndsDay; the expiry is exclusive)", () => {
  it('the stocktake promo (1-24 July 2025, +10:00, expiry 25 July 00:00) ends on 24 July 2025', () => {
    expect(offerEndsDay(STOCKTAKE_PROMO.expiry, ZONE)).toBe('24 July 2025');
    expect(isPromoActive(STOCKTAKE_PROMO, Date.parse('2025-07-24T23:59:59.999+10:00'), ZONE)).toBe(true);
  });

  it("a date-only expiry is the dealer's midnight starting that day: the day before is the last one shown", () => {
    expect(offerEndsDay('2026-12-25', 'Australia/Sydney')).toBe('24 December 2026');
    expect(isPromoActive({ expiry: '2026-12-25' }, Date.parse('2026-12-25T09:00:00+11:00'), 'Australia/Sydney')).toBe(false);
    expect(offerEndsDay('2027-01-01T00:00', ZONE)).toBe('31 December 2026');
  });

  it('an expiry during a day ends that day; an instant is dated on the dealer\'s wall clock', () => {
    expect(offerEndsDay('2027-01-31T23:59:59+10:00', ZONE)).toBe('31 January 2027');
    expect(offerEndsDay('2026-12-24T17:00', ZONE)).toBe('24 December 2026');
    // 14:30 UTC on 31 December is 00:30 on 1 January in Brisbane, 22:30 on 31 December in Perth.
    expect(offerEndsDay('2026-12-31T14:30:00Z', ZONE)).toBe('1 January 2027');
    expect(offerEndsDay('2026-12-31T14:30:00Z', 'Australia/Perth')).toBe('31 December 2026');
  });

  it('no date gives no day', () => expect(offerEndsDay('soon', ZONE)).toBe(''));
});

describe('display by car type', () => {
  const all: CarType[] = [];
  it.each([
    ['no display: always', {}, ['used'], true],
    ['new promo on unfiltered page', { display: ['new'] }, all, true],
    ['new promo on used page', { display: ['new'] }, ['used'], false],
    ['new+demo promo on new page', { display: ['new', 'demo'] }, ['new'], true],
    ['strict new promo on unfiltered page', { display: ['new'], strictDisplay: true }, all, false],
    ['strict new promo on new page', { display: ['new'], strictDisplay: true }, ['new'], true],
    ['strict new promo on new+demo page', { display: ['new'], strictDisplay: true }, ['new', 'demo'], false],
    ['strict new+demo promo on demo+new page', { display: ['new', 'demo'], strictDisplay: true }, ['demo', 'new'], true],
    ['strict promo of every type on unfiltered page', { display: ['new', 'used', 'demo'], strictDisplay: true }, all, true],
    ['strict promo of every type on used page', { display: ['new', 'used', 'demo'], strictDisplay: true }, ['used'], false],
    ['strict promo of every type on a page of every type', { display: ['demo', 'new', 'used'], strictDisplay: true }, ['new', 'used', 'demo'], true],
  ] as const)('%s', (_name, promo, viewed, expected) => expect(promoMatchesCarTypes(promo, viewed)).toBe(expected));

  it('visibleOffers applies time, type and count', () => {
    const now = Date.parse('2026-11-21T10:00:00+10:00');
    const offers = [
      { id: 'a', display: ['new'] as CarType[] },
      { id: 'b', expiry: '2026-11-01T00:00:00+10:00' },
      { id: 'c' },
      { id: 'd', start: '2026-12-01T00:00:00+10:00' },
      { id: 'e', display: ['used'] as CarType[] },
    ];
    expect(visibleOffers(offers, now, [], 12, ZONE).map((o) => o.id)).toEqual(['a', 'c', 'e']);
    expect(visibleOffers(offers, now, ['used'], 12, ZONE).map((o) => o.id)).toEqual(['c', 'e']);
    expect(visibleOffers(offers, now, [], 2, ZONE).map((o) => o.id)).toEqual(['a', 'c']);
    expect(visibleOffers(offers, now, [], 0, ZONE)).toEqual([]);
  });

  it('reads car types from the query', () => {
    expect(carTypesFromQuery('new,demo')).toEqual(['new', 'demo']);
    expect(carTypesFromQuery('NEW, boats')).toEqual(['new']);
    expect(carTypesFromQuery(null)).toEqual([]);
  });
});

describe('promo popup', () => {
  const now = Date.parse('2026-11-21T10:00:00+10:00');
  it.each([
    ['no expiry', {}, false],
    ['expires tomorrow', { expiry: '2026-11-22T00:00:00+10:00' }, false],
    ['expired an hour ago', { expiry: '2026-11-21T09:00:00+10:00' }, true],
  ])('%s', (_name, popup, expired) => expect(isPopupExpired(popup, now, ZONE)).toBe(expired));
  it.each([
    [true, {}, false, true],
    [false, {}, false, false],
    [true, undefined, false, false],
    [true, {}, true, false],
    [true, { expiry: '2026-11-21T09:00:00+10:00' }, false, false],
  ])('enabled %s, popup %j, dismissed %s -> %s', (enabled, popup, dismissed, expected) =>
    expect(shouldShowPopup({ enabled, popup, now, dismissed, timeZone: ZONE })).toBe(expected));
});

describe('the clock a built offers page hands the browser (steadyPromoClock)', () => {
  const offers = [
    { start: '2026-11-01T00:00:00+10:00', expiry: '2026-11-30T00:00:00+10:00' },
    { start: '2026-11-21T12:00:00+10:00' },
    { expiry: 'not a date' },
    {},
  ];
  const at = (iso: string) => Date.parse(iso);

  it('is the same for every build between two starts or expiries, and decides what the build would', () => {
    const morning = steadyPromoClock(at('2026-11-21T09:00:00+10:00'), offers, ZONE);
    expect(morning).toBe(at('2026-11-01T00:00:00+10:00'));
    expect(steadyPromoClock(at('2026-11-21T11:59:59+10:00'), offers, ZONE)).toBe(morning);
    for (const offer of offers) expect(isPromoActive(offer, morning, ZONE)).toBe(isPromoActive(offer, at('2026-11-21T11:59:59+10:00'), ZONE));
  });

  it('moves on at a start or an expiry, and is 0 before any', () => {
    expect(steadyPromoClock(at('2026-11-21T12:00:00+10:00'), offers, ZONE)).toBe(at('2026-11-21T12:00:00+10:00'));
    expect(steadyPromoClock(at('2026-12-05T12:00:00+10:00'), offers, ZONE)).toBe(at('2026-11-30T00:00:00+10:00'));
    expect(steadyPromoClock(at('2026-10-01T00:00:00+10:00'), offers, ZONE)).toBe(0);
  });
});

describe("dates without an offset are the dealer's time (site.json timezone), as in grid promos", () => {
  const zone = 'Australia/Brisbane';
  const earlyMorning = Date.parse('2026-12-01T05:00:00+10:00');

  it('an offer or slide starting on a date shows from the start of that day where the dealer is', () => {
    expect(isPromoActive({ start: '2026-12-01' }, earlyMorning, zone)).toBe(true);
    expect(isPromoActive({ start: '2026-12-01T09:00' }, earlyMorning, zone)).toBe(false);
    expect(isPromoActive({ expiry: '2026-12-01' }, earlyMorning, zone)).toBe(false);
    expect(visibleOffers([{ start: '2026-12-01' }], earlyMorning, [], 4, zone)).toHaveLength(1);
  });

  it("a popup expiring on a date is gone from that day's start where the dealer is", () => {
    expect(isPopupExpired({ expiry: '2026-12-01' }, earlyMorning, zone)).toBe(true);
    expect(shouldShowPopup({ enabled: true, popup: { expiry: '2026-12-01' }, now: earlyMorning, dismissed: false, timeZone: zone })).toBe(false);
  });

  it('a date with an offset is that instant wherever the dealer is', () => {
    expect(isPromoActive({ start: '2026-12-01T06:00:00+10:00' }, earlyMorning, 'Australia/Perth')).toBe(false);
    expect(steadyPromoClock(earlyMorning, [{ start: '2026-12-01' }], zone)).toBe(Date.parse('2026-12-01T00:00:00+10:00'));
  });
});
