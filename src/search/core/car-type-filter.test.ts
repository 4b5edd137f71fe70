import { describe, expect, it } from 'vitest';
import { carTypeOptions, needsDefaultCarType, selectedCarType } from './car-type-filter.ts';

describe('car-type filter (spec §4)', () => {
  it('offers All, New, Used, Demo and New / Demo', () => {
    expect(carTypeOptions(true).map((option) => option.label)).toEqual(['All', 'New', 'Used', 'Demo', 'New / Demo']);
  });
  it('drops All when the site disables it, and types without stock', () => {
    expect(carTypeOptions(false, { used: 4, demo: 1 }).map((option) => option.key)).toEqual(['used', 'demo', 'new-demo']);
  });
  it('matches the joint option to new + demo in any order', () => {
    expect(selectedCarType(['demo', 'new'], carTypeOptions(true))?.key).toBe('new-demo');
    expect(selectedCarType([], carTypeOptions(true))?.key).toBe('all');
  });
  it('selects the first option when All is disabled and none is chosen', () => {
    const options = carTypeOptions(false);
    expect(needsDefaultCarType([], options)).toBe(true);
    expect(selectedCarType([], options)?.key).toBe('new');
    expect(needsDefaultCarType(['used'], options)).toBe(false);
    expect(needsDefaultCarType([], carTypeOptions(true))).toBe(false);
  });
});
