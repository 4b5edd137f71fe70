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
  /** Values move in whole units (spec §5: 1000 for price and km; 1 for years). */
  unit?: number;
  /** How a value reads ('$25,000', '2021', '50,000 km'). */
  format?: (value: number) => string;
  /** Accessible names of the two thumbs and the two boxes. */
  labels?: { min: string; max: string; minBox: string; maxBox: string };
}

const PRICE_LABELS = { min: 'Minimum price', max: 'Maximum price', minBox: 'Min price', maxBox: 'Max price' };
const money = (value: number) => formatMoney(value);

/** A numeric range filter (price, subscription price, year, kilometres): two thumbs and two boxes. */
export function PriceSlider({ bounds, values, onCommit, debounceMs = SLIDER_DEBOUNCE_MS, title = 'Price', unit = 1000, format = money, labels = PRICE_LABELS }: PriceSliderProps) {
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
    const next = moveThumb(local, which, value, bounds, unit);
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
  const step = unit >= 1000 ? sliderStep(bounds) : Math.max(unit, Math.round(sliderStep(bounds)));
  const disabled = bounds.max <= bounds.min;
  return (
    <fieldset className="search-price">
      <legend className="search-facet__title">{title}</legend>
      <p className="search-price__values" aria-live="polite">
        {format(local[0])} – {format(local[1])}
      </p>
      <div className="search-price__sliders">
        <input type="range" aria-label={labels.min} min={bounds.min} max={bounds.max} step={step} value={local[0]} disabled={disabled} onChange={(event) => apply('min', Number(event.target.value))} />
        <input type="range" aria-label={labels.max} min={bounds.min} max={bounds.max} step={step} value={local[1]} disabled={disabled} onChange={(event) => apply('max', Number(event.target.value))} />
      </div>
      <div className="search-price__boxes">
        {(['min', 'max'] as const).map((which, index) => (
          <label key={which} htmlFor={`${id}-${which}`}>
            {which === 'min' ? labels.minBox : labels.maxBox}
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
