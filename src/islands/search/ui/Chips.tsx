/**
 * Removable chips naming the filters of a search ('Diesel', 'Ute', 'Under $30,000'). Each is a
 * button 'Remove Diesel'; after a removal, focus moves to the chip now in its place (or the one
 * before), and to `onEmptied` when none is left, so a keyboard user is never dropped to the page.
 */
import { useEffect, useRef } from 'react';

export interface ChipsProps {
  chips: readonly { key: string; label: string }[];
  onRemove: (key: string) => void;
  /** The list's accessible name. */
  label: string;
  /** Where focus goes when the last chip was removed. */
  onEmptied?: () => void;
  className?: string;
}

export function Chips({ chips, onRemove, label, onEmptied, className = 'search-chips' }: ChipsProps) {
  const list = useRef<HTMLUListElement>(null);
  const removed = useRef<number | null>(null);
  useEffect(() => {
    if (removed.current === null) return;
    const at = removed.current;
    removed.current = null;
    const buttons = list.current?.querySelectorAll('button');
    if (buttons && buttons.length > 0) buttons[Math.min(at, buttons.length - 1)]!.focus();
    else onEmptied?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once the chips change after a removal; onEmptied is the parent's callback, read at that moment
  }, [chips]);
  if (chips.length === 0) return null;
  return (
    <ul className={className} aria-label={label} ref={list}>
      {chips.map((chip, index) => (
        <li key={chip.key}>
          <button
            type="button"
            className="search-chip"
            onClick={() => {
              removed.current = index;
              onRemove(chip.key);
            }}
          >
            <span className="visually-hidden">Remove </span>
            {chip.label}
            <span className="search-chip__remove" aria-hidden="true">
              ×
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
