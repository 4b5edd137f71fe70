import { describe, expect, it } from 'vitest';
import { haversineKm, sortByDistance } from './geo.ts';

describe('haversineKm', () => {
  it('is zero for the same point', () => {
    expect(haversineKm({ lat: -27.47, lng: 153.02 }, { lat: -27.47, lng: 153.02 })).toBe(0);
  });
  it('gives the Brisbane-Sydney great-circle distance (about 730 km)', () => {
    const km = haversineKm({ lat: -27.4698, lng: 153.0251 }, { lat: -33.8688, lng: 151.2093 });
    expect(km).toBeGreaterThan(725);
    expect(km).toBeLessThan(735);
  });
  it('is symmetric', () => {
    const a = { lat: -31.95, lng: 115.86 };
    const b = { lat: -12.46, lng: 130.84 };
    expect(haversineKm(a, b)).toBeCloseTo(haversineKm(b, a), 9);
  });
});

describe('sortByDistance', () => {
  it('puts the nearest first and unknown positions last', () => {
    const origin = { lat: -27.47, lng: 153.02 };
    const items = [
      { name: 'perth', at: { lat: -31.95, lng: 115.86 } },
      { name: 'nowhere', at: undefined },
      { name: 'gold coast', at: { lat: -28.0, lng: 153.4 } },
    ];
    const sorted = sortByDistance(origin, items, (item) => item.at).map((entry) => entry.item.name);
    expect(sorted).toEqual(['gold coast', 'perth', 'nowhere']);
  });
});
