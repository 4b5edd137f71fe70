import { describe, expect, it } from 'vitest';
import { SEARCH_VIEW_SENT, takeSentSearchView } from './search-view.ts';

describe('searchView sent by a search page before its island was live (issue 17)', () => {
  it('the island takes the mark once: a later visit to the same URL is a new search view', () => {
    const attributes = new Map<string, string>([[SEARCH_VIEW_SENT, '/search/used-cars']]);
    const page = { getAttribute: (name: string) => attributes.get(name) ?? null, removeAttribute: (name: string) => void attributes.delete(name) };
    const root = { querySelector: (selector: string) => (selector === `[${SEARCH_VIEW_SENT}]` && attributes.has(SEARCH_VIEW_SENT) ? page : null) };
    expect(takeSentSearchView(root as unknown as Document)).toBe('/search/used-cars');
    expect(takeSentSearchView(root as unknown as Document)).toBeNull();
  });

  it('nothing marked (a deep link, a page live on load, the build): null', () => {
    expect(takeSentSearchView({ querySelector: () => null } as unknown as Document)).toBeNull();
    expect(takeSentSearchView(undefined)).toBeNull();
  });
});
