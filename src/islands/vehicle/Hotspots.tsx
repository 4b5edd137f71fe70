/**
 * Hotspots over a spin frame or the interior view (spec §3 Car `hotspots`): one
 * button per hotspot of the frame shown, placed at its position, reachable
 * with Tab; Enter / Space (or a click) shows its description, Escape hides it. The layer sits
 * beside the spin's slider (never inside it: no nested interactive roles) and lets drags through.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import type { SpinHotspot } from '../../lib/vehicle/gallery.ts';

interface Props {
  hotspots: SpinHotspot[];
  /** What the hotspots are on, for the list's label ('360 view', 'interior'). */
  view: string;
}

export default function Hotspots({ hotspots, view }: Props) {
  const id = useId();
  const [open, setOpen] = useState<number | null>(null);
  if (hotspots.length === 0) return null;
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape') setOpen(null);
  };
  return (
    <ul className="hotspots" aria-label={`Highlights on the ${view}`} data-testid="hotspots">
      {hotspots.map((spot, index) => {
        const tip = `${id}-tip-${index}`;
        const shown = open === index;
        return (
          <li key={`${spot.frame}-${spot.x}-${spot.y}-${index}`} className="hotspots__item" style={{ left: `${spot.x}%`, top: `${spot.y}%` }}>
            <button
              type="button"
              className="hotspots__button"
              aria-expanded={shown}
              aria-controls={spot.description ? tip : undefined}
              onClick={() => setOpen(shown ? null : index)}
              onKeyDown={onKey}
            >
              <span aria-hidden="true">+</span>
              <span className="visually-hidden">{spot.title}</span>
            </button>
            {spot.description ? (
              <div id={tip} className="hotspots__tip" role="note" hidden={!shown}>
                <strong>{spot.title}</strong> {spot.description}
              </div>
            ) : (
              shown && (
                <div className="hotspots__tip" role="note">
                  <strong>{spot.title}</strong>
                </div>
              )
            )}
          </li>
        );
      })}
    </ul>
  );
}
