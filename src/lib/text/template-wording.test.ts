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

  it('the stock noun follows what the site sells unless site.json texts.stock_noun names it', () => {
    const plural = (site: ReturnType<typeof makeSite>) => stockNounsOf(site).other;
    expect(plural(makeSite())).toBe('cars');
    expect(plural(makeSite({ template: 'motorcycle' }))).toBe('motorcycles');
    // Spec §2: "A 'Show Me N cars' button ... ('Caravans' on the caravan site)".
    expect(plural(makeSite({ template: 'caravan' }))).toBe('Caravans');
    expect(plural(makeSite({ vehicle_kinds: ['truck'] }))).toBe('trucks');
    expect(plural(makeSite({ template: 'motorcycle', vehicle_kinds: ['motorcycle', 'truck'] }))).toBe('Bikes & Trucks');
    expect(plural(makeSite({ vehicle_kinds: ['truck'], texts: { stock_noun: 'rigs' } }))).toBe('rigs');
  });

  it('a count of one names one vehicle: the singular of what the site sells, capitalised as the plural is', () => {
    const one = (site: ReturnType<typeof makeSite>) => stockNounsOf(site).one;
    expect(one(makeSite())).toBe('car');
    expect(one(makeSite({ template: 'motorcycle' }))).toBe('motorcycle');
    expect(one(makeSite({ template: 'caravan' }))).toBe('Caravan');
    expect(one(makeSite({ vehicle_kinds: ['truck'] }))).toBe('truck');
    expect(one(makeSite({ template: 'motorcycle', vehicle_kinds: ['motorcycle', 'truck'] }))).toBe('Bike or Truck');
    // The demo tenants' own stock nouns ('Caravans', 'Bikes & Trucks').
    expect(one(makeSite({ template: 'caravan', texts: { stock_noun: 'Caravans' } }))).toBe('Caravan');
    expect(one(makeSite({ template: 'motorcycle', vehicle_kinds: ['motorcycle', 'truck'], texts: { stock_noun: 'Bikes & Trucks' } }))).toBe('Bike or Truck');
    expect(one(makeSite({ texts: { stock_noun: 'Cars' } }))).toBe('Car');
  });

  it('a site that names its stock names the singular too (texts.stock_noun_one)', () => {
    expect(stockNounsOf(makeSite({ vehicle_kinds: ['truck'], texts: { stock_noun: 'rigs', stock_noun_one: 'rig' } }))).toEqual({ one: 'rig', other: 'rigs' });
  });
});
