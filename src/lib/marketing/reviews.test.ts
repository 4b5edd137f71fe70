import { describe, expect, it } from 'vitest';
import { parseTenantFile } from '../../schemas/tenant-files.ts';
import { averageRating, ratingLabel, ratingStars, reviewCountText, reviewDateLabel, reviewReply, reviewsSummary, reviewsToShow, shouldShowReviews } from './reviews.ts';

const reviews = (ratings: number[]) => ratings.map((rating, id) => ({ id, customer_name: `C${id}`, rating }));
const file = (input: Record<string, unknown>) => parseTenantFile('reviews', input);

describe('reviews shown only when the average exceeds the minimum (4) and not hidden', () => {
  it.each([
    ['average 4.5', { reviews: reviews([5, 4]) }, true, true],
    ['average exactly 4', { reviews: reviews([4, 4]) }, true, false],
    ['stated Google average 4.5 wins', { average_rating: 4.5, count: 242, reviews: reviews([3]) }, true, true],
    ['hidden', { hidden: true, reviews: reviews([5]) }, true, false],
    ['feature flag off', { reviews: reviews([5]) }, false, false],
    ['no reviews', { average_rating: 4.9 }, true, false],
    ['higher minimum 4.6', { minimum_rating: 4.6, reviews: reviews([5, 4]) }, true, false],
    ['average 4.048 (twenty 4s and one 5) exceeds 4 though it shows as 4.0', { reviews: reviews([...Array<number>(20).fill(4), 5]) }, true, true],
    ['average 3.96 does not exceed 4 though it shows as 4.0', { reviews: reviews([...Array<number>(24).fill(4), 3]) }, true, false],
  ])('%s', (_name, input, feature, expected) => expect(shouldShowReviews(file(input), feature)).toBe(expected));
  it('no file', () => expect(shouldShowReviews(undefined)).toBe(false));
});

describe('reviewsToShow', () => {
  it('shows 12, newest first', () => {
    const many = Array.from({ length: 15 }, (_, id) => ({ id, customer_name: `C${id}`, rating: 5, text: '', review_date: `2026-01-${String(id + 1).padStart(2, '0')}` }));
    const shown = reviewsToShow(many);
    expect(shown).toHaveLength(12);
    expect(shown[0].id).toBe(14);
    expect(shown[11].id).toBe(3);
  });
  it('puts the dated reviews newest first though some have no date (those follow, in file order)', () => {
    const dated = (id: number, date?: string) => ({ id, customer_name: `C${id}`, rating: 5, text: '', ...(date ? { review_date: date } : {}) });
    const mixed = [dated(0, '2020-01-01'), dated(1), dated(2, '2026-01-01'), dated(3, '2025-01-01'), dated(4)];
    expect(reviewsToShow(mixed).map((r) => r.id)).toEqual([2, 3, 0, 1, 4]);
    // 13 dated reviews and one undated: the 12 shown are the 12 newest.
    const many = [dated(100), ...Array.from({ length: 13 }, (_, id) => dated(id, `${2010 + id}-06-01`))];
    expect(reviewsToShow(many).map((r) => r.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });
    it('keeps file order when undated', () => {
    expect(reviewsToShow(file({ reviews: reviews([5, 4, 3]) }).reviews).map((r) => r.id)).toEqual([0, 1, 2]);
  });
  it('average and label', () => {
    expect(averageRating(reviews([5, 4, 4]))).toBe(4.3);
    expect(averageRating([])).toBe(0);
    expect(reviewsSummary(file({ reviews: reviews([...Array<number>(20).fill(4), 5]) })).average).toBe(4);
    expect(ratingLabel(4.5)).toBe('Rated 4.5 out of 5');
    expect(ratingLabel(5)).toBe('Rated 5 out of 5');
  });
  it('count: grouped in thousands, one review in the singular', () => {
    expect(reviewCountText(1012)).toBe('1,012 reviews');
    expect(reviewCountText(1)).toBe('1 review');
  });
});

describe('3.12: review reply dates', () => {
  it('3.12: formats a date-only reply date as the calendar day and keeps the reply text', () => {
    expect(reviewReply({ reply_text: ' Thanks! ', reply_date: '2026-11-15' }, 'Australia/Perth')).toEqual({ text: 'Thanks!', date: '2026-11-15', dateLabel: '15 Nov 2026' });
    expect(reviewDateLabel('2026-01-01T00:30:00+10:00', 'Australia/Brisbane')).toBe('1 Jan 2026');
  });
  it("3.12: a reply's instant is dated on the dealer's wall clock (site.json timezone), not Brisbane's", () => {
    // 1:30 am on New Year's Day in Brisbane is still 31 December in Perth.
    expect(reviewDateLabel('2026-01-01T01:30:00+10:00', 'Australia/Perth')).toBe('31 Dec 2025');
    expect(reviewReply({ reply_text: 'Thanks', reply_date: '2025-12-31T14:30:00Z' }, 'Australia/Sydney')?.dateLabel).toBe('1 Jan 2026');
  });
  it('3.12: a reply without a usable date has no date; no reply text, no reply', () => {
    expect(reviewReply({ reply_text: 'Thanks', reply_date: 'last week' }, 'Australia/Brisbane')).toEqual({ text: 'Thanks', date: null, dateLabel: null });
    expect(reviewReply({ reply_text: '  ', reply_date: '2026-11-15' }, 'Australia/Brisbane')).toBeNull();
    expect(reviewReply({}, 'Australia/Brisbane')).toBeNull();
  });
});

describe('ratingStars', () => {
  it('is five stars, as many filled as the whole stars in the rating (rounded down, never more than it), the rest empty', () => {
    expect([4.8, 4.5, 4.44, 4.1, 3, 0, 5].map(ratingStars)).toEqual(['★★★★☆', '★★★★☆', '★★★★☆', '★★★★☆', '★★★☆☆', '☆☆☆☆☆', '★★★★★']);
    // Of the figure beside it: 4.46 is shown 4.5 (four stars), 4.96 is shown 5 (five).
    expect(ratingStars(4.46)).toBe('★★★★☆');
    expect(ratingStars(4.96)).toBe('★★★★★');
    expect([7, -1, Number.NaN].map(ratingStars)).toEqual(['★★★★★', '☆☆☆☆☆', '☆☆☆☆☆']);
  });
});
