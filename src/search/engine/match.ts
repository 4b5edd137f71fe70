/**
 * Which documents a compiled search matches, as a mask (one byte per document): every query
 * word (the last as a prefix), then facet groups (OR inside a group, AND across groups,
 * compared on value ids), then numeric groups. Shared by the car engine and the list index;
 * the mask is a reused buffer, valid until the next call.
 */
import { fieldOf, type Column, type ColumnSource } from './columns.ts';
import type { CompiledSearch } from './filters.ts';
import { andMask, keepAnyListed, keepAnyValue, keepRange, keepValue } from './kernels.ts';
import type { WordIndex } from './word-index.ts';

/** The matcher of a set of documents: a compiled search -> the mask of the documents it matches. */
export function createMatcher(source: ColumnSource, columnFor: (attribute: string) => Column, wordIndex: WordIndex): (search: CompiledSearch) => Uint8Array {
  const { size } = source;
  const maskBuffer = new Uint8Array(size);
  const wordBuffer = new Uint8Array(size);

  /** Documents matching the text query and every filter, as a mask. */
  function candidates({ query, facetGroups, numericGroups }: CompiledSearch): Uint8Array {
    // Reused buffers: a search allocates almost nothing, so GC pauses stay out of typing.
    const mask = maskBuffer.fill(1);
    const { words, lastIsPrefix } = query;
    words.forEach((word, index) => {
      const hits = wordBuffer.fill(0);
      wordIndex.matchWord(word, lastIsPrefix && index === words.length - 1, hits);
      andMask(mask, hits);
    });
    // Facet groups: OR inside a group, AND across groups, compared on value ids.
    for (const group of facetGroups) {
      const tests = group.map((filter) => {
        const column = columnFor(filter.attribute);
        // Number labels are their own normal form: the map is the labels themselves.
        column.keys ??= new Map(column.labels.map((label, id) => [label, id]));
        return { ids: column.ids, id: column.keys.get(filter.key) ?? -2, negate: filter.negate, lists: column.lists };
      });
      if (tests.some((test) => test.lists)) keepAnyListed(mask, tests);
      else if (tests.length === 1) keepValue(mask, tests[0].ids, tests[0].id, tests[0].negate);
      else keepAnyValue(mask, tests);
    }
    for (const group of numericGroups) {
      const tests = group.map((condition) => ({ condition, column: columnFor(condition.attribute) }));
      // The usual case, one range on a number column (the price slider): compared in place.
      const only = tests.length === 1 ? tests[0] : null;
      const range = only?.condition.range;
      if (only && range && only.column.numbers) {
        keepRange(mask, only.column.numbers, range.low, range.high, range.lowIn, range.highIn);
        continue;
      }
      for (let position = 0; position < size; position += 1) {
        if (!mask[position]) continue;
        if (!tests.some(({ condition, column }) => condition.test(column.numbers ? (Number.isNaN(column.numbers[position]) ? undefined : column.numbers[position]) : fieldOf(source, position, condition.attribute)))) mask[position] = 0;
      }
    }
    return mask;
  }

  return candidates;
}

/** The page of hits a search asks for, over `matchedCount` matches (at most PAGINATION_LIMIT counted). */
export function pageWindow(params: { hitsPerPage?: number; page?: number }, matchedCount: number, defaultHitsPerPage: number, limit: number): { hitsPerPage: number; page: number; nbHits: number; start: number; end: number; nbPages: number } {
  const hitsPerPage = Math.max(0, Math.floor(params.hitsPerPage ?? defaultHitsPerPage));
  const page = Math.max(0, Math.floor(params.page ?? 0));
  const nbHits = Math.min(matchedCount, limit);
  const start = page * hitsPerPage;
  const end = Math.max(start, Math.min(start + hitsPerPage, nbHits));
  return { hitsPerPage, page, nbHits, start, end, nbPages: hitsPerPage === 0 ? 0 : Math.ceil(nbHits / hitsPerPage) };
}
