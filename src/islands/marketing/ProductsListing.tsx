/**
 * Parts and accessories listing (spec §2 /vehicle-parts-and-accessories, /accessories,
 * /parts/search): search box, categories with counts, price range and 21 per page, answered
 * in the browser by the project's embedded search engine; state kept in the URL. The count a
 * change leads to is said once it settles (SettledStatus; not the count of the page as opened);
 * Clear Filters, gone once pressed, leaves focus on the search box. A page past the last opens the last.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { createListIndex } from '../../search/lists/list-index.ts';
import { parseProductsState, PRODUCTS_SEARCHABLE, productsQueryString, productsSearch, type ProductDocument, type ProductsState } from '../../lib/marketing/products.ts';
import { formatMoney } from '../../lib/text/format.ts';
import EmptyListing, { EMPTY_RESULTS_TEXT } from '../ui/EmptyListing.tsx';
import { SettledStatus } from '../ui/SettledStatus.tsx';
import '../ui/marketing.css';

interface Props {
  documents: ProductDocument[];
  /** Path of the listing page (Clear Filters target). */
  basePath: string;
  /** Focus the search box on load (/parts/search). */
  autoFocusSearch?: boolean;
}

export default function ProductsListing({ documents, basePath, autoFocusSearch = false }: Props) {
  const engine = useMemo(() => createListIndex(documents, { searchable: PRODUCTS_SEARCHABLE }), [documents]);
  const [state, setState] = useState<ProductsState>({ query: '', page: 1 });
  const [draft, setDraft] = useState({ query: '', min: '', max: '' });
  // The state the URL opened with is read: from then on a changed count is said.
  const [read, setRead] = useState(false);
  const searchBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const read = () => {
      let next = parseProductsState(window.location.search);
      // A page past the last (an old link, a bookmark from when there were more products): the
      // last page, its address in place of the one opened, as the search pages do (docs/search.md).
      const { indexName, params } = productsSearch(next);
      const { nbHits, nbPages } = engine.search(indexName, params);
      if (nbHits > 0 && next.page > nbPages) {
        next = { ...next, page: nbPages };
        window.history.replaceState(window.history.state, '', `${window.location.pathname}${productsQueryString(next)}`);
      }
      setState(next);
      setDraft({ query: next.query, min: next.price?.min?.toString() ?? '', max: next.price?.max?.toString() ?? '' });
      setRead(true);
    };
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, [engine]);

  const go = (next: ProductsState) => {
    setState(next);
    window.history.pushState({}, '', `${window.location.pathname}${productsQueryString(next)}`);
  };

  const { indexName, params } = productsSearch(state);
  const result = engine.search(indexName, params);
  const hits = result.hits;
  const categories = Object.entries(result.facets?.category ?? {});
  // Category counts ignore the chosen category so the other options stay visible (disjunctive facet).
  const countText = `${result.nbHits} ${result.nbHits === 1 ? 'product' : 'products'}`;
  const allCategories = state.category ? Object.entries(engine.search(indexName, { ...params, facetFilters: undefined, page: 0 }).facets?.category ?? {}) : categories;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const min = draft.min.trim() ? Number(draft.min) : undefined;
    const max = draft.max.trim() ? Number(draft.max) : undefined;
    const price = min !== undefined || max !== undefined ? { ...(min !== undefined && !Number.isNaN(min) ? { min } : {}), ...(max !== undefined && !Number.isNaN(max) ? { max } : {}) } : undefined;
    go({ ...state, query: draft.query.trim(), ...(price ? { price } : { price: undefined }), page: 1 });
  };

  return (
    <div className="products">
      <form className="products__search" role="search" aria-label="Parts and accessories" onSubmit={submit}>
        <div>
          <label htmlFor="products-query">Search parts and accessories</label>
          {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- focus goes to the box only when the page opens as the parts search (autoFocusSearch) */}
          <input id="products-query" ref={searchBox} name="query" type="search" value={draft.query} autoFocus={autoFocusSearch} onChange={(event) => setDraft({ ...draft, query: event.target.value })} />
        </div>
        <div>
          <label htmlFor="products-min">Min price</label>
          <input id="products-min" inputMode="numeric" value={draft.min} onChange={(event) => setDraft({ ...draft, min: event.target.value.replace(/\D/g, '') })} />
        </div>
        <div>
          <label htmlFor="products-max">Max price</label>
          <input id="products-max" inputMode="numeric" value={draft.max} onChange={(event) => setDraft({ ...draft, max: event.target.value.replace(/\D/g, '') })} />
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <div className="products__layout">
        <nav aria-label="Categories">
          <ul className="products__categories">
            <li>
              <a href="?" aria-current={!state.category ? 'true' : undefined} onClick={(event) => (event.preventDefault(), go({ ...state, category: undefined, page: 1 }))}>
                All categories
              </a>
            </li>
            {allCategories.map(([category, count]) => (
              <li key={category}>
                <a
                  href={`?category=${encodeURIComponent(category)}`}
                  aria-current={state.category === category ? 'true' : undefined}
                  onClick={(event) => (event.preventDefault(), go({ ...state, category, page: 1 }))}
                >
                  {category} <span className="muted">({count})</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          {/* Not live: only its number changed, so the number alone was read; the status says the count whole. */}
          <p className="muted">{countText}</p>
          {read && <SettledStatus text={countText} />}
          {hits.length === 0 ? (
            <EmptyListing
              message={EMPTY_RESULTS_TEXT}
              clearHref={basePath}
              onClear={(event) => {
                event.preventDefault();
                setDraft({ query: '', min: '', max: '' });
                go({ query: '', page: 1 });
                // The link goes away with the empty result: focus would drop to the page.
                searchBox.current?.focus();
              }}
            />
          ) : (
            <ul className="products__list">
              {hits.map((hit) => (
                <li key={hit.id} className="card product" data-testid="product">
                  {hit.product_image && <img src={hit.product_image} alt="" width={320} height={240} loading="lazy" />}
                  <div className="product__body">
                    <h2 className="product__name">{hit.name}</h2>
                    <p className="muted">
                      {hit.category.join(', ')}
                      {hit.part_number ? ` · Part ${hit.part_number}` : ''}
                    </p>
                    {hit.price !== undefined && <p className="product__price">{formatMoney(hit.price)}</p>}
                    {hit.description && <p>{hit.description}</p>}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {result.nbPages > 1 && (
            <nav aria-label="Pages" className="products__pages">
              <ul>
                {Array.from({ length: result.nbPages }, (_, index) => index + 1).map((page) => (
                  <li key={page}>
                    <a
                      href={productsQueryString({ ...state, page }) || '?'}
                      aria-current={page === state.page ? 'page' : undefined}
                      onClick={(event) => (event.preventDefault(), go({ ...state, page }))}
                    >
                      <span className="visually-hidden">Page </span>
                      {page}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
      </div>
    </div>
  );
}
