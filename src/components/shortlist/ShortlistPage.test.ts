/**
 * The saved cars and comparison pages' shell: the same static page for every visitor (title in
 * what the site sells, not indexed), linking the other list's page where the site has it, with
 * the island that reads this device's list and the site's shortlist file.
 */
import { describe, expect, it } from 'vitest';
import { makeSite } from '../../../tests/fixtures/make-site.ts';
import { plainText, renderedRoot } from '../../../tests/support/astro-render.ts';
import ShortlistPage from './ShortlistPage.astro';

async function shell(list: 'saved' | 'compare', fields: Record<string, unknown> = {}) {
  const site = makeSite(fields);
  return renderedRoot(ShortlistPage, {
    props: { chrome: { site, menu: [], buttons: [], footer: [], buildTime: 0 }, list },
    request: new Request(`${site.url}/${list}`),
  });
}

describe('ShortlistPage', () => {
  it('is the saved cars page, not indexed, linking the comparison', async () => {
    const root = await shell('saved');
    expect(plainText(root.querySelector('h1'))).toBe('Saved Cars');
    expect(root.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(plainText(root.querySelector('main a[href="/compare"]'))).toBe('Compare Cars');
    expect(root.querySelector('astro-island')?.getAttribute('component-url')).toMatch(/SavedCars/);
  });

  it('is the comparison, in what the site sells, linking the saved cars only where the site keeps them', async () => {
    const caravans = await shell('compare', { template: 'caravan' });
    expect(plainText(caravans.querySelector('h1'))).toBe('Compare Caravans');
    expect(plainText(caravans.querySelector('main a[href="/saved-cars"]'))).toBe('Saved Caravans');
    expect(caravans.querySelector('astro-island')?.getAttribute('component-url')).toMatch(/CompareCars/);
    const noSaves = await shell('compare', { features: { favourites: false } });
    expect(noSaves.querySelector('main a[href="/saved-cars"]')).toBeNull();
  });
});
