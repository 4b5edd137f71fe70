import { describe, expect, it } from 'vitest';
import type { Car, CarRecord } from '../../schemas/car.ts';
import { headlinePrice, priceBlock, priceBreakdown, priceDisplay, priceOptions, reducedPrice, saleHeadline, tilePrice, wasPrice } from './price.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';

const base: Partial<CarRecord> = { id: 1, slug: 'a', status: 'in_stock', car_type: 'used' };
const site = { offersSubscription: false, noPriceText: 'Enquire for price.' };
const subSite = { offersSubscription: true, noPriceText: 'Call us' };

describe('priceDisplay', () => {
  it.each<[string, Partial<Car>, typeof site, string, string]>([
    ['subscription when offered and above 0', { price: 30000, subscription_price: 189 }, subSite, 'subscription', '$189/week'],
    ['subscription ignored when the site does not offer it', { price: 30000, subscription_price: 189 }, site, 'price', '$30,000'],
    ['subscription 0 falls through', { price: 30000, subscription_price: 0 }, subSite, 'price', '$30,000'],
    ['normal price', { price: 24990 }, site, 'price', '$24,990'],
    ['reduced by a trade-in offer', { price: 24990, offer_price: 2000 }, site, 'price', '$22,990'],
    ['price exactly 10 is not a price', { price: 10 }, site, 'none', 'Enquire for price.'],
    ['price 11 is a price', { price: 11 }, site, 'price', '$11'],
    ['reduced to 10 is not a price', { price: 2010, offer_price: 2000 }, site, 'none', 'Enquire for price.'],
    ['preorder when no price', { price: 0, preorder: true }, site, 'preorder', 'PREORDER'],
    ['price beats preorder', { price: 50000, preorder: true }, site, 'price', '$50,000'],
    ['site no-price text', { price: null }, subSite, 'none', 'Call us'],
  ])('%s', (_name, patch, options, kind, text) => {
    const shown = priceDisplay(makeCar({ ...base, ...patch }), options);
    expect(shown.kind).toBe(kind);
    expect(shown.text).toBe(text);
  });

  it('keeps price_type beside a price but not beside a no-price text', () => {
    expect(priceDisplay(makeCar({ ...base, price: 100, price_type: 'Drive Away' }), site).priceType).toBe('Drive Away');
    expect(priceDisplay(makeCar({ ...base, price: 100, price_type: 'null' }), site).priceType).toBeNull();
    expect(priceDisplay(makeCar({ ...base, price: 0, price_type: 'Drive Away' }), site).priceType).toBeNull();
  });
});

describe('reducedPrice and wasPrice', () => {
  it.each([
    [{ price: 1000, offer_price: 0 }, 1000],
    [{ price: 1000, offer_price: 1 }, 999],
    [{ price: 1000, offer_price: -5 }, 1000],
    [{ price: null, offer_price: null }, 0],
  ])('reducedPrice %o -> %s', (car, expected) => {
    expect(reducedPrice(car)).toBe(expected);
  });
  it.each<[Partial<CarRecord>, number | null]>([
    [{ price: 20000, before_price: 22000 }, 22000],
    [{ price: 20000, before_price: 20000 }, null],
    [{ price: 20000, before_price: 19000 }, null],
    [{ price: 0, before_price: 19000 }, null],
    [{ price: 20000, before_price: null }, null],
    // Above the excl. government charges price but not the drive-away headline: not shown.
    [{ price: 40000, price_type: 'Excl. Govt. Charges', drive_away_price: 44000, before_price: 42000 }, null],
    [{ price: 40000, price_type: 'Excl. Govt. Charges', drive_away_price: 44000, before_price: 45000 }, 45000],
  ])("wasPrice %o -> %s (beside the car's headline)", (fields, expected) => {
    const car = makeCar({ ...base, ...fields });
    expect(wasPrice(car, headlinePrice(car, site))).toBe(expected);
  });
});

