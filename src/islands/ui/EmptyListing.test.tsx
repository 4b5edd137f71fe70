/** The empty results card of the offers and products listings (and, in its own style, the stock search): the markup the listings wrote out before. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import EmptyListing from './EmptyListing.tsx';

describe('EmptyListing (offers, products)', () => {
  it('renders the title, the listing sentence and Clear Filters to the unfiltered listing', () => {
    expect(renderToStaticMarkup(<EmptyListing testId="offers-empty" message="No offers match" clearHref="/special-offers" />)).toBe(
      '<div class="card empty-card" data-testid="offers-empty"><h2>No Results Available</h2><p>No offers match</p><a class="button" href="/special-offers">Clear Filters</a></div>',
    );
  });

  it('leaves out the test id when none is given', () => {
    expect(renderToStaticMarkup(<EmptyListing message="None" clearHref="/products" onClear={() => {}} />)).toBe(
      '<div class="card empty-card"><h2>No Results Available</h2><p>None</p><a class="button" href="/products">Clear Filters</a></div>',
    );
  });
});
