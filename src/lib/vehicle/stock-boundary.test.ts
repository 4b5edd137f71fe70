import { describe, expect, it } from 'vitest';
import { parseStock } from './stock.ts';

// Issue 12: feed quirks are normalised once, where a feed is parsed, not in each template.
describe("parseStock normalises the feed's text 'null' (spec §5)", () => {
  it("turns the text 'null' (any case, padded) into null on every optional text field", () => {
    const { cars, problems } = parseStock('t', [
      { id: 'A1', slug: 'a1', status: 'in_stock', car_type: 'used', make: 'Kia', model: 'null', badge: ' NULL ', dealercomments: 'null', file: 'Null', tag: 'null', rego_expiry: 'null', colour: 'Red' },
    ]);
    expect(problems).toEqual([]);
    const [car] = cars;
    expect(car).toMatchObject({ make: 'Kia', model: null, badge: null, dealercomments: null, file: null, tag: null, rego_expiry: null, colour: 'Red' });
  });

  it('keeps text that merely contains null', () => {
    const { cars } = parseStock('t', [{ id: 'A1', slug: 'a1', status: 'in_stock', car_type: 'used', model: 'Nullarbor', location: { name: 'null' } }]);
    expect(cars[0]).toMatchObject({ model: 'Nullarbor', location: { name: null } });
  });
});
