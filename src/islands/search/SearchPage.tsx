/**
 * Search page island. It hydrates the build's first page of the route (plain-props UI of
 * ./ui, from ./layout-props.ts) with no search machinery, then loads the live wiring
 * (./LiveSearch.tsx: react-instantsearch, the router, the engine client) in its own chunk
 * and renders the props that module hands back into the same SearchLayout, so the DOM the
 * page painted with is updated, never replaced (docs/search.md "What loads when").
 */
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import type { HistoryEntry } from '../../search/history.ts';
import type { LiveProps } from './LiveSearch.tsx';
import { readHistory, staticLayout, type SearchPageProps } from './layout-props.ts';
import LeadModals from '../ui/LeadModals.tsx';
import type { SearchConfig } from '../../search/island-config.ts';
import { SearchLayout, type SearchLayoutProps } from './ui/SearchLayout.tsx';
import './search.css';

export type { SearchPageProps } from './layout-props.ts';

export default function SearchPage(props: SearchPageProps) {
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  useEffect(() => setHistory(readHistory()), []);
  // Typed before the live wiring loaded: shown in the box, and handed to it.
  const typed = useRef('');
  const [query, setQuery] = useState('');
  const onType = useCallback((value: string) => {
    typed.current = value;
    setQuery(value);
  }, []);
  const [Live, setLive] = useState<ComponentType<LiveProps> | null>(null);
  const [liveLayout, setLiveLayout] = useState<SearchLayoutProps | null>(null);
  useEffect(() => {
    // After hydration: the page is painted and interactive with the build's results meanwhile.
    let cancelled = false;
    void import('./LiveSearch.tsx').then((module) => {
      if (!cancelled) setLive(() => module.default);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  let layout = liveLayout;
  if (!layout) {
    const snapshot = staticLayout(props, history);
    layout = { ...snapshot, searchBox: { ...snapshot.searchBox, value: query, onChange: onType } };
  }
  return (
    <>
      {Live && <Live {...props} history={history} onHistory={setHistory} onLayout={setLiveLayout} typed={typed} />}
      <SearchLayout {...layout}>
        <QuickEnquiry config={props.config} />
      </SearchLayout>
    </>
  );
}

/** One Quick Enquiry dialog for every card: it takes the car of the button that opened it (data-car). */
function QuickEnquiry({ config }: { config: SearchConfig }) {
  return <LeadModals config={config.leads.form} enquireLabel="Quick Enquiry" compact />;
}
