import { describe, expect, it } from 'vitest';
import { carWarranty, warrantyHeadline } from './warranty.ts';

describe('warrantyHeadline (the /warranty card, the /warranty page and the vehicle page)', () => {
  it.each<[string, { texts: { warranty?: string }; manufacturer?: string }, string]>([
    ['the brand text for a Toyota site without texts.warranty', { texts: {}, manufacturer: 'Toyota' }, '5 Year Unlimited km Warranty'],
    ['the brand text, whatever its case and spacing', { texts: {}, manufacturer: ' KIA ' }, '7 Year Unlimited km Warranty'],
    ["the dealer's texts.warranty over the brand's", { texts: { warranty: 'Toyota Warranty Advantage' }, manufacturer: 'Toyota' }, 'Toyota Warranty Advantage'],
    ['a blank texts.warranty counts as unset', { texts: { warranty: '  ' }, manufacturer: 'Toyota' }, '5 Year Unlimited km Warranty'],
    ['the default for a brand without its own text', { texts: {}, manufacturer: 'Jayco' }, '3 Year Warranty Standard'],
    ['the default for a multi-brand site', { texts: {} }, '3 Year Warranty Standard'],
  ])('%s', (_name, site, expected) => expect(warrantyHeadline(site)).toBe(expected));
});

describe("carWarranty (a vehicle page's What's Included and Why Buy From Us?)", () => {
  const toyota = { texts: {}, manufacturer: 'Toyota' };
  it.each<[string, { texts: { warranty?: string }; manufacturer?: string }, { make?: string | null; car_type: 'new' | 'used' | 'demo' }, string]>([
    ["the brand's factory warranty for a new car of the dealer's brand", toyota, { make: 'Toyota', car_type: 'new' }, '5 Year Unlimited km Warranty'],
    ['and for a demonstrator of it', toyota, { make: 'toyota', car_type: 'demo' }, '5 Year Unlimited km Warranty'],
    [
      "not for a used car: the brand's new-car warranty is not the dealer's promise for it",
      toyota,
      { make: 'Toyota', car_type: 'used' },
      '3 Year Warranty Standard',
    ],
    ['not for a car of another make', toyota, { make: 'Holden', car_type: 'new' }, '3 Year Warranty Standard'],
    [
      "the dealer's own texts.warranty for every car",
      { texts: { warranty: 'Sunny Care' }, manufacturer: 'Toyota' },
      { make: 'Holden', car_type: 'used' },
      'Sunny Care',
    ],
  ])('%s', (_name, site, car, expected) => expect(carWarranty(site, car)).toBe(expected));
});
