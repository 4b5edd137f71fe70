/**
 * The offers pages' links: Clear Filters goes to /special-offers, the spec's default
 * clear-filters target (§2), from /offers too; 'All Offers' stays on the page shown.
 */
import { describe, expect, it } from 'vitest';
import { makeSite } from '../../../tests/fixtures/make-site.ts';
import { renderedRoot } from '../../../tests/support/astro-render.ts';
import OffersPage from './OffersPage.astro';

/** The Clear Filters and All Offers links of an offers page with no current offers. */
async function links(path: string): Promise<{ clear: string | null | undefined; all: string | null | undefined }> {
  const root = await renderedRoot(OffersPage, { props: { path, site: makeSite(), buildTime: Date.parse('2026-11-01T00:00:00Z'), offers: [] } });
  const anchors = [...root.querySelectorAll('a')];
  return {
    clear: anchors.find((anchor) => anchor.textContent?.trim() === 'Clear Filters')?.getAttribute('href'),
    all: anchors.find((anchor) => anchor.textContent?.trim() === 'All Offers')?.getAttribute('href'),
  };
}

describe('OffersPage links', () => {
  it.each(['/special-offers', '/offers'])('%s: Clear Filters goes to /special-offers, All Offers to the page itself', async (path) => {
    expect(await links(path)).toEqual({ clear: '/special-offers', all: path });
  });
});
