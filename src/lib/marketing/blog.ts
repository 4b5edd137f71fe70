/** Blog cards of /blog/vehicle-reviews (spec §3 Blog card, §9 blog excerpt 80). Pure. */
import type { BlogCard } from '../../schemas/marketing.ts';
import { truncateText } from '../range/models.ts';

/** Blog card descriptions are cut to this many characters. */
export const BLOG_EXCERPT_MAX = 80;

/** The excerpt of a blog card. */
export function blogExcerpt(description: string): string {
  return truncateText(description, BLOG_EXCERPT_MAX);
}

/** Cards newest first (undated last, in file order). */
export function sortBlogCards(cards: readonly BlogCard[]): BlogCard[] {
  return [...cards]
    .map((card, index) => ({ card, index, time: card.date ? Date.parse(card.date) : Number.NEGATIVE_INFINITY }))
    .sort((a, b) => b.time - a.time || a.index - b.index)
    .map((entry) => entry.card);
}

/** '3 March 2025' for a card date. */
export function blogDate(iso: string | undefined, timeZone = 'Australia/Brisbane'): string | undefined {
  if (!iso || Number.isNaN(Date.parse(iso))) return undefined;
  return new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(new Date(iso));
}
