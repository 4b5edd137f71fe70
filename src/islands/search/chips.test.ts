import { describe, expect, it } from 'vitest';
import { partChip, rangeLabel, stateChips, withoutChip } from './chips.ts';
import type { ReadPart } from '../../search/core/sentence.ts';

describe('chips of a search state', () => {
  it('names each filter in words, facets first in a fixed order, ranges after, the car type left to its own filter', () => {
    const chips = stateChips({
      range: { price: ':30000', year: '2018:' },
      refinementList: { transmission: ['Automatic'], car_type: ['used'], fuel: ['Diesel'], body: ['Ute'], seats: ['7'] },
    });
    expect(chips.map((chip) => chip.label)).toEqual(['Ute', 'Diesel', 'Automatic', '7 seats', 'Under $30,000', '2018 or newer']);
    // A bike's final drive stands with the drive, before the colour.
    const bike = stateChips({ refinementList: { colour: ['Black'], final_drive: ['Belt'], make: ['Harley-Davidson'] } });
    expect(bike.map((chip) => chip.label)).toEqual(['Harley-Davidson', 'Belt', 'Black']);
  });

  it('shows colour values that share a colour word as one chip named by it', () => {
    const chips = stateChips({ refinementList: { colour: ['White', 'Glacier White', 'Frosted White', 'Graphite'] } });
    expect(chips.map((chip) => [chip.label, chip.values])).toEqual([
      ['White', ['White', 'Glacier White', 'Frosted White']],
      ['Graphite', ['Graphite']],
    ]);
  });

  it('reads ranges the way a shopper says them', () => {
    expect(rangeLabel('price', 20000, 30000)).toBe('$20,000 – $30,000');
    expect(rangeLabel('price', 20000, undefined)).toBe('Over $20,000');
    expect(rangeLabel('km', undefined, 50000)).toBe('Under 50,000 km');
    expect(rangeLabel('year', 2018, 2018)).toBe('2018');
    expect(rangeLabel('year', undefined, 2009)).toBe('2009 or older');
    expect(rangeLabel('body_length', undefined, 20)).toBe('Under 20 ft (6.1 m)');
  });

  it('removes one chip: its values or its range, a make with its models, and goes back to the first page', () => {
    const state = { page: 3, range: { price: ':30000' }, refinementList: { make: ['Toyota'], model: ['HiLux'], colour: ['White', 'Glacier White', 'Red'] } };
    const [make, , white] = stateChips(state);
    expect(withoutChip(state, white!).refinementList).toEqual({ make: ['Toyota'], model: ['HiLux'], colour: ['Red'] });
    expect(withoutChip(state, make!).refinementList).toEqual({ colour: ['White', 'Glacier White', 'Red'] });
    const price = stateChips(state).find((chip) => chip.range)!;
    expect(withoutChip(state, price)).toMatchObject({ page: undefined, range: {} });
  });
});

describe('chips of a sentence (the hero)', () => {
  const part = (fields: Partial<ReadPart>): ReadPart => ({ start: 0, end: 1, text: 'x', kind: 'refine', ...fields });
  it("names a part by its meaning, its values with the panels' labels, or its range", () => {
    expect(partChip(part({ refine: { fuel: ['Diesel'] }, label: 'Diesel' }), 0)?.label).toBe('Diesel');
    expect(partChip(part({ refine: { make: ['Toyota'], model: ['HiLux'] } }), 1)?.label).toBe('Toyota HiLux');
    expect(partChip(part({ refine: { seats: ['7', '8'] } }), 2)?.label).toBe('7 seats or 8 seats');
    expect(partChip(part({ kind: 'range', attribute: 'price', max: 30000 }), 3)?.label).toBe('Under $30,000');
    expect(partChip(part({ kind: 'sort', sortBy: 'price-asc' }), 4)?.label).toBe('Lowest Price');
    expect(partChip(part({ kind: 'ignore' }), 5)).toBeNull();
  });
});
