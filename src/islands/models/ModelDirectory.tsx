/**
 * Manufacturer-and-model directory (spec §2, §7): search by name, filter by manufacturer and
 * body, 21 a page, answered by the embedded search engine; state in the URL (?q=&make=&bodyType=&p=).
 * A page past the last opens the last.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { createListIndex } from '../../search/lists/list-index.ts';
import { DIRECTORY_SEARCHABLE, directorySearch, parseDirectoryState, withDirectoryState, type DirectoryDocument, type DirectoryState } from '../../lib/range/directory.ts';
import './models.css';

interface Props {
  documents: DirectoryDocument[];
}

function FacetSelect({ id, label, value, options, onChange }: { id: string; label: string; value?: string; options: [string, number][]; onChange: (value?: string) => void }) {
  return (
    <div className="directory__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">All</option>
        {options.map(([option, count]) => (
          <option key={option} value={option}>
            {option} ({count})
          </option>
        ))}
      </select>
    </div>
  );
}

export default function ModelDirectory({ documents }: Props) {
  const engine = useMemo(() => createListIndex(documents, { searchable: DIRECTORY_SEARCHABLE }), [documents]);
  const [state, setState] = useState<DirectoryState>({ query: '', page: 1 });
  const [draft, setDraft] = useState('');
  // Marks hydration: before it the controls are inert server HTML.
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const read = () => {
      let next = parseDirectoryState(window.location.search);
      // A page past the last (an old link, a bookmark from when the range was larger): the last
      // page, its address in place of the one opened, as the products listing does.
      const { nbHits, nbPages } = engine.search('models', directorySearch(next));
      if (nbHits > 0 && next.page > nbPages) {
        next = { ...next, page: nbPages };
        window.history.replaceState(window.history.state, '', `${window.location.pathname}${withDirectoryState(window.location.search, next)}`);
      }
      setState(next);
      setDraft(next.query);
    };
    read();
    setReady(true);
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, [engine]);

  const go = (next: DirectoryState) => {
    setState(next);
    window.history.pushState({}, '', `${window.location.pathname}${withDirectoryState(window.location.search, next)}`);
  };

  const result = engine.search('models', directorySearch(state));
  const hits = result.hits;
  // Each select counts with the other filter applied but not its own (disjunctive facets).
  const makeCounts = Object.entries(engine.search('models', directorySearch({ ...state, manufacturer: undefined, page: 1 })).facets?.manufacturer ?? {});
  const bodyCounts = Object.entries(engine.search('models', directorySearch({ ...state, bodyType: undefined, page: 1 })).facets?.body_type ?? {});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ ...state, query: draft.trim(), page: 1 });
  };

  return (
    <section className="directory" aria-labelledby="directory-heading" data-ready={ready ? 'true' : undefined}>
      <h2 id="directory-heading">Manufacturer and Model Directory</h2>
      <form className="directory__form" role="search" aria-label="Model directory" onSubmit={submit}>
        <div className="directory__field">
          <label htmlFor="directory-query">Search models</label>
          <input id="directory-query" name="q" type="search" value={draft} onChange={(event) => setDraft(event.target.value)} />
        </div>
        <button type="submit" className="button">
          Search
        </button>
        <FacetSelect id="directory-make" label="Manufacturer" value={state.manufacturer} options={makeCounts} onChange={(manufacturer) => go({ ...state, manufacturer, page: 1 })} />
        <FacetSelect id="directory-body" label="Body type" value={state.bodyType} options={bodyCounts} onChange={(bodyType) => go({ ...state, bodyType, page: 1 })} />
      </form>
      <p className="muted" aria-live="polite">
        {result.nbHits} {result.nbHits === 1 ? 'model' : 'models'}
      </p>
      <ul className="directory__list">
        {hits.map((hit) => (
          <li key={hit.id} data-testid="directory-model">
            <a href={hit.href}>{hit.name}</a>
            <span className="muted">
              {' '}
              {hit.manufacturer}
              {hit.body_type ? ` · ${hit.body_type.join(', ')}` : ''}
              {hit.from_text ? ` · ${hit.from_text}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {result.nbPages > 1 && (
        <nav aria-label="Directory pages" className="directory__pages">
          <ul>
            {Array.from({ length: result.nbPages }, (_, index) => index + 1).map((page) => (
              <li key={page}>
                <button type="button" aria-current={page === state.page ? 'page' : undefined} onClick={() => go({ ...state, page })}>
                  <span className="visually-hidden">Page </span>
                  {page}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
