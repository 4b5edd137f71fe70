/** The home page's reviews summary: 'Based on 1,240 reviews on Google', and one review in the singular. */
import reactRenderer from '@astrojs/react/server.js';
import { experimental_AstroContainer } from 'astro/container';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ReviewsFileSchema } from '../../schemas/reviews.ts';
import Reviews from './Reviews.astro';
import { paragraphText } from '../../../tests/support/html-text.ts';

/** The summary line for a reviews file stating `count` reviews. */
async function summary(count: number, average = 4.8): Promise<string> {
  const container = await experimental_AstroContainer.create();
  // The carousel is a React island.
  container.addServerRenderer({ renderer: reactRenderer, name: '@astrojs/react' });
  const file = v.parse(ReviewsFileSchema, { average_rating: average, count, reviews: [{ id: 1, customer_name: 'Sam', text: 'Great service.', rating: 5 }] });
  const html = await container.renderToString(Reviews, { props: { file, enabled: true } });
  return paragraphText(html, 'class="reviews__summary"');
}

describe('Reviews summary', () => {
  it('groups the count in thousands', async () => {
    expect(await summary(1240)).toBe('★★★★☆ 4.8 · Rated 4.8 out of 5 · Based on 1,240 reviews on Google');
  });

  it('shows the average’s stars, not always five: its whole stars, rounded down, never more than the average', async () => {
    expect(await summary(240, 4.3)).toBe('★★★★☆ 4.3 · Rated 4.3 out of 5 · Based on 240 reviews on Google');
    expect(await summary(240, 4.5)).toMatch(/^★★★★☆ 4\.5 /);
  });

  it('a review card draws its own rating by the same rule: 4.5 is four stars, not five', async () => {
    const container = await experimental_AstroContainer.create();
    container.addServerRenderer({ renderer: reactRenderer, name: '@astrojs/react' });
    const file = v.parse(ReviewsFileSchema, { average_rating: 4.5, count: 1, reviews: [{ id: 1, customer_name: 'Sam', text: 'Great service.', rating: 4.5 }] });
    const html = await container.renderToString(Reviews, { props: { file, enabled: true } });
    expect(paragraphText(html, 'class="review__rating"')).toBe('★★★★☆');
  });

  it('names one review in the singular', async () => {
    expect(await summary(1)).toContain('Based on 1 review on Google');
  });
});
