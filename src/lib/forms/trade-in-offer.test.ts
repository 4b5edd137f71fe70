import { describe, expect, it } from 'vitest';
import { isTradeInPage, offersTradeIn, withoutTradeInLinks } from './trade-in-offer.ts';

describe('trade-in offer', () => {
  it.each([
    ['/trade-in', true],
    ['/trade-in/', true],
    ['/sell-my-car', true],
    ['/sell-my-car?utm_source=x', true],
    ['/cars/trade-in?car_id=12', true],
    ['/cars/trade-in#form', true],
    ['/trade-in-faq', false],
    ['/pages/value-my-car-terms-and-conditions', false],
    ['/cars/some-car', false],
    ['https://other.example/trade-in', false],
  ])('%s is a trade-in page: %s', (href, expected) => {
    expect(isTradeInPage(href)).toBe(expected);
  });
  it('drops trade-in links only where the site offers no valuation', () => {
    const links = [{ href: '/sell-my-car' }, { href: '/finance' }, { href: '/cars/trade-in?car_id=1' }];
    expect(offersTradeIn({ features: { trade_in: true } })).toBe(true);
    expect(withoutTradeInLinks({ features: { trade_in: true } }, links)).toEqual(links);
    expect(withoutTradeInLinks({ features: { trade_in: false } }, links)).toEqual([{ href: '/finance' }]);
  });
});
