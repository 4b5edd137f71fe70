/**
 * What the hero understood of the sentence typed into it, as removable chips in the order typed
 * ('Diesel · Ute · Under $30,000 · Automatic'). Loaded with the reader, on first use: the hero's
 * own bundle carries neither.
 */
import type { ReadPart } from '../../search/core/sentence.ts';
import { partChip } from './chips.ts';
import { Chips } from './ui/Chips.tsx';

export interface HeroChipsProps {
  parts: readonly ReadPart[];
  /** Remove a part: its words leave the sentence. */
  onRemove: (part: ReadPart) => void;
  onEmptied: () => void;
}

export default function HeroChips({ parts, onRemove, onEmptied }: HeroChipsProps) {
  const chips = parts.flatMap((part, position) => {
    const chip = partChip(part, position);
    return chip ? [{ ...chip, part }] : [];
  });
  return (
    <Chips
      className="search-chips hero-stock__chips"
      label="Understood"
      chips={chips}
      onEmptied={onEmptied}
      onRemove={(key) => {
        const chip = chips.find((candidate) => candidate.key === key);
        if (chip) onRemove(chip.part);
      }}
    />
  );
}
