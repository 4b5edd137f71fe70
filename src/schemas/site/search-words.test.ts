/** site.json search_words: the shape a dealer writes, refused with the field named. */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SiteSchema } from '../site.ts';

const base = { slug: 'words-motors', template: 'used-group', name: 'Words Motors', url: 'https://words.example.com.au', phone: '+61 7 3555 0100' };
const parse = (search_words: unknown) => v.safeParse(SiteSchema, { ...base, search_words });

describe('site.json search_words', () => {
  it('defaults to none and accepts facet values, a range or ignore', () => {
    const none = v.safeParse(SiteSchema, base);
    expect(none.success && none.output.search_words).toEqual([]);
    const result = parse([
      { words: ['tradie ute', ' work ute '], refine: { body: ['Ute', 'Cab Chassis'] } },
      { words: ['bargain'], range: { price: { max: 15000 } } },
      { words: ['sunstate'], ignore: true },
    ]);
    expect(result.success).toBe(true);
    // Phrases are trimmed.
    expect(result.success && result.output.search_words[0]!.words).toEqual(['tradie ute', 'work ute']);
  });

  it.each([
    [[{ words: [], refine: { body: ['Ute'] } }], 'search_words.0.words', 'words is empty'],
    [[{ words: ['2018'], refine: { body: ['Ute'] } }], 'search_words.0.words.0', 'a phrase needs a letter'],
    [[{ words: ['ute'] }], 'search_words.0', 'give exactly one of refine, range or ignore'],
    [[{ words: ['ute'], refine: { body: ['Ute'] }, ignore: true }], 'search_words.0', 'give exactly one of refine, range or ignore'],
    [[{ words: ['ute'], refine: { body: [] } }], 'search_words.0.refine.body', 'a facet needs at least one value'],
    [[{ words: ['cheap'], range: { price: { min: 30000, max: 10000 } } }], 'search_words.0.range.price', 'min is above max'],
    [[{ words: ['cheap'], range: { price: {} } }], 'search_words.0.range.price', 'a range needs min, max or both'],
    [[{ words: ['cheap'], range: { price: { max: 1 }, km: { max: 1 } } }], 'search_words.0', 'range names one attribute'],
    [[{ words: ['ute'], refine: { body: ['Ute'] }, typo: 1 }], 'search_words.0.typo', ''],
  ])('refuses %j at %s', (words, path, message) => {
    const result = parse(words);
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(v.getDotPath(result.issues[0]!)).toBe(path);
      expect(result.issues[0]!.message).toContain(message);
    }
  });
});
