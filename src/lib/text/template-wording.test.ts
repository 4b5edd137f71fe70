import { describe, expect, it } from 'vitest';
import { countNoun, kindsWording, siteWording, stockNounsOf } from './template-wording.ts';
import { makeSite } from '../../../tests/fixtures/make-site.ts';

describe('1.9: a site’s and a vehicle’s words follow the kind of vehicle', () => {
  it('one vehicle is named by its kind in sentences and titles', () => {
    expect((['car', 'motorcycle', 'truck', 'caravan'] as const).map((kind) => [kindsWording([kind]).noun, kindsWording([kind]).titleNoun])).toEqual([
      ['car', 'Car'],
      ['bike', 'Bike'],
      ['truck', 'Truck'],
      ['caravan', 'Caravan'],
    ]);
  });

  it('the All / New / Demo / Used choice is the spec’s "Car type" only where the dealer sells cars alone', () => {
    expect(siteWording({ template: 'used-group' }).conditionLabel).toBe('Car type');
    expect(siteWording({ template: 'caravan' }).conditionLabel).toBe('Condition');
    expect(siteWording({ template: 'motorcycle', vehicle_kinds: ['motorcycle', 'truck'] }).conditionLabel).toBe('Condition');
    expect(siteWording({ template: 'used-group', vehicle_kinds: ['car', 'truck'] }).conditionLabel).toBe('Condition');
  });

  it('only a site selling caravans alone has no odometer in its trade-in text', () => {
    expect(siteWording({ template: 'caravan' }).odometer).toBe(false);
    expect(siteWording({ template: 'used-group' }).odometer).toBe(true);
    expect(siteWording({ template: 'motorcycle', vehicle_kinds: ['motorcycle', 'truck'] }).odometer).toBe(true);
    expect(siteWording({ template: 'caravan', vehicle_kinds: ['caravan', 'car'] }).odometer).toBe(true);
  });

  it('counts are worded by kind', () => {
    expect(countNoun(['truck'], 1)).toBe('Truck');
    expect(countNoun(['truck'], 2)).toBe('Trucks');
    expect(countNoun(['motorcycle', 'truck'], 5)).toBe('Bikes & Trucks');
    // One vehicle of a site's several kinds is one or the other, as in 'Sell My Bike or Truck'.
    expect(countNoun(['motorcycle', 'truck'], 1)).toBe('Bike or Truck');
  });

  // The plural follows what the site sells unless site.json texts.stock_noun names it; the
  // singular (a count of one) is one of what the site sells, capitalised as the plural is.
  it.each([
    [{}, 'car', 'cars'],
    [{ template: 'motorcycle' }, 'motorcycle', 'motorcycles'],
    // Spec §2: "A 'Show Me N cars' button ... ('Caravans' on the caravan site)".
    [{ template: 'caravan' }, 'Caravan', 'Caravans'],
    [{ vehicle_kinds: ['truck'] }, 'truck', 'trucks'],
    [{ template: 'motorcycle', vehicle_kinds: ['motorcycle', 'truck'] }, 'Bike or Truck', 'Bikes & Trucks'],
    // The demo tenants' own stock nouns, and one that names the stock otherwise.
    [{ template: 'caravan', texts: { stock_noun: 'Caravans' } }, 'Caravan', 'Caravans'],
    [{ template: 'motorcycle', vehicle_kinds: ['motorcycle', 'truck'], texts: { stock_noun: 'Bikes & Trucks' } }, 'Bike or Truck', 'Bikes & Trucks'],
    [{ texts: { stock_noun: 'Cars' } }, 'Car', 'Cars'],
    [{ vehicle_kinds: ['truck'], texts: { stock_noun: 'rigs' } }, 'truck', 'rigs'],
  ] as const)('stock nouns of %o: %s, %s', (fields, one, other) => {
    expect(stockNounsOf(makeSite(fields))).toEqual({ one, other });
  });

  it('a site that names its stock names the singular too (texts.stock_noun_one)', () => {
    expect(stockNounsOf(makeSite({ vehicle_kinds: ['truck'], texts: { stock_noun: 'rigs', stock_noun_one: 'rig' } }))).toEqual({ one: 'rig', other: 'rigs' });
  });
});