describe('priceBreakdown (ACL s48 single total price)', () => {
  it('promotes the drive-away total over an excl. government charges price', () => {
    const car = makeCar({ ...base, price: 40000, price_type: 'Excl. Govt. Charges', drive_away_price: 44500 });
    expect(priceBreakdown(car)).toEqual({
      total: { amount: 44500, label: 'Drive Away' },
      components: [{ amount: 40000, label: 'Excl. Govt. Charges' }],
    });
  });
  it('takes a trade-in offer off the total and its component alike (spec §4 reducedPrice), as off a plain price', () => {
    const car = makeCar({ ...base, price: 40000, offer_price: 2000, price_type: 'Excl. Govt. Charges', drive_away_price: 44500 });
    expect(priceBreakdown(car)).toEqual({
      total: { amount: 42500, label: 'Drive Away' },
      components: [{ amount: 38000, label: 'Excl. Govt. Charges' }],
    });
    expect(priceBreakdown(makeCar({ ...base, price: 2010, offer_price: 2000, price_type: 'Excl. Govt. Charges', drive_away_price: 6500 }))).toBeNull();
  });
  it.each<[string, Record<string, unknown>]>([
    ['no drive-away figure', { price: 40000, price_type: 'Excl. Govt. Charges' }],
    ['already a drive-away price', { price: 40000, price_type: 'Drive Away', drive_away_price: 40000 }],
    ['drive-away below the component', { price: 40000, price_type: '+ ORC', drive_away_price: 39000 }],
    ['no real price', { price: 5, price_type: 'Excl. Govt. Charges', drive_away_price: 44500 }],
  ])('none when %s', (_name, patch) => {
    expect(priceBreakdown(makeCar({ ...base, ...patch }))).toBeNull();
  });
});

describe('headlinePrice (the price a page shows first and largest, ACL s48)', () => {
  const egc: Partial<CarRecord> = { ...base, price: 40000, price_type: 'Excl. Govt. Charges', drive_away_price: 44500 };
  it.each<[string, Partial<CarRecord>, typeof site, ReturnType<typeof headlinePrice>]>([
    ['the drive-away total over an excl. government charges price', egc, site, { kind: 'price', amount: 44500, text: '$44,500', label: 'Drive Away' }],
    [
      'a plain price with its type',
      { ...base, price: 24990, price_type: 'Drive Away' },
      site,
      { kind: 'price', amount: 24990, text: '$24,990', label: 'Drive Away' },
    ],
    [
      'a subscription where the site offers one',
      { ...base, price: 30000, subscription_price: 189 },
      subSite,
      { kind: 'subscription', amount: 189, text: '$189/week', label: 'Subscription' },
    ],
    ['no price: the site text', { ...base, price: 0 }, subSite, { kind: 'none', amount: null, text: 'Call us', label: null }],
    [
      'a subscription before the drive-away total where the site offers one (spec §4 order)',
      { ...egc, subscription_price: 189 },
      subSite,
      { kind: 'subscription', amount: 189, text: '$189/week', label: 'Subscription' },
    ],
    [
      'the drive-away total where the site offers no subscription',
      { ...egc, subscription_price: 189 },
      site,
      { kind: 'price', amount: 44500, text: '$44,500', label: 'Drive Away' },
    ],
    [
      'the drive-away total over a subscription price of 0',
      { ...egc, subscription_price: 0 },
      subSite,
      { kind: 'price', amount: 44500, text: '$44,500', label: 'Drive Away' },
    ],
  ])('%s', (_name, fields, options, expected) => {
    expect(headlinePrice(makeCar(fields), options)).toEqual(expected);
  });

  it('follows priceDisplay wherever no drive-away total leads', () => {
    for (const fields of [
      { ...egc, subscription_price: 189 },
      { ...base, price: 30000, subscription_price: 189 },
      { ...base, price: 0, preorder: true },
    ]) {
      const shown = priceDisplay(makeCar(fields), subSite);
      expect(headlinePrice(makeCar(fields), subSite)).toEqual({ kind: shown.kind, amount: shown.amount, text: shown.text, label: shown.priceType });
    }
  });

  it('saleHeadline: the price the car sells for (never a weekly subscription), null with no price', () => {
    expect(saleHeadline(makeCar(egc))).toEqual({ kind: 'price', amount: 44500, text: '$44,500', label: 'Drive Away' });
    expect(saleHeadline(makeCar({ ...base, price: 30000, price_type: 'Excl. Govt. Charges', subscription_price: 189 }))).toEqual({
      kind: 'price',
      amount: 30000,
      text: '$30,000',
      label: 'Excl. Govt. Charges',
    });
    expect(saleHeadline(makeCar({ ...base, price: 10, preorder: true }))).toBeNull();
    // One rule for a trade-in offer: it comes off the amount the car sells for, a drive-away total as a plain price.
    expect(saleHeadline(makeCar({ ...egc, offer_price: 2000 }))).toEqual({ kind: 'price', amount: 42500, text: '$42,500', label: 'Drive Away' });
    expect(saleHeadline(makeCar({ ...base, price: 40000, offer_price: 2000 }))?.amount).toBe(38000);
  });

  it("priceOptions: a site's subscription offer and no-price text", () => {
    expect(priceOptions({ offers_subscription: true, texts: { no_price: 'Call us' } } as Parameters<typeof priceOptions>[0])).toEqual(subSite);
  });
});

