/**
 * Reviews rules (spec §5 "Reviews shown only if average rating exceeds minimum and reviews
 * not hidden", §9 minimum rating 4, Google full quantity 12). Pure.
 */
import type { Review, ReviewsFile } from '../../schemas/reviews.ts';
import { dealerDay } from '../text/dealer-time.ts';
import { formatCount, formatDay } from '../text/format.ts';

/** How many reviews are shown. */
export const REVIEWS_SHOWN = 12;

/** The mean of a list of reviews' ratings, unrounded; 0 for none. */
function meanRating(reviews: readonly Pick<Review, 'rating'>[]): number {
  if (reviews.length === 0) return 0;
  return reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length;
}

/** A rating to one decimal, as it is shown. */
function oneDecimal(rating: number): number {
  return Math.round(rating * 10) / 10;
}

/** Average rating (one decimal) of a list of reviews; 0 for none. */
export function averageRating(reviews: readonly Pick<Review, 'rating'>[]): number {
  return oneDecimal(meanRating(reviews));
}

/** A file's average rating, unrounded: the stated one when given, else the mean of its reviews. */
function fileAverage(file: ReviewsFile): number {
  return file.average_rating ?? meanRating(file.reviews);
}

/** The summary of a reviews file, for display: its average to one decimal and its count (stated when given, else computed). */
export function reviewsSummary(file: ReviewsFile): { average: number; count: number } {
  return { average: oneDecimal(fileAverage(file)), count: file.count ?? file.reviews.length };
}

/**
 * Whether reviews show: the feature is on, the file is not hidden, there are reviews and the
 * average exceeds the minimum. The unrounded average is compared: 4.04 exceeds 4 though it shows as 4.0.
 */
export function shouldShowReviews(file: ReviewsFile | undefined, featureEnabled = true): boolean {
  if (!file || !featureEnabled || file.hidden || file.reviews.length === 0) return false;
  return fileAverage(file) > file.minimum_rating;
}

/** The reviews shown: the dated ones newest first, then the undated ones in file order; at most 12. */
export function reviewsToShow(reviews: readonly Review[], limit = REVIEWS_SHOWN): Review[] {
  // An undated review sorts as the oldest, so every pair has one order.
  const undated = Number.NEGATIVE_INFINITY;
  return [...reviews]
    .map((review, index) => {
      const time = review.review_date ? Date.parse(review.review_date) : Number.NaN;
      return { review, index, time: Number.isNaN(time) ? undated : time };
    })
    .sort((a, b) => (a.time === b.time ? a.index - b.index : b.time - a.time))
    .slice(0, limit)
    .map((entry) => entry.review);
}

/** Star text for screen readers and cards: 'Rated 4.5 out of 5'. */
export function ratingLabel(rating: number): string {
  return `Rated ${Number.isInteger(rating) ? rating : rating.toFixed(1)} out of 5`;
}

/**
 * A rating out of 5 as five stars, as many filled as the whole stars in the rating shown (one
 * decimal, as ratingLabel), rounded down so the stars never show more than the figure:
 * 4.5 -> '★★★★☆', 4.96 (shown 5) -> '★★★★★'. Out of range: clamped; not a number: none filled.
 */
export function ratingStars(rating: number): string {
  const filled = Number.isFinite(rating) ? Math.min(5, Math.max(0, Math.floor(Number(rating.toFixed(1))))) : 0;
  return '★'.repeat(filled) + '☆'.repeat(5 - filled);
}

/** How many reviews a rating is based on: '1,012 reviews', '1 review'. */
export function reviewCountText(count: number): string {
  return formatCount(count, { one: 'review', other: 'reviews' });
}

/** A review date for people: '15 Nov 2026' (formatDay), the dealer's day in `timeZone` (site.json timezone); null when missing or not a date. */
export function reviewDateLabel(date: string | null | undefined, timeZone: string): string | null {
  return (date && formatDay(dealerDay(date, timeZone))) || null;
}

/** The dealer's reply of a review (spec §3 Review reply_text, reply_date): text and its date label, or null without a reply. */
export function reviewReply(
  review: Pick<Review, 'reply_text' | 'reply_date'>,
  timeZone: string,
): { text: string; date: string | null; dateLabel: string | null } | null {
  const text = review.reply_text?.trim();
  if (!text) return null;
  const dateLabel = reviewDateLabel(review.reply_date, timeZone);
  return { text, date: dateLabel ? (review.reply_date ?? null) : null, dateLabel };
}
