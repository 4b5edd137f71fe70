/**
 * 'YOU MIGHT ALSO BE INTERESTED IN' tiles (spec §2): the default tiles state no service of the
 * dealer's it has not named (docs/tenant-files.md), and a tile's image is shown.
 */
import { describe, expect, it } from 'vitest';
import { plainText, renderedRoot } from '../../../tests/support/astro-render.ts';
import InterestedTiles from './InterestedTiles.astro';

describe('InterestedTiles', () => {
  it('the default tiles promise no finance terms or technicians', async () => {
    const root = await renderedRoot(InterestedTiles, { props: { tradeIn: true } });
    const text = plainText(root);
    expect([...root.querySelectorAll('h3')].map((heading) => plainText(heading))).toEqual(['Get Finance', 'Sell My Car', 'Book a Service']);
    expect(text).not.toMatch(/competitive|qualified technicians|genuine servicing/i);
  });
});
