/**
 * The results loader: shown over the grid while a search is stalled, its message
 * changing every 5 s (spec §9). It overlays the last good results (spec §4: loading keeps
 * them), so appearing and going moves nothing on the page.
 */
import { useEffect, useState } from 'react';
import { LOADER_CYCLE_MS, loaderMessageAt } from '../../../search/core/config.ts';

export function Loader() {
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTurn((current) => current + 1), LOADER_CYCLE_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="search-loader" role="status" aria-live="polite" data-loader-turn={turn}>
      <span className="search-loader__spinner" aria-hidden="true" />
      <span className="search-loader__text">{loaderMessageAt(turn * LOADER_CYCLE_MS)}</span>
    </div>
  );
}
