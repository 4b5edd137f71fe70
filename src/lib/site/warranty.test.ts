import { describe, expect, it } from 'vitest';
import { warrantyHeadline } from './warranty.ts';

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
