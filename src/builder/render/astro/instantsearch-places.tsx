/**
 * The places around `<InstantSearch>`'s children, for a server render that leaves InstantSearch
 * out (the search island's BuiltSearch) and must still give React's `useId` the ids the browser's
 * InstantSearch tree gives. `useId` follows the tree's shape: each list of several children is a
 * fork. In react-instantsearch-core (components/InstantSearch.js) InstantSearch renders
 * `[children, <ResetScheduleSearch>]` inside its IndexContext.Provider, and the island's children
 * are `[<Configure>, <LiveSearch>]`.
 * Contract: `<InstantSearchPlaces>{x}</InstantSearchPlaces>` renders x where LiveSearch would be.
 * It is a reliance on react-instantsearch's own tree, not its API: src/islands/search/SearchPage.test.tsx
 * renders both trees and requires the same HTML, so an upgrade that moves the places fails it.
 */
import type { ReactNode } from 'react';

export function InstantSearchPlaces({ children }: { children: ReactNode }) {
  return (
    <>
      <>
        {null}
        {children}
      </>
      {null}
    </>
  );
}
