/**
 * The project's sentence set (tests/fixtures/search/sentences.txt): at least 150 sentences over
 * the four templates' demo tenants, the search fixture and the real listings' vocabulary, each
 * with the filters it should give. At least 95 % must be read exactly; the misses are listed.
 */
import { describe, expect, it } from 'vitest';
import { compileVocabulary, readSentence } from './sentence.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { comparable, exact, expectedReading, SET_YEAR, sentenceSet, tenantDir, vocabularyOf } from '../../../tests/support/sentence-set.ts';

const set = sentenceSet();

describe('the sentence set', () => {
  it('has at least 150 sentences over the four templates and the real listings', () => {
    expect(set.length).toBeGreaterThanOrEqual(150);
    const sources = new Set(set.map((item) => item.source));
    expect(sources.has('au-listings')).toBe(true);
    const templates = new Set(
      [...sources]
        .filter((source) => source !== 'au-listings')
        .map((source) => JSON.parse(readFileSync(join(tenantDir(source), 'site.json'), 'utf8')).template),
    );
    expect([...templates].sort()).toEqual(['caravan', 'franchise', 'motorcycle', 'used-group']);
  });

  it('reads at least 95 % of them into exactly the expected filters, sort and keywords', () => {
    const misses: string[] = [];
    const compiled = new Map<string, ReturnType<typeof compileVocabulary>>();
    for (const item of set) {
      const source = vocabularyOf(item.source);
      if (!compiled.has(item.source)) compiled.set(item.source, compileVocabulary(source));
      const reading = readSentence(item.sentence, compiled.get(item.source)!, { year: SET_YEAR });
      const expected = expectedReading(item, source);
      if (!exact(reading, expected))
        misses.push(
          `sentences.txt:${item.line} ${item.source} "${item.sentence}"\n  read     ${JSON.stringify(comparable(reading))}\n  expected ${JSON.stringify(comparable(expected))}`,
        );
    }
    if (misses.length > 0) console.log(`${misses.length} of ${set.length} sentences not read exactly:\n${misses.join('\n')}`);
    expect((set.length - misses.length) / set.length).toBeGreaterThanOrEqual(0.95);
  });
});
