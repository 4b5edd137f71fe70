import { describe, expect, it } from 'vitest';
import { gaugeLabel, priceGauge, type PriceComparison } from './price-gauge.ts';

const ok: PriceComparison = { fill: 35, listing_price: 30000, range: { min: 28000, max: 34000 }, confidence: 0.8 };

describe('priceGauge visibility', () => {
  it.each<[string, PriceComparison | null]>([
    ['no data', null],
    ['no fill', { ...ok, fill: null }],
    ['no listing price', { ...ok, listing_price: undefined }],
    ['no range', { ...ok, range: null }],
    ['no range max', { ...ok, range: { min: 28000 } }],
    ['no confidence', { ...ok, confidence: null }],
    ['confidence exactly 0.2', { ...ok, confidence: 0.2 }],
    ['range max below listing price', { ...ok, range: { min: 20000, max: 29999 } }],
  ])('hidden: %s', (_name, data) => {
    expect(priceGauge(data)).toBeNull();
  });

  it.each<[string, PriceComparison]>([
    ['confidence just above 0.2', { ...ok, confidence: 0.21 }],
    ['range max equal to listing price', { ...ok, range: { min: 20000, max: 30000 } }],
    ['fill 0', { ...ok, fill: 0 }],
  ])('shown: %s', (_name, data) => {
    expect(priceGauge(data)).not.toBeNull();
  });

  it('reads the lead API shape (market_range_min / market_range_max) too', () => {
    const api = { fill: 35, listing_price: 30000, market_range_min: 28000, market_range_max: 34000, confidence: 0.5 };
    expect(priceGauge(api)).toMatchObject({ min: 28000, max: 34000, position: 'below' });
    expect(priceGauge({ ...api, market_range_max: 29000 })).toBeNull();
  });

  it('clamps the fill and describes the position', () => {
    expect(priceGauge({ ...ok, fill: 140 })?.fill).toBe(100);
    expect(gaugeLabel(priceGauge({ ...ok, fill: 10 })!)).toBe('Below market price');
    expect(gaugeLabel(priceGauge({ ...ok, fill: 50 })!)).toBe('Within market price');
    expect(gaugeLabel(priceGauge({ ...ok, fill: 90 })!)).toBe('Above market price');
  });
});