describe('tilePrice (a tile leads with the headline; a was figure only above it, like with like)', () => {
  const egc: Partial<CarRecord> = { ...base, price: 40000, price_type: 'Excl. Govt. Charges', drive_away_price: 44500 };
  it.each<[string, Partial<CarRecord>, typeof site, string, number | null]>([
    ['drive-away total led, before_price below it: no was', { ...egc, before_price: 42000 }, site, '$44,500', null],
    ['drive-away total led, before_price above it: was', { ...egc, before_price: 46000 }, site, '$44,500', 46000],
    ['a plain price below before_price: was', { ...base, price: 20000, before_price: 22000 }, site, '$20,000', 22000],
    ['a plain price at before_price: no was', { ...base, price: 20000, before_price: 20000 }, site, '$20,000', null],
    [
      'a weekly subscription is not compared with a dollar was',
      { ...base, price: 30000, before_price: 32000, subscription_price: 189 },
      subSite,
      '$189/week',
      null,
    ],
    ['no price: no was', { ...base, price: 0, before_price: 32000 }, site, 'Enquire for price.', null],
    ['a subscription leads over a drive-away total: no was', { ...egc, subscription_price: 189, before_price: 46000 }, subSite, '$189/week', null],
    [
      'a trade-in offer below before_price, the price above it: no was',
      { ...base, price: 40000, offer_price: 2000, before_price: 39000 },
      site,
      '$38,000',
      null,
    ],
    ['a trade-in offer and before_price above the price: was', { ...base, price: 40000, offer_price: 2000, before_price: 42000 }, site, '$38,000', 42000],
  ])('%s', (_name, fields, options, text, was) => {
    const tile = tilePrice(makeCar(fields), options);
    expect(tile.headline).toEqual(headlinePrice(makeCar(fields), options));
    expect([tile.headline.text, tile.was]).toEqual([text, was]);
  });
});

describe('priceBlock (the price panel and print sheet: the headline, then the sale price, the total never below a component)', () => {
  const egc: Partial<CarRecord> = { ...base, price: 40000, price_type: 'Excl. Govt. Charges', drive_away_price: 44500 };
  const total = { amount: 44500, label: 'Drive Away' };
  const component = { amount: 40000, label: 'Excl. Govt. Charges' };
  it.each<[string, Partial<CarRecord>, typeof site, string, ReturnType<typeof priceBlock>['total'], ReturnType<typeof priceBlock>['components']]>([
    ['the drive-away total leads, its component below', egc, site, '$44,500', null, [component]],
    ['a subscription leads, the drive-away total and then its component below', { ...egc, subscription_price: 189 }, subSite, '$189/week', total, [component]],
    ['a subscription with no breakdown: nothing below', { ...base, price: 30000, subscription_price: 189 }, subSite, '$189/week', null, []],
    ['a plain price: nothing below', { ...base, price: 24990, price_type: 'Drive Away' }, site, '$24,990', null, []],
  ])('%s', (_name, fields, options, headline, expectedTotal, components) => {
    const block = priceBlock(makeCar(fields), options);
    expect(block.headline).toEqual(headlinePrice(makeCar(fields), options));
    expect([block.headline.text, block.total, block.components]).toEqual([headline, expectedTotal, components]);
  });
});
