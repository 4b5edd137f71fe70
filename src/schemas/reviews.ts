/**
 * reviews.json: customer reviews (spec §3 "Review", §5 "Reviews shown only if average rating
 * exceeds minimum and reviews not hidden", §9 minimum 4, 12 shown).
 */
import * as v from 'valibot';
import { imageSource } from './site/common.ts';

export const ReviewSchema = v.strictObject({
  id: v.union([v.number(), v.string()]),
  customer_name: v.pipe(v.string(), v.minLength(1)),
  text: v.optional(v.string(), ''),
  rating: v.pipe(v.number(), v.minValue(1), v.maxValue(5)),
  /** The reviewer's picture: a site path or an https URL (imageSource). */
  image: v.optional(imageSource),
  created_at_time_ago_in_words: v.optional(v.string()),
  /** ISO date of the review. */
  review_date: v.optional(v.string()),
  review_date_in_words: v.optional(v.string()),
  reply_text: v.optional(v.string()),
  reply_date: v.optional(v.string()),
});

export const ReviewsFileSchema = v.strictObject({
  /** Hide the reviews block on this site. Default false. */
  hidden: v.optional(v.boolean(), false),
  /** The average must exceed this to show reviews. Default 4. */
  minimum_rating: v.optional(v.number(), 4),
  /** Average of all reviews (e.g. Google's); default: the average of `reviews`. */
  average_rating: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(5))),
  /** Number of reviews the average is based on; default: the length of `reviews`. */
  count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** Where the reviews come from, e.g. 'Google'. */
  source: v.optional(v.string(), 'Google'),
  reviews: v.optional(v.array(ReviewSchema), []),
});

export type Review = v.InferOutput<typeof ReviewSchema>;
export type ReviewsFile = v.InferOutput<typeof ReviewsFileSchema>;
