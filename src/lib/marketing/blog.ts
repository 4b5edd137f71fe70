/** Blog cards of /blog/vehicle-reviews (spec §3 Blog card, §9 blog excerpt 80). Pure. */
import type { BlogCard } from '../../schemas/marketing.ts';
import { truncateText } from '../range/models.ts';
import { dealerDay } from '../text/dealer-time.ts';
import { formatDay } from '../text/format.ts';

/** Blog card descriptions are cut to this many characters. */
export const BLOG_EXCERPT_MAX = 80;

/** The excerpt of a blog card. */
export function blogExcerpt(description: string): string {
  return truncateText(description, BLOG_EXCERPT_MAX, 'exact');
}

/** Cards newest first (undated last, in file order). */
export function sortBlogCards(cards: readonly BlogCard[]): BlogCard[] {
  return [...cards]
    .map((card, index) => ({ card, index, time: card.date ? Date.parse(card.date) : Number.NEGATIVE_INFINITY }))
    .sort((a, b) => b.time - a.time || a.index - b.index)
    .map((entry) => entry.card);
}

/** A card date as the site writes it ('3 Mar 2025', formatDay), the dealer's day in `timeZone` (site.json timezone). */
export function blogDate(iso: string | undefined, timeZone: string): string | undefined {
  return (iso && formatDay(dealerDay(iso, timeZone))) || undefined;
}
