/**
 * The card a marketing listing (offers, products) shows when nothing matches: "No Results
 * Available", the listing's own sentence, and Clear Filters back to the unfiltered listing.
 */
import type { MouseEvent } from 'react';

export default function EmptyListing({ message, clearHref, onClear, testId }: { message: string; clearHref: string; onClear?: (event: MouseEvent<HTMLAnchorElement>) => void; testId?: string }) {
  return (
    <div className="card empty-card" data-testid={testId}>
      <h2>No Results Available</h2>
      <p>{message}</p>
      <a className="button" href={clearHref} onClick={onClear}>
        Clear Filters
      </a>
    </div>
  );
}
