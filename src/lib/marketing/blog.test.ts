import { describe, expect, it } from 'vitest';
import { blogDate, blogExcerpt, sortBlogCards } from './blog.ts';

describe('blog cards', () => {
  it.each([
    ['short stays', 'A quick look at the new CX-5.', 'A quick look at the new CX-5.'],
    ['exactly 80 stays', 'x'.repeat(80), 'x'.repeat(80)],
    ['81 is cut', 'x'.repeat(81), `${'x'.repeat(80)}...`],
    [
      'cut on a word',
      'The Toyota HiLux remains the best-selling ute in Australia, and this review explains why it keeps winning buyers.',
      'The Toyota HiLux remains the best-selling ute in Australia, and this review...',
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
  it('formats the date', () => {
    expect(blogDate('2025-03-03T09:00:00+10:00')).toBe('3 March 2025');
    expect(blogDate('nope')).toBeUndefined();
  });
});
