import { describe, expect, it } from 'vitest';
import type { Car, CarRecord } from '../../schemas/car.ts';
import { financeHref, historyReportUrl, isReservable, reservePageCars, isTestDrivable, saveVisibility, takesTestDrives, vehicleActions, type ActionSiteOptions, type SaveSiteOptions } from './vehicle-actions.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';

const base: Partial<CarRecord> = { id: 7, slug: 'used-car-1', status: 'in_stock', car_type: 'used', price: 20000, images: [{ image: '/a.jpg' }] };
const site: ActionSiteOptions = { testDrive: true, reserve: true, reserveBuyOnlineRoute: false, reserveDeposit: 200, tradeIn: true, onlinePurchase: false };

describe('isTestDrivable', () => {
  it.each<[string, Partial<Car>, Partial<ActionSiteOptions>, boolean]>([
    ['in stock', {}, {}, true],
    ['site takes no bookings', {}, { testDrive: false }, false],
    ['coming soon', { status: 'coming_soon' }, {}, false],
    ['coming soon tagged Test Drive Only', { status: 'coming_soon', tag: 'Test Drive Only' }, {}, true],
    ['sold', { status: 'sold' }, {}, false],
  ])('%s -> %s', (_name, patch, sitePatch, expected) => {
    expect(isTestDrivable(makeCar({ ...base, ...patch }), { ...site, ...sitePatch })).toBe(expected);
  });
});

describe('takesTestDrives (a form car choice: status and tag only)', () => {
  it.each<[string, { status?: string | null; tag?: string | null }, boolean]>([
    ['in stock', { status: 'in_stock' }, true],
    ['coming soon', { status: 'coming_soon' }, false],
    ['coming soon tagged Test Drive Only', { status: 'coming_soon', tag: 'Test Drive Only' }, true],
    ['sold tagged Test Drive Only', { status: 'sold', tag: 'Test Drive Only' }, false],
    ['no status', { status: null }, false],
  ])('%s -> %s', (_name, choice, expected) => {
    expect(takesTestDrives(choice)).toBe(expected);
  });
});

describe('isReservable', () => {
  it.each<[string, Partial<Car>, Partial<ActionSiteOptions>, boolean]>([
    ['in stock with a price', {}, {}, true],
    ['site does not reserve', {}, { reserve: false }, false],
    ['coming soon', { status: 'coming_soon' }, {}, false],
    ['already reserved', { reserved: true }, {}, false],
    ['price 10 (placeholder)', { price: 10 }, {}, false],
    ['price 11', { price: 11 }, {}, true],
    ['no price', { price: null }, {}, false],
    ['test-drive-only demonstrator', { tag: 'Test Drive Only' }, {}, false],
  ])('%s -> %s', (_name, patch, sitePatch, expected) => {
    expect(isReservable(makeCar({ ...base, ...patch }), { ...site, ...sitePatch })).toBe(expected);
  });
});

describe('reservePageCars (/cars/{slug}/buy-online and /cars/{slug}/checkout)', () => {
  const cars = [makeCar({ ...base, slug: 'free' }), makeCar({ ...base, slug: 'held', reserved: true }), makeCar({ ...base, slug: 'soon', status: 'coming_soon' })];

  it.each<[string, boolean, 'buy-online' | 'checkout', string[]]>([
    ['checkout on a site without the buy-online route', false, 'checkout', ['free']],
    ['no buy-online page on a site without that route', false, 'buy-online', []],
    ['buy-online on a site with that route', true, 'buy-online', ['free']],
    ['no checkout page on a site with the buy-online route', true, 'checkout', []],
  ])('%s', (_name, buyOnlineRoute, route, expected) => {
    expect(reservePageCars(cars, { reserve: true, reserve_buy_online_route: buyOnlineRoute }, route).map((car) => car.slug)).toEqual(expected);
  });

  it('gives none on either route when the site does not reserve', () => {
    expect(reservePageCars(cars, { reserve: false, reserve_buy_online_route: false }, 'checkout')).toEqual([]);
  });
});

describe('historyReportUrl', () => {
  it.each([
    ['https://reports.example.com/r.pdf', 'https://reports.example.com/r.pdf'],
    ['/files/r.pdf', '/files/r.pdf'],
    ['null', null],
    ['', null],
    [null, null],
    ['javascript:alert(1)', null],
    // Protocol-relative and backslash paths leave the site; a mail or phone link is no report.
    ['//evil.example/report', null],
    ['/\\evil.example/report', null],
    ['mailto:a@example.com', null],
    // A feed's file name with spaces is linked with them encoded; encoding makes no off-site link of a path.
    ['https://reports.example.com/PPSR Report 123.pdf', 'https://reports.example.com/PPSR%20Report%20123.pdf'],
    ['/files/PPSR Report.pdf', '/files/PPSR%20Report.pdf'],
    ['https://reports.example.com/r%20already.pdf', 'https://reports.example.com/r%20already.pdf'],
    ['/ /evil.example', '/%20/evil.example'],
    ['https:// evil.example/r.pdf', null],
    ['javascript: alert(1)', null],
    ['/\\ evil.example', null],
  ])('%s -> %s', (file, expected) => {
    expect(historyReportUrl({ file })).toBe(expected);
  });
});

