import { describe, expect, it } from 'vitest';
import { blogDate, blogExcerpt, sortBlogCards } from './blog.ts';

describe('blog cards', () => {
  it.each([
    ['short stays', 'A quick look at the new CX-5.', 'A quick look at the new CX-5.'],
    ['exactly 80 stays', 'x'.repeat(80), 'x'.repeat(80)],
    ['81 is cut', 'x'.repeat(81), `${'x'.repeat(80)}...`],
    [
      'cut at exactly 80, mid-word too (spec §9)',
      'The Toyota HiLux remains the best-selling ute in Australia, and this review explains why it keeps winning buyers.',
      'The Toyota HiLux remains the best-selling ute in Australia, and this review expl...',
    ],
  ])('excerpt 80: %s', (_name, text, expected) => {
    const excerpt = blogExcerpt(text);
    expect(excerpt).toBe(expected);
    expect(excerpt.replace(/\.\.\.$/, '').length).toBeLessThanOrEqual(80);
  });
  it('sorts newest first, undated last', () => {
    const cards = [
      { href: '/a', heading: 'A', description: '' },
      { href: '/b', heading: 'B', description: '', date: '2025-01-01' },
      { href: '/c', heading: 'C', description: '', date: '2025-03-01' },
    ];
    expect(sortBlogCards(cards).map((c) => c.href)).toEqual(['/c', '/b', '/a']);
  });
  it("writes the date as the site does ('3 Mar 2025', formatDay), on the dealer's calendar", () => {
    expect(blogDate('2025-03-03T09:00:00+10:00', 'Australia/Brisbane')).toBe('3 Mar 2025');
    // 14:30 UTC on 2 March is 3 March in Brisbane, still 2 March in Perth.
    expect(blogDate('2025-03-02T14:30:00Z', 'Australia/Brisbane')).toBe('3 Mar 2025');
    expect(blogDate('2025-03-02T14:30:00Z', 'Australia/Perth')).toBe('2 Mar 2025');
    // A date without a time is that day in any zone.
    expect(blogDate('2025-03-03', 'America/Los_Angeles')).toBe('3 Mar 2025');
    expect(blogDate('nope', 'Australia/Brisbane')).toBeUndefined();
    expect(blogDate(undefined, 'Australia/Brisbane')).toBeUndefined();
  });
});
