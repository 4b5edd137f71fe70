/** The search box with the visitor's recent searches (spec §9: history of 5, stored locally). */
import { useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import type { HistoryEntry } from '../../../search/browser/history.ts';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter: the text is read as a sentence (src/search/browser/sentence.ts); `text` is what the box holds at that moment. */
  onSubmit?: (text: string) => void;
  history: HistoryEntry[];
}

/** Escape closes the open recent-searches list (it floats over the results) and returns focus to its toggle. */
function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
  const details = event.currentTarget;
  if (event.key !== 'Escape' || !details.open) return;
  details.open = false;
  details.querySelector('summary')?.focus();
}

export function SearchBox({ value, onChange, onSubmit, history }: SearchBoxProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    // Text typed into the built box while the island hydrated is the query: taking it over
    // before the first re-render keeps React from writing the empty value back over it (the
    // next keystroke would then stand alone; see client:interaction).
    const typed = input.current?.value ?? '';
    if (typed !== value) onChange(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: what the built box holds when the island takes it over
  }, []);
  return (
    <div className="search-box">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          // The box's own text, not the last render's value: an Enter replayed right after the text
          // (client:interaction) may come before a render.
          onSubmit?.(input.current?.value ?? value);
        }}
      >
        <label htmlFor={id} className="visually-hidden">
          Search stock
        </label>
        <input
          ref={input}
          id={id}
          type="search"
          placeholder="Search make, model, colour or stock number"
          value={value}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
        />
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
