import { describe, expect, it } from 'vitest';
import { countNoun, kindsWording, siteWording, stockNounOf } from './template-wording.ts';
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
  });

  it('the stock noun follows what the site sells unless site.json texts.stock_noun names it', () => {
    expect(stockNounOf(makeSite())).toBe('cars');
    expect(stockNounOf(makeSite({ template: 'motorcycle' }))).toBe('motorcycles');
    // Spec §2: "A 'Show Me N cars' button ... ('Caravans' on the caravan site)".
    expect(stockNounOf(makeSite({ template: 'caravan' }))).toBe('Caravans');
    expect(stockNounOf(makeSite({ vehicle_kinds: ['truck'] }))).toBe('trucks');
    expect(stockNounOf(makeSite({ template: 'motorcycle', vehicle_kinds: ['motorcycle', 'truck'] }))).toBe('Bikes & Trucks');
    expect(stockNounOf(makeSite({ vehicle_kinds: ['truck'], texts: { stock_noun: 'rigs' } }))).toBe('rigs');
  });
});
