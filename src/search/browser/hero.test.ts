import { describe, expect, it } from 'vitest';
import { buildRouteTable } from '../core/routes.ts';
import {
  facetOptions,
  heroCarTypes,
  heroFirstCarType,
  heroFirstCount,
  heroQueries,
  heroRefinements,
  heroResultsUrl,
  moveHomePriceThumb,
  priceSearchUrl,
  sentenceExample,
  snapHomePrice,
} from './hero.ts';

const routes = buildRouteTable([{ make: 'Toyota', model: 'Corolla' } as never]);

describe('hero stock search', () => {
  it('turns the selection into refinements; a model needs its make', () => {
    expect(heroRefinements({ carType: 'used', values: { make: 'Toyota', model: 'Corolla', body: '' } })).toEqual({
      car_type: ['used'],
      make: ['Toyota'],
      model: ['Corolla'],
    });
    expect(heroRefinements({ carType: 'all', values: { model: 'Corolla' } })).toEqual({});
  });

  it('asks each select for its options without its own choice', () => {
    const [count, make] = heroQueries({ carType: 'new', values: { make: 'Toyota' } });
    expect(count.params.facetFilters).toEqual([['car_type:new'], ['make:Toyota']]);
    expect(make).toMatchObject({ attribute: 'make', params: { facets: ['make'], facetFilters: [['car_type:new']] } });
  });

  it('opens the results page of the selection', () => {
    expect(heroResultsUrl({ carType: 'used', values: { make: 'Toyota' } }, routes)).toBe('/search/used-cars?refinementList[make][]=Toyota');
    expect(heroResultsUrl({ carType: 'all', values: { make: 'Toyota', model: 'Corolla' } }, routes)).toBe('/search/toyota/corolla');
  });

  it('folds the sentence into the count, the select options and the results URL; the sentence wins an attribute both name', () => {
    const reading = { refinementList: { fuel: ['Diesel'], body: ['Ute'], car_type: ['used'] }, range: { price: { max: 30000 } }, query: 'sr5' };
    const [count, make] = heroQueries({ carType: 'new', values: { make: 'Toyota', body: 'SUV' } }, undefined, reading);
    expect(count.params).toMatchObject({
      query: 'sr5',
      numericFilters: ['price<=30000'],
      facetFilters: [['car_type:used'], ['make:Toyota'], ['body:Ute'], ['fuel:Diesel']],
    });
    expect(make.params).toMatchObject({
      facets: ['make'],
      query: 'sr5',
      numericFilters: ['price<=30000'],
      facetFilters: [['car_type:used'], ['body:Ute'], ['fuel:Diesel']],
    });
    expect(heroResultsUrl({ carType: 'all', values: { make: 'Toyota' } }, routes, undefined, reading)).toBe(
      '/search/used-cars?query=sr5&range[price]=:30000&refinementList[make][]=Toyota&refinementList[fuel][]=Diesel&refinementList[body][]=Ute',
    );
  });

  it("shows an example sentence in the site's kind of stock", () => {
    expect(sentenceExample(['car'])).toBe('e.g. diesel ute under 30k auto');
    expect(sentenceExample(['motorcycle', 'truck'])).toBe('e.g. LAMS naked bike under 10k');
    expect(sentenceExample(['caravan'])).toBe('e.g. pop top sleeps 4 under 60k');
  });

  it('price search sorts by price descending within the range (5,000-250,000 step 500)', () => {
    expect(priceSearchUrl([20000, 60000], routes)).toBe('/search/new-used-and-demo-cars?sortBy=price-desc&range[price]=20000:60000');
    expect(priceSearchUrl([5000, 250000], routes)).toBe('/search/new-used-and-demo-cars?sortBy=price-desc');
    expect([4000, 5249, 5250, 300000, Number.NaN].map(snapHomePrice)).toEqual([5000, 5000, 5500, 250000, 5000]);
  });

  it('moves one price thumb, snapped and kept a step from the other', () => {
    expect(moveHomePriceThumb([5000, 250000], 0, 20_249)).toEqual([20000, 250000]);
    expect(moveHomePriceThumb([5000, 30000], 0, 40_000)).toEqual([29500, 30000]);
    expect(moveHomePriceThumb([5000, 250000], 1, 60_300)).toEqual([5000, 60500]);
    expect(moveHomePriceThumb([40000, 250000], 1, 10_000)).toEqual([40000, 40500]);
  });

  it('lists the most stocked values first, capped', () => {
    expect(facetOptions({ Kia: 2, Toyota: 9, Audi: 2 }, 2)).toEqual([
      { value: 'Toyota', count: 9 },
      { value: 'Audi', count: 2 },
    ]);
  });
});

