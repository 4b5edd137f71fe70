/** The local delivery estimate. */
import { describe, expect, it } from 'vitest';
import { lookupPostcode } from '../../../lib/locations/postcodes.ts';
import { estimateDelivery } from './delivery.ts';

describe('delivery estimate', () => {
  const brisbane = lookupPostcode('4000')!;
  it('is free nearby, priced by distance farther away, none across the world', () => {
    expect(estimateDelivery(brisbane, lookupPostcode('4000')!)!.price).toBe(0);
    const sydney = estimateDelivery(brisbane, lookupPostcode('2000')!)!;
    expect(sydney.name).toBe('Sydney NSW 2000');
    expect(sydney.price).toBeGreaterThan(900);
    expect(estimateDelivery({ lat: 51.5, lng: 0 }, lookupPostcode('2000')!)).toBeUndefined();
  });
});
