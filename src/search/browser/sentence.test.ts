import { describe, expect, it, vi } from 'vitest';
import { loadSentenceReader, withReading } from './sentence.ts';
import type { SearchClientLike } from './client.ts';
import { VOCABULARY_FACETS } from '../core/sentence.ts';

const facets = {
  fuel: { Diesel: 3, Petrol: 4 },
  body: { Ute: 2, SUV: 5 },
  transmission: { Automatic: 6 },
  make: { Toyota: 4 },
  model: { HiLux: 2 },
  make_model: { 'Toyota > HiLux': 2 },
};

describe('loadSentenceReader', () => {
  it('asks the engine once for the vocabulary facets, unfiltered, and reads with them', async () => {
    const search = vi.fn(async () => ({ results: [{ facets }] }));
    const client: SearchClientLike = { search };
    const read = await loadSentenceReader(client, 'Car_production', [], 2026);
    expect(read('diesel ute under 30k auto').refinementList).toEqual({ fuel: ['Diesel'], body: ['Ute'], transmission: ['Automatic'] });
    await loadSentenceReader(client, 'Car_production');
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith([{ indexName: 'Car_production', params: { hitsPerPage: 0, facets: [...VOCABULARY_FACETS] } }]);
  });

  it('tries again after a failed load (offline), and reads the dealer words', async () => {
    let fail = true;
    const client: SearchClientLike = {
      search: vi.fn(async () => {
        if (fail) throw new Error('offline');
        return { results: [{ facets }] };
      }),
    };
    const words = [{ words: ['work ute'], refine: { body: ['Ute'], transmission: ['Manual'] } }];
    await expect(loadSentenceReader(client, 'Car_production', words)).rejects.toThrow('offline');
    fail = false;
    const read = await loadSentenceReader(client, 'Car_production', words);
    expect(read('work ute').refinementList).toEqual({ body: ['Ute'], transmission: ['Manual'] });
  });
});

describe('withReading', () => {
  const reading = { refinementList: { fuel: ['Diesel'], make: ['Toyota'] }, range: { price: { max: 30000 } }, query: 'sr5' };
  it('replaces the attributes the sentence names, keeps the others, drops the model of a new make, starts at page 1', () => {
    const state = {
      page: 4,
      sortBy: 'price-desc',
      range: { price: '10000:', km: ':80000' },
      refinementList: { fuel: ['Petrol'], make: ['Mazda'], model: ['CX-5'], colour: ['Red'] },
      query: 'old words',
    };
    expect(withReading(state, reading)).toEqual({
      query: 'sr5',
      sortBy: 'price-desc',
      range: { price: ':30000', km: ':80000' },
      refinementList: { fuel: ['Diesel'], make: ['Toyota'], colour: ['Red'] },
    });
  });

  it('drops the badge of the dropped model: a new make, or a new model, keeps no badge the sentence did not name', () => {
    const state = { refinementList: { make: ['Toyota'], model: ['HiLux'], badge: ['SR5'], make_model: ['Toyota > HiLux'], fuel: ['Diesel'] } };
    expect(withReading(state, { refinementList: { make: ['Mazda'] }, range: {}, query: '' })).toEqual({
      refinementList: { make: ['Mazda'], fuel: ['Diesel'] },
    });
    expect(withReading(state, { refinementList: { model: ['LandCruiser'], make: ['Toyota'] }, range: {}, query: '' })).toEqual({
      refinementList: { make: ['Toyota'], model: ['LandCruiser'], fuel: ['Diesel'] },
    });
    expect(withReading(state, { refinementList: { make: ['Toyota'], model: ['HiLux'], badge: ['GXL'] }, range: {}, query: '' })).toEqual({
      refinementList: { make: ['Toyota'], model: ['HiLux'], badge: ['GXL'], fuel: ['Diesel'] },
    });
    // A sentence naming neither keeps them.
    expect(withReading(state, { refinementList: { colour: ['White'] }, range: {}, query: '' }).refinementList).toEqual({
      ...state.refinementList,
      colour: ['White'],
    });
  });

  it("takes the sentence's sort, and leaves no query when every word was understood", () => {
    expect(withReading({}, { refinementList: {}, range: { year: { min: 2018 } }, sortBy: 'latest', query: '' })).toEqual({
      sortBy: 'latest',
      range: { year: '2018:' },
    });
  });
});
