/**
 * The frame both stored-list pages (saved cars, comparison) draw their cars in: busy until the
 * list is ready, the status a Remove sets, the empty list's message with a way to the stock, and
 * once there are cars to show, the failed file's alert before them.
 */
import type { ReactNode } from 'react';
import { SHORTLIST_FILE_FAILED, type ShortlistPage, type StoredShortlistCar } from './use-shortlist.ts';

interface Props {
  /** The page's state (useShortlistPage). */
  page: ShortlistPage<StoredShortlistCar>;
  /** The site's all-stock search page. */
  stockHref: string;
  /** What the empty list's message says (it takes the focus after the last Remove). */
  empty: ReactNode;
  /** The cars, shown only while there are some. */
  children: ReactNode;
}

/** A stored list's page around its cars. */
export default function ShortlistFrame({ page, stockHref, empty, children }: Props) {
  const { list, cars, ready, failed, root, message } = page;
  return (
    <div className="shortlist" ref={root} aria-busy={!ready} data-state={ready ? 'ready' : 'loading'}>
      <p className="visually-hidden" role="status">
        {message}
      </p>
      {ready && list.length === 0 && (
        <div className="shortlist__empty">
          <p tabIndex={-1} data-shortlist-empty>
            {empty}
          </p>
          <p>
            <a className="button" href={stockHref}>
              Browse our stock
            </a>
          </p>
        </div>
      )}
      {cars.length > 0 && (
        <>
          {failed && <p role="alert">{SHORTLIST_FILE_FAILED}</p>}
          {children}
        </>
      )}
    </div>
  );
}
