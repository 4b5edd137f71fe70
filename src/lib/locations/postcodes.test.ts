import { describe, expect, it } from 'vitest';
import { haversineKm } from './geo.ts';
import { lookupPostcode, postcodeCount } from './postcodes.ts';

describe('lookupPostcode', () => {
  it('finds capital-city postcodes with their suburb, state and position', () => {
    expect(lookupPostcode('4000')).toMatchObject({ postcode: '4000', suburb: 'Brisbane', state: 'QLD' });
    expect(lookupPostcode('2000')).toMatchObject({ suburb: 'Sydney', state: 'NSW' });
    expect(lookupPostcode('0800')).toMatchObject({ suburb: 'Darwin', state: 'NT' });
    const melbourne = lookupPostcode(' 3000 ')!;
    expect(melbourne.lat).toBeCloseTo(-37.81, 1);
    expect(melbourne.lng).toBeCloseTo(144.97, 1);
  });
  it('rejects anything that is not a known 4-digit postcode', () => {
    for (const bad of ['', '400', '40000', 'abcd', '5999', '0000', '8888', '4000a']) expect(lookupPostcode(bad)).toBeUndefined();
  });
  it('ships a table covering the country', () => {
    expect(postcodeCount()).toBeGreaterThan(3000);
  });
  it('places Brisbane and Sydney about 730 km apart', () => {
    const km = haversineKm(lookupPostcode('4000')!, lookupPostcode('2000')!);
    expect(km).toBeGreaterThan(700);
    expect(km).toBeLessThan(760);
  });
});
