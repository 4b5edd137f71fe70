/**
 * Price slider (spec §5): two thumbs and two number boxes. Moves follow the rules of
 * src/search/price-slider.ts; the committed range is sent after 400 ms of quiet.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { formatMoney } from '../../../lib/text/format.ts';
import { SLIDER_DEBOUNCE_MS } from '../../../search/config.ts';
import { moveThumb, sliderStep, type Bounds } from '../../../search/price-slider.ts';

export interface PriceSliderProps {
  bounds: Bounds;
  /** Current values (from the URL / refinement); the slider resets to these when they change. */
  values: [number, number];
  onCommit: (values: [number, number]) => void;
  debounceMs?: number;
  title?: string;
}

export function PriceSlider({ bounds, values, onCommit, debounceMs = SLIDER_DEBOUNCE_MS, title = 'Price' }: PriceSliderProps) {
  const id = useId();
  const [local, setLocal] = useState<[number, number]>(values);
  const [typed, setTyped] = useState<[string, string]>([String(values[0]), String(values[1])]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Outside changes (URL param removed, new facet range) reset the thumbs.
  useEffect(() => {
    setLocal(values);
    setTyped([String(values[0]), String(values[1])]);
  }, [values[0], values[1]]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (which: 'min' | 'max', value: number, immediate = false) => {
    const next = moveThumb(local, which, value, bounds);
    if (!next) {
      // Out-of-range input is ignored: the box shows the last good value again.
      setTyped([String(local[0]), String(local[1])]);
      return;
    }
    setLocal(next);
    setTyped([String(next[0]), String(next[1])]);
    clearTimeout(timer.current);
    if (immediate) onCommit(next);
    else timer.current = setTimeout(() => onCommit(next), debounceMs);
  };
  const step = sliderStep(bounds);
  const disabled = bounds.max <= bounds.min;
  return (
    <fieldset className="search-price">
      <legend className="search-facet__title">{title}</legend>
      <p className="search-price__values" aria-live="polite">
        {formatMoney(local[0])} – {formatMoney(local[1])}
      </p>
      <div className="search-price__sliders">
        <input type="range" aria-label="Minimum price" min={bounds.min} max={bounds.max} step={step} value={local[0]} disabled={disabled} onChange={(event) => apply('min', Number(event.target.value))} />
        <input type="range" aria-label="Maximum price" min={bounds.min} max={bounds.max} step={step} value={local[1]} disabled={disabled} onChange={(event) => apply('max', Number(event.target.value))} />
      </div>
      <div className="search-price__boxes">
        {(['min', 'max'] as const).map((which, index) => (
          <label key={which} htmlFor={`${id}-${which}`}>
            {which === 'min' ? 'Min price' : 'Max price'}
            <input
              id={`${id}-${which}`}
              type="number"
              inputMode="numeric"
              min={bounds.min}
              max={bounds.max}
              value={typed[index]}
              disabled={disabled}
              onChange={(event) => setTyped(index === 0 ? [event.target.value, typed[1]] : [typed[0], event.target.value])}
              onBlur={() => typed[index] !== String(local[index]) && apply(which, Number(typed[index]), true)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  apply(which, Number(typed[index]), true);
                }
              }}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
