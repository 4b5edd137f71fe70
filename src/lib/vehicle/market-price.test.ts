import { describe, expect, it } from 'vitest';
import { autograbEligible, marketPriceBadge } from './market-price.ts';

describe('marketPriceBadge', () => {
  it.each([
    ['499 below the state average: no badge', 30000, 30499, 40000, null],
    ['500 below the state average: badge', 30000, 30500, 20000, { difference: 500, average: 30500, scope: 'state' }],
    ['state preferred over national', 30000, 30100, 35000, null],
    ['national when no state average', 30000, null, 31000, { difference: 1000, average: 31000, scope: 'national' }],
    ['national when state average is 0', 30000, 0, 30500, { difference: 500, average: 30500, scope: 'national' }],
    ['national 499 below: no badge', 30000, null, 30499, null],
    ['no averages', 30000, null, null, null],
    ['priced above the average', 32000, 30000, null, null],
  ])('%s', (_name, price, state, national, expected) => {
    expect(
      marketPriceBadge({ price, autograb_data: { state_average_market_price: state, average_market_price: national } }),
    ).toEqual(expected);
  });
  it('no badge without a price', () => {
    expect(marketPriceBadge({ price: null, autograb_data: { average_market_price: 30000 } })).toBeNull();
    expect(marketPriceBadge({ price: 1000 })).toBeNull();
  });
});

describe('autograbEligible', () => {
  it.each([
    [{ price: 201, status: 'in_stock' as const, reserved: false }, true],
    [{ price: 200, status: 'in_stock' as const, reserved: false }, false],
    [{ price: 30000, status: 'coming_soon' as const, reserved: false }, false],
    [{ price: 30000, status: 'sold' as const, reserved: false }, false],
    [{ price: 30000, status: 'in_stock' as const, reserved: true }, false],
    [{ price: null, status: 'in_stock' as const, reserved: null }, false],
  ])('%o -> %s', (car, expected) => {
    expect(autograbEligible(car)).toBe(expected);
  });
});
