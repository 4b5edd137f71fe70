/** The model range as the build renders it (react-dom/server): the count it announces, in words. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ModelTileData } from '../../lib/range/models.ts';
import ModelRange from './ModelRange.tsx';
import { paragraphText } from '../../../tests/support/html-text.ts';

const tile = (key: string): ModelTileData => ({ key, name: `Model ${key}`, href: `/models/${key}`, description: '', bodies: ['SUV'], bodySlugs: ['suv'] });
const announced = (count: number) => {
  const html = renderToStaticMarkup(<ModelRange tiles={Array.from({ length: count }, (_, index) => tile(`m${index}`))} categories={[]} />);
  return paragraphText(html, 'aria-live="polite"');
};

describe('ModelRange', () => {
  it("announces '1 model shown' for one model, the plural otherwise", () => {
    expect(announced(1)).toBe('1 model shown');
    expect(announced(3)).toBe('3 models shown');
  });
});
