/**
 * The project's sentence set (tests/fixtures/search/sentences.txt): at least 150 sentences over
 * the four templates' demo tenants, the search fixture and the real listings' vocabulary, each
 * with the filters it should give. Every one must be read exactly: each is a test of its own,
 * named by its line, source and words, so one sentence read wrong fails by name.
 */
import { describe, expect, it } from 'vitest';
import { compileVocabulary, readSentence } from './sentence.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { comparable, expectedReading, SET_YEAR, sentenceSet, tenantDir, vocabularyOf } from '../../../tests/support/sentence-set.ts';

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

  const compiled = new Map<string, ReturnType<typeof compileVocabulary>>();
  const vocabulary = (source: string) => {
    if (!compiled.has(source)) compiled.set(source, compileVocabulary(vocabularyOf(source)));
    return compiled.get(source)!;
  };

  it.each(set)('sentences.txt:$line $source "$sentence" reads into exactly the expected filters, sort and keywords', (item) => {
    const reading = readSentence(item.sentence, vocabulary(item.source), { year: SET_YEAR });
    expect(comparable(reading)).toEqual(comparable(expectedReading(item, vocabularyOf(item.source))));
  });
});
