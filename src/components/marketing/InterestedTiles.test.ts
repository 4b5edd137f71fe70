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

  it('shows a tile’s image, lazily, sized, decorative beside its title unless the tile gives its text (image_alt)', async () => {
    const tiles = [
      { title: 'Caravan Finance', text: '', href: '/finance', image: '/media/tiles/finance.jpg' },
      {
        title: 'Winter Sale',
        text: 'Ends soon.',
        href: '/special-offers',
        image: 'https://img.example.com/sale.jpg',
        image_alt: 'Up to $5,000 off selected vans',
      },
      { title: 'Book a Service', text: '', href: '/book-a-service' },
    ];
    const root = await renderedRoot(InterestedTiles, { props: { tiles, tradeIn: true } });
    const images = [...root.querySelectorAll('.interested__tile img')];
    expect(images).toHaveLength(2);
    expect(
      images.map((image) => [
        image.getAttribute('src'),
        image.getAttribute('alt'),
        image.getAttribute('loading'),
        image.getAttribute('width'),
        image.getAttribute('height'),
      ]),
    ).toEqual([
      ['/media/tiles/finance.jpg', '', 'lazy', '400', '225'],
      ['https://img.example.com/sale.jpg', 'Up to $5,000 off selected vans', 'lazy', '400', '225'],
    ]);
    // In the tile's link, before its title: the link is named by its title.
    expect(images[0].closest('a')?.getAttribute('href')).toBe('/finance');
  });
});
