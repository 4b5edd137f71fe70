/**
 * The spec §8 empty results card a listing (offers, products, stock search) shows when nothing
 * matches: "No Results Available", the listing's own sentence, and Clear Filters back to the
 * unfiltered listing. `className` is the listing's own card style (default empty-card).
 */
import type { MouseEvent } from 'react';

/** Spec §8 search variant of the card's sentence: the stock search and the products listing. */
export const EMPTY_RESULTS_TEXT = 'No results found for your search at this time. Please try adjusting the filters for more results.';

export default function EmptyListing({ message, clearHref, onClear, testId, className = 'empty-card' }: { message: string; clearHref: string; onClear?: (event: MouseEvent<HTMLAnchorElement>) => void; testId?: string; className?: string }) {
  return (
    <div className={`card ${className}`} data-testid={testId}>
      <h2>No Results Available</h2>
      <p>{message}</p>
      <a className="button" href={clearHref} onClick={onClear}>
        Clear Filters
      </a>
    </div>
  );
}
