/** The search box with the visitor's recent searches (spec §9: history of 5, stored locally). */
import { useId, type KeyboardEvent } from 'react';
import type { HistoryEntry } from '../../../search/history.ts';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  history: HistoryEntry[];
}

/** Escape closes the open recent-searches list (it floats over the results) and returns focus to its toggle. */
function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
  const details = event.currentTarget;
  if (event.key !== 'Escape' || !details.open) return;
  details.open = false;
  details.querySelector('summary')?.focus();
}

export function SearchBox({ value, onChange, history }: SearchBoxProps) {
  const id = useId();
  return (
    <div className="search-box">
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={id} className="visually-hidden">
          Search stock
        </label>
        <input id={id} type="search" placeholder="Search make, model, colour or stock number" value={value} autoComplete="off" onChange={(event) => onChange(event.target.value)} />
      </form>
      {history.length > 0 && ( // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- Escape closes the recent-searches disclosure
        <details className="search-history" onKeyDown={closeOnEscape}>
          <summary>Recent searches</summary>
          <ul>
            {history.map((entry) => (
              <li key={entry.url}>
                <a href={entry.url}>{entry.label}</a>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
