/**
 * The sentence search in the browser (docs/search.md "Sentences"). The reader
 * (src/search/core/sentence.ts) is a chunk of its own, loaded on first use together with the
 * tenant's vocabulary: one unfiltered facet request to the page's own engine, so the embedded
 * engine and Meilisearch read a sentence from the same values. A reading is then folded into a
 * search state, the one the URL carries (src/search/browser/routing.ts).
 */
import type { SearchClientLike } from './client.ts';
import type { DealerWords, RangeBounds, SentenceReading } from '../core/sentence.ts';
import type { SearchUrlState } from './routing.ts';
import type { EngineResult } from '../engine/types.ts';

/** Reads one sentence (the reader and vocabulary are loaded). */
export type SentenceReader = (sentence: string) => SentenceReading;

const readers = new WeakMap<SearchClientLike, Promise<SentenceReader>>();

/**
 * The reader of a site, loaded once per search client: the reader's chunk, then the vocabulary
 * from the engine. A failure (offline) is not kept, so the next call tries again. `year` is the
 * shopper's own, not the dealer's (docs/pipeline.md "The dealer's year"): the reader reads what
 * the shopper typed ('5 years old', a bare '2027') and refuses nothing.
 */
export function loadSentenceReader(
  client: SearchClientLike,
  indexName: string,
  words: readonly DealerWords[] = [],
  year = new Date().getFullYear(),
): Promise<SentenceReader> {
  let reader = readers.get(client);
  if (!reader) {
    reader = import('../core/sentence.ts').then(async ({ compileVocabulary, readSentence, VOCABULARY_FACETS }) => {
      const { results } = await client.search([{ indexName, params: { hitsPerPage: 0, facets: [...VOCABULARY_FACETS] } }]);
      const vocabulary = compileVocabulary({ facets: (results[0] as EngineResult).facets ?? {}, words });
      return (sentence: string) => readSentence(sentence, vocabulary, { year });
    });
    readers.set(client, reader);
    reader.catch(() => readers.delete(client));
  }
  return reader;
}

const rangeText = (bounds: RangeBounds) => `${bounds.min ?? ''}:${bounds.max ?? ''}`;

/**
 * A search state with a reading folded in: the facets and ranges the sentence names replace
 * the state's own for those attributes (a new make drops the chosen model, a new make or model
 * the chosen badge), the rest stays; the
 * query becomes the words left over and the page goes back to the first.
 */
export function withReading(state: SearchUrlState, reading: Pick<SentenceReading, 'refinementList' | 'range' | 'sortBy' | 'query'>): SearchUrlState {
  const refinementList: Record<string, string[]> = { ...state.refinementList };
  for (const [attribute, values] of Object.entries(reading.refinementList)) refinementList[attribute] = [...values];
  // A new make drops the chosen model; a new make or model drops what belonged to the old model (its badge, its make > model value).
  const names = (attribute: string) => reading.refinementList[attribute] !== undefined;
  if (names('make') && !names('model')) delete refinementList.model;
  if (names('make') || names('model')) for (const attribute of ['badge', 'make_model']) if (!names(attribute)) delete refinementList[attribute];
  const range: Record<string, string> = { ...state.range };
  for (const [attribute, bounds] of Object.entries(reading.range)) range[attribute] = rangeText(bounds);
  const next: SearchUrlState = {};
  if (reading.query) next.query = reading.query;
  const sortBy = reading.sortBy ?? state.sortBy;
  if (sortBy) next.sortBy = sortBy;
  if (Object.keys(range).length > 0) next.range = range;
  if (Object.keys(refinementList).length > 0) next.refinementList = refinementList;
  return next;
}

/** Whether a reading understood anything (a refinement, a range, a sort or a word it dropped). */
export function understood(reading: SentenceReading): boolean {
  return reading.parts.length > 0;
}
