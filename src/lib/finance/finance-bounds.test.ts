import { describe, expect, it } from 'vitest';
import {
  calculatorAmounts,
  calculatorBounds,
  clampToBounds,
  cleanPurchasePrice,
  DEPOSIT_BOUNDS,
  interestBounds,
  loanSliderBounds,
  outOfRangeMessage,
  parseDecimal,
  parseAmount,
  purchasePriceBounds,
  purchasePriceError,
  RESIDUAL_BOUNDS,
  snapToBounds,
  termBounds,
} from './finance-bounds.ts';

describe('purchase price', () => {
  const standard = purchasePriceBounds(1000);
  const strict = purchasePriceBounds(5000);
  it.each([
    [999, standard, 'Cannot be less than $1,000 or more than $250,000'],
    [1000, standard, null],
    [250000, standard, null],
    [250001, standard, 'Cannot be less than $1,000 or more than $250,000'],
    [0, standard, 'Cannot be less than $1,000 or more than $250,000'],
    [4999, strict, 'Cannot be less than $5,000 or more than $250,000'],
    [5000, strict, null],
  ])('%s -> %s', (value, bounds, expected) => {
    expect(purchasePriceError(value, bounds)).toBe(expected);
  });
  it('zero or below becomes 0', () => {
    expect(cleanPurchasePrice(-5)).toBe(0);
    expect(cleanPurchasePrice(0)).toBe(0);
    expect(cleanPurchasePrice(Number.NaN)).toBe(0);
    expect(cleanPurchasePrice(12)).toBe(12);
  });
  it('formats the message as currency', () => {
    expect(outOfRangeMessage({ min: 0.5, max: 15 })).toBe('Cannot be less than $1 or more than $15');
  });
});

describe('input cleaning', () => {
  it.each([
    ['$12,500', 12500],
    ['12a5b00', 12500],
    ['', 0],
    ['abc', 0],
    ['-300', 300],
    ['30,000.00', 30000],
    ['.99', 0],
  ])('parseAmount %s -> %s', (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
  });
  it.each([
    ['8.5%', 8.5],
    ['10', 10],
    ['', null],
    ['.', null],
    ['abc', null],
  ])('parseDecimal %s -> %s', (text, expected) => {
    expect(parseDecimal(text)).toBe(expected);
  });
});

describe('snapToBounds', () => {
  const term = termBounds(7);
  it.each([
    [term, 0, 1],
    [term, 1, 1],
    [term, 1.2, 1],
    [term, 1.3, 1.5],
    [term, 6.75, 7],
    [term, 7, 7],
    [term, 9, 7],
    [termBounds(5), 6, 5],
    [interestBounds(), 0.2, 0.5],
    [interestBounds(), 0.5, 0.5],
    [interestBounds(), 9.74, 9.5],
    [interestBounds(), 15.5, 15],
    [interestBounds([7.5, 14.5]), 7, 7.5],
    [interestBounds([7.5, 14.5]), 15, 14.5],
    [interestBounds([4, 20]), 19.9, 20],
    [DEPOSIT_BOUNDS, -1, 0],
    [DEPOSIT_BOUNDS, 250001, 250000],
    [RESIDUAL_BOUNDS, 1234.3, 1234.5],
    [loanSliderBounds(1000), 999, 1000],
    [loanSliderBounds(1000), 12345, 12500],
    [loanSliderBounds(5000), 4000, 5000],
    [loanSliderBounds(5000), 100001, 100000],
    [term, Number.NaN, 1],
  ])('%o: %s -> %s', (bounds, value, expected) => {
    expect(snapToBounds(value, bounds)).toBe(expected);
  });
});

describe('the calculator', () => {
  it("takes its ranges from the site's settings", () => {
    expect(calculatorBounds({ minPrice: 5000, maxTermYears: 5, interestRange: [14.5, 7.5] })).toEqual({
      price: purchasePriceBounds(5000),
      slider: loanSliderBounds(5000),
      terms: termBounds(5),
      rates: interestBounds([7.5, 14.5]),
    });
  });
  it("keeps the spec's ranges for what the shopper types, whatever the car (no $300,000 maximum for a $300,000 car, no 16.95% for a lender's rate)", () => {
    const bounds = calculatorBounds({ minPrice: 1000, maxTermYears: 7, interestRange: null });
    expect(bounds.price).toEqual({ min: 1000, max: 250000, step: 1 });
    expect(bounds.rates).toEqual({ min: 0.5, max: 15, step: 0.5 });
    expect(calculatorAmounts({ price: '280000', deposit: '', residual: '' }, bounds.price).priceError).toBe('Cannot be less than $1,000 or more than $250,000');
    expect(clampToBounds(16.5, bounds.rates)).toBe(15);
  });
  it('reads its money fields as typed', () => {
    const price = purchasePriceBounds(1000);
    expect(calculatorAmounts({ price: '$12,500', deposit: '2,000', residual: '' }, price)).toEqual({ price: 12500, priceError: null, deposit: 2000, residual: 0 });
    expect(calculatorAmounts({ price: '999', deposit: '300000', residual: '1,500' }, price)).toEqual({
      price: 999,
      priceError: 'Cannot be less than $1,000 or more than $250,000',
      deposit: 250000,
      residual: 1500,
    });
  });
  it('reads an amount with cents as its whole dollars, as the other money inputs do (parseWholeNumber)', () => {
    const price = purchasePriceBounds(1000);
    expect(calculatorAmounts({ price: '30,000.00', deposit: '$5,000.00', residual: '1,500.99' }, price)).toEqual({
      price: 30000,
      priceError: null,
      deposit: 5000,
      residual: 1500,
    });
    expect(calculatorAmounts({ price: '.50', deposit: '.', residual: '' }, price)).toEqual({
      price: 0,
      priceError: 'Cannot be less than $1,000 or more than $250,000',
      deposit: 0,
      residual: 0,
    });
  });
});