describe('vehicleActions', () => {
  it('gives an available in-stock car test drive, reserve, trade-in and enquiry', () => {
    expect(vehicleActions(makeCar({ ...base, file: '/r.pdf' }), site)).toEqual({
      primary: 'test-drive',
      reserve: { deposit: 200, href: '/cars/used-car-1/checkout' },
      reserveTab: true,
      buyOnline: null,
      tradeIn: { href: '/cars/trade-in?car_id=7' },
      historyReport: '/r.pdf',
      enquire: true,
      findSimilar: false,
    });
  });
  it('offers finance instead of a test drive when the car cannot be driven', () => {
    const actions = vehicleActions(makeCar({ ...base, status: 'coming_soon' }), site);
    expect(actions.primary).toBe('finance');
    expect(actions.reserve).toBeNull();
  });
  it('uses the buy-online route and the site deposit', () => {
    expect(vehicleActions(makeCar(base), { ...site, reserveBuyOnlineRoute: true, reserveDeposit: 500 }).reserve).toEqual({ deposit: 500, href: '/cars/used-car-1/buy-online' });
  });
  it('offers online purchase only where the site has it', () => {
    expect(vehicleActions(makeCar(base), { ...site, onlinePurchase: true }).buyOnline).toEqual({ href: '/checkout-journey?car_id=used-car-1' });
  });
  it('offers online purchase only for a car the reserve rule lets take a deposit (the server refuses the others)', () => {
    for (const car of [{ ...base, tag: 'Test Drive Only' }, { ...base, price: 0 }, { ...base, reserved: true }]) expect(vehicleActions(makeCar(car), { ...site, onlinePurchase: true }).buyOnline).toBeNull();
  });
  it('keeps the Reserve Online tab for a car the site cannot reserve now, and drops it on a site that does not reserve', () => {
    expect(vehicleActions(makeCar({ ...base, reserved: true }), site)).toMatchObject({ reserve: null, reserveTab: true });
    expect(vehicleActions(makeCar(base), { ...site, reserve: false })).toMatchObject({ reserve: null, reserveTab: false });
  });
  it('hides trade-in when the site has none', () => {
    expect(vehicleActions(makeCar(base), { ...site, tradeIn: false }).tradeIn).toBeNull();
  });
  it('gives a sold car only Find Me Something Similar', () => {
    expect(vehicleActions(makeCar({ ...base, status: 'sold', file: '/r.pdf' }), site)).toEqual({
      primary: null, reserve: null, reserveTab: false, buyOnline: null, tradeIn: null, historyReport: null, enquire: false, findSimilar: true,
    });
  });
});

describe('saveVisibility', () => {
  const all: SaveSiteOptions = { favourites: true, compare: true, hideWithoutImages: false, usedOnly: false };
  it.each<[string, Partial<Car>, Partial<SaveSiteOptions>, boolean, { save: boolean; compare: boolean }]>([
    ['available used car', {}, {}, false, { save: true, compare: true }],
    ['favourites disabled', {}, { favourites: false }, false, { save: false, compare: true }],
    ['compare disabled', {}, { compare: false }, false, { save: true, compare: false }],
    ['sold', { status: 'sold' }, {}, false, { save: false, compare: false }],
    ['sold but already saved', { status: 'sold' }, {}, true, { save: true, compare: false }],
    ['price 0', { price: 0 }, {}, false, { save: false, compare: false }],
    ['no images on a site that hides them', { images: [] }, { hideWithoutImages: true }, false, { save: false, compare: false }],
    ['no images elsewhere', { images: [] }, {}, false, { save: true, compare: true }],
    ['new car on a used-only site', { car_type: 'new' }, { usedOnly: true }, false, { save: false, compare: false }],
    ['demo car on a used-only site', { car_type: 'demo' }, { usedOnly: true }, false, { save: false, compare: false }],
  ])('%s', (_name, patch, sitePatch, saved, expected) => {
    expect(saveVisibility(makeCar({ ...base, ...patch }), { ...all, ...sitePatch }, saved)).toEqual(expected);
  });
});

describe('financeHref', () => {
  it('carries the car to the finance form', () => {
    expect(financeHref(makeCar({ ...base, dealership_slug: 'north', vin: 'JT1' }))).toBe('/finance?preferredDealership=north&vehiclePriceBudget=20000&car_id=7&car_type=used&vin=JT1#finance-form');
    expect(financeHref(makeCar({ ...base, price: 0, vin: 'null' }))).toBe('/finance?car_id=7&car_type=used#finance-form');
  });

  it.each<[string, Partial<CarRecord>, string | null]>([
    ['the drive-away total where the feed breaks the price down', { price: 40000, price_type: 'Excl. Govt. Charges', drive_away_price: 44500 }, '44500'],
    ['the price after a trade-in offer, as the page shows it', { price: 40000, offer_price: 2000 }, '38000'],
    ['the price, not a weekly subscription', { price: 30000, subscription_price: 189 }, '30000'],
    ['none at $10 or less, as the page shows no price', { price: 10 }, null],
  ])('budgets the price the car sells for (saleHeadline): %s', (_name, patch, budget) => {
    const link = new URL(financeHref(makeCar({ ...base, ...patch })), 'https://x.example');
    expect(link.searchParams.get('vehiclePriceBudget')).toBe(budget);
  });
});
