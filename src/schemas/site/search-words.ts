/**
 * site.json `search_words`: the dealer's own words for the sentence search (docs/search.md
 * "Sentences"). Each entry names phrases and exactly one meaning: facet values, a range, or
 * nothing. The shape is checked here; the build checks the facet and range names against the
 * search's own lists (src/search/build-time/page-data.ts `searchWordsProblems`).
 */
import * as v from 'valibot';

const phrase = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'a phrase is empty'),
  v.maxLength(60, 'a phrase is longer than 60 characters'),
  v.regex(/\p{L}/u, 'a phrase needs a letter (numbers alone are read as prices, years and kilometres)'),
);

const bounds = v.pipe(
  v.strictObject({
    /** Lowest value (inclusive). */
    min: v.optional(v.number()),
    /** Highest value (inclusive). */
    max: v.optional(v.number()),
  }),
  v.check((range) => range.min !== undefined || range.max !== undefined, 'a range needs min, max or both'),
  v.check((range) => range.min === undefined || range.max === undefined || range.min <= range.max, 'min is above max'),
);

export const SearchWordSchema = v.pipe(
  v.strictObject({
    /** Phrases a shopper types, e.g. ['tradie ute', 'work ute']; spaces, hyphens and case do not matter. */
    words: v.pipe(v.array(phrase), v.minLength(1, 'words is empty')),
    /** Facet values the phrases mean, e.g. { "body": ["Ute", "Cab Chassis"] } (several facets: all must match). */
    refine: v.optional(
      v.record(v.string(), v.pipe(v.array(v.pipe(v.string(), v.minLength(1, 'a value is empty'))), v.minLength(1, 'a facet needs at least one value'))),
    ),
    /** A range the phrases mean, e.g. { "price": { "max": 15000 } }: price, km, year, body_length or subscription_price. */
    range: v.optional(v.record(v.string(), bounds)),
    /** true: the phrases mean nothing to filter by and never become keywords (e.g. the dealer's own name). */
    ignore: v.optional(v.literal(true)),
  }),
  v.check(
    (entry) => [entry.refine, entry.range, entry.ignore].filter((meaning) => meaning !== undefined).length === 1,
    'give exactly one of refine, range or ignore',
  ),
  v.check((entry) => !entry.range || Object.keys(entry.range).length === 1, 'range names one attribute'),
  v.check((entry) => !entry.refine || Object.keys(entry.refine).length > 0, 'refine names no facet'),
);

export type SearchWord = v.InferOutput<typeof SearchWordSchema>;
