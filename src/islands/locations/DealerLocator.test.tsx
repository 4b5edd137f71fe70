/** The dealer locator as the build renders it (react-dom/server): how many locations it lists, in words. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import DealerLocator, { type LocatorEntry } from './DealerLocator.tsx';
import { paragraphText } from '../../../tests/support/html-text.ts';
import { controlNames } from '../../../tests/support/control-names.ts';

const entry = (slug: string): LocatorEntry => ({ slug, name: `Yard ${slug}`, address: '1 Main St, Brisbane QLD', directions: 'https://maps.example/dir' });
const summary = (count: number) => {
  const html = renderToStaticMarkup(<DealerLocator locations={Array.from({ length: count }, (_, index) => entry(`y${index}`))} />);
  return paragraphText(html, 'aria-live="polite"');
};

describe('DealerLocator', () => {
  it("says '1 location' for one, the plural otherwise", () => {
    expect(summary(1)).toBe('1 location');
    expect(summary(3)).toBe('3 locations');
  });

  it('names each Get Directions link with its location and says it opens a new tab (WCAG 2.4.4)', () => {
    const html = renderToStaticMarkup(<DealerLocator locations={[entry('a'), entry('b')]} />);
    const directions = controlNames(html).filter((control) => control.visible === 'Get Directions');
    expect(directions.map(({ name, newTab }) => [name, newTab])).toEqual([
      ['Get Directions to Yard a (opens in a new tab)', true],
      ['Get Directions to Yard b (opens in a new tab)', true],
    ]);
  });
});