describe('audit 2.96: the hero make select offers every make in stock', () => {
  it('lists 20 popular makes, then every make A-Z under All Makes', async () => {
    const { makeOptionGroups } = await import('./hero.ts');
    const distribution = Object.fromEntries(Array.from({ length: 26 }, (_, index) => [`Make ${String.fromCharCode(90 - index)}`, index + 1]));
    const groups = makeOptionGroups(distribution);
    expect(groups.map((group) => group.label)).toEqual(['Popular Makes', 'All Makes']);
    expect(groups[0].options).toHaveLength(20);
    expect(groups[0].options[0]).toEqual({ value: 'Make A', count: 26 });
    expect(groups[1].options.map((option) => option.value)).toEqual(Object.keys(distribution).sort((a, b) => a.localeCompare(b)));
    expect(makeOptionGroups({ Kia: 2, Mazda: 3 })).toEqual([
      {
        label: null,
        options: [
          { value: 'Mazda', count: 3 },
          { value: 'Kia', count: 2 },
        ],
      },
    ]);
  });
});

describe('issue35-3: the hero selects follow the template', () => {
  it('third is body, city or type, fourth colour, fuel or type; bikes-and-trucks sites choose the vehicle type', async () => {
    const { heroSelects, heroOptionLabel, heroRefinements } = await import('./hero.ts');
    const labels = (template: string, kinds?: number) => heroSelects(template, kinds).map((select) => select.label);
    expect(labels('used-group')).toEqual(['Make', 'Model', 'Body', 'Colour']);
    expect(labels('franchise')).toEqual(['Make', 'Model', 'City', 'Fuel']);
    expect(labels('caravan')).toEqual(['Make', 'Model', 'City', 'Type']);
    expect(labels('motorcycle')).toEqual(['Make', 'Model', 'Body', 'Fuel']);
    expect(heroSelects('motorcycle', 2).map((select) => select.attribute)).toEqual(['make', 'model', 'body', 'item_type']);
    expect(heroSelects('caravan').at(-1)!.attribute).toBe('body');
    expect(heroOptionLabel('item_type', 'truck')).toBe('Truck');
    expect(heroRefinements({ carType: 'used', values: { item_type: 'truck', colour: 'Red' } }, heroSelects('motorcycle', 2))).toEqual({
      car_type: ['used'],
      item_type: ['truck'],
    });
  });
});

describe("the hero's car type on a site without 'All' (features.car_type_all false)", () => {
  const initial = { total: 12, facets: { car_type: { new: 4, demo: 4, used: 4 } } };
  it('offers New, Demo and Used and starts on the type its search page selects when none is chosen, counting that type', () => {
    expect(heroCarTypes(false).map((option) => option.key)).toEqual(['new', 'demo', 'used']);
    expect(heroCarTypes(true).map((option) => option.key)).toEqual(['all', 'new', 'demo', 'used']);
    expect(heroFirstCarType(false, initial.facets.car_type)).toBe('new');
    expect(heroFirstCount('new', initial)).toBe(4);
    // No new stock: the search page's first option with stock is Used (its order: New, Used, Demo).
    expect(heroFirstCarType(false, { demo: 3, used: 5 })).toBe('used');
    expect(heroFirstCount('used', { total: 8, facets: { car_type: { demo: 3, used: 5 } } })).toBe(5);
  });
  it("keeps 'All' and the whole stock's count where the site offers it", () => {
    expect(heroFirstCarType(true, initial.facets.car_type)).toBe('all');
    expect(heroFirstCount('all', initial)).toBe(12);
  });
});
