/** Pagination as real links (works before the island loads); the island intercepts clicks. */

export interface PaginationProps {
  /** 0-based current page. */
  current: number;
  nbPages: number;
  createHref: (page: number) => string;
  onSelect?: (page: number) => void;
  /** Pages either side of the current one. */
  padding?: number;
}

/** Pages to show around the current one (0-based). */
export function visiblePages(current: number, nbPages: number, padding = 2): number[] {
  const first = Math.max(0, Math.min(current - padding, nbPages - 1 - padding * 2));
  const last = Math.min(nbPages - 1, first + padding * 2);
  const pages: number[] = [];
  for (let page = first; page <= last; page += 1) pages.push(page);
  return pages;
}

export function Pagination({ current, nbPages, createHref, onSelect, padding = 2 }: PaginationProps) {
  if (nbPages <= 1) return null;
  const link = (page: number, label: string, text: string, extra: { current?: boolean } = {}) => (
    <a
      href={createHref(page)}
      aria-label={label}
      aria-current={extra.current ? 'page' : undefined}
      className={`search-pages__link${extra.current ? ' is-current' : ''}`}
      onClick={(event) => {
        if (!onSelect || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onSelect(page);
      }}
    >
      {text}
    </a>
  );
  return (
    <nav className="search-pages" aria-label="Pagination">
      <ul>
        {current > 0 && <li>{link(current - 1, 'Previous page', '‹ Previous')}</li>}
        {visiblePages(current, nbPages, padding).map((page) => (
          <li key={page}>{link(page, `Page ${page + 1}`, String(page + 1), { current: page === current })}</li>
        ))}
        {current < nbPages - 1 && <li>{link(current + 1, 'Next page', 'Next ›')}</li>}
      </ul>
    </nav>
  );
}
