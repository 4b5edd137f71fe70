/**
 * The engine's word index: word -> positions of the documents holding it in a searchable
 * attribute, and the sorted vocabulary for prefix matches (the last query word). Built on
 * the first text query, or ahead of it in slices (indexWords) while the page is idle:
 * browsing and filtering never need it.
 */
import { SEARCHABLE_ATTRIBUTES } from '../core/config.ts';
import { tokenize } from '../core/text.ts';
import type { ColumnSource } from './columns.ts';
import { lowerBound } from './kernels.ts';

/** The word index of a set of documents, built when first needed. */
export interface WordIndex {
  /** Add the documents before `until` (a preparation step). */
  indexWords(until: number): void;
  /** Finish the index (every document). */
  complete(): void;
  /** Mark in `into` the documents holding `word` (or a word it starts, with `prefix`). */
  matchWord(word: string, prefix: boolean, into: Uint8Array): void;
}

/** A word index over the `searchable` attributes of the documents (read from the stored columns when there are: no document is made). */
export function createWordIndex(source: ColumnSource, searchable: readonly string[] = SEARCHABLE_ATTRIBUTES): WordIndex {
  const { size } = source;
  let postings: Map<string, number[]> | null = null;
  let vocabulary: string[] = [];
  // The word index under construction: documents before `indexed` are in it.
  const building = new Map<string, number[]>();
  let indexed = 0;
  // Makes, models, badges and colours repeat across cars: tokenize each distinct text once.
  const tokenCache = new Map<string, string[]>();
  function indexWords(until: number): void {
    const tokensOf = (text: string) => {
      let tokens = tokenCache.get(text);
      if (!tokens) tokenCache.set(text, (tokens = tokenize(text)));
      return tokens;
    };
    const words = new Set<string>();
    const stored = searchable.map((attribute) => source.stored?.get(attribute)?.values);
    for (let position = indexed; position < until; position += 1) {
      words.clear();
      for (let index = 0; index < searchable.length; index += 1) {
        const values = stored[index];
        const value = values ? values[position] : (source.record(position) as Record<string, unknown>)[searchable[index]];
        if (value !== undefined && value !== null) for (const word of tokensOf(String(value))) words.add(word);
      }
      for (const word of words) {
        let list = building.get(word);
        if (!list) building.set(word, (list = []));
        list.push(position);
      }
    }
    indexed = Math.max(indexed, until);
  }
  function wordIndex(): Map<string, number[]> {
    if (postings) return postings;
    indexWords(size);
    tokenCache.clear();
    vocabulary = [...building.keys()].sort();
    return (postings = building);
  }
  function matchWord(word: string, prefix: boolean, into: Uint8Array): void {
    const postings = wordIndex();
    if (!prefix) {
      for (const position of postings.get(word) ?? []) into[position] = 1;
      return;
    }
    for (let index = lowerBound(vocabulary, word); index < vocabulary.length && vocabulary[index].startsWith(word); index += 1) {
      for (const position of postings.get(vocabulary[index]) ?? []) into[position] = 1;
    }
  }
  return { indexWords, complete: () => void wordIndex(), matchWord };
}
