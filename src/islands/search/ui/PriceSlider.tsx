/**
 * A numeric range filter (spec §5): one track with two thumbs (Radix Slider:
 * keyboard, pointer, `role="slider"` with `aria-valuetext`) and two number boxes. Moves follow
 * the rules of src/search/browser/price-slider.ts; the thumbs, the label and the boxes show the same
 * values, which are the applied filter once the 400 ms of quiet have passed. Before the island
 * is live (`live: false`: the built HTML and its first client render) the same track is drawn
 * without Radix, whose thumbs are not rendered on the server.
 */
import * as Slider from '@radix-ui/react-slider';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatMoney } from '../../../lib/text/format.ts';
import { SLIDER_DEBOUNCE_MS } from '../../../search/core/config.ts';
import { moveThumb, unitStep, type Bounds } from '../../../search/browser/price-slider.ts';
import './range-slider.css';

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
  /** False while the island shows the build's results (controls drawn, not wired). */
  live?: boolean;
}

const PRICE_LABELS = { min: 'Minimum price', max: 'Maximum price', minBox: 'Min price', maxBox: 'Max price' };
const money = (value: number) => formatMoney(value);
/** Thumb width in px (search.css `.range-slider__thumb`): keeps a thumb inside the track at the ends, as Radix does. */
const THUMB_PX = 24;

const percentOf = (value: number, bounds: Bounds) => (bounds.max > bounds.min ? ((value - bounds.min) / (bounds.max - bounds.min)) * 100 : 0);

/** The track as Radix draws it, for the build's HTML (no script, no hydration yet); the home hero's price slider draws it too. */
export function StaticTrack({ bounds, values, format, labels, disabled }: { bounds: Bounds; values: [number, number]; format: (value: number) => string; labels: { min: string; max: string }; disabled: boolean }) {
  const [low, high] = values.map((value) => percentOf(value, bounds));
  return (
    <span className="range-slider" data-orientation="horizontal" data-disabled={disabled ? '' : undefined}>
      <span className="range-slider__track">
        <span className="range-slider__range" style={{ left: `${low}%`, right: `${100 - high}%` }} />
      </span>
      {values.map((value, index) => {
        const percent = index === 0 ? low : high;
        // Radix's in-bounds offset: half a thumb inward at either end.
        const offset = THUMB_PX / 2 - (percent / 100) * THUMB_PX;
        return (
          <span key={index} className="range-slider__thumb-box" style={{ left: `calc(${percent}% + ${offset}px)` }}>
            <span
              className="range-slider__thumb"
              role="slider"
              tabIndex={disabled ? undefined : 0}
              aria-label={index === 0 ? labels.min : labels.max}
              aria-valuemin={bounds.min}
              aria-valuemax={bounds.max}
              aria-valuenow={value}
              aria-valuetext={format(value)}
              aria-orientation="horizontal"
              aria-disabled={disabled || undefined}
              data-thumb={index}
            />
          </span>
        );
      })}
    </span>
  );
}

/**
 * Home and End on a thumb move that thumb to its end of the range (the other thumb stays where
 * it is). Radix's Slider sends Home to the first thumb and End to the last whatever has focus, so
 * Home on the maximum reset the minimum: this handler runs first (the thumb's own onKeyDown) and
 * prevents the default, which makes Radix skip its handler.
 */
export function thumbEndKeys(bounds: Bounds, onMove: (value: number) => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    onMove(event.key === 'Home' ? bounds.min : bounds.max);
  };
}

/** A numeric range filter (price, subscription price, year, kilometres): two thumbs and two boxes. */
export function PriceSlider({ bounds, values, onCommit, debounceMs = SLIDER_DEBOUNCE_MS, title = 'Price', unit = 1000, format = money, labels = PRICE_LABELS, live = true }: PriceSliderProps) {
  const id = useId();
  const [local, setLocal] = useState<[number, number]>(values);
  const [typed, setTyped] = useState<[string, string]>([String(values[0]), String(values[1])]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const box = useRef<HTMLFieldSetElement>(null);
  /** The built thumb that had focus when the island went live: the live one takes it over. */
  const focused = useRef<number | null>(null);
  // Outside changes (URL param removed, new facet range) reset the thumbs.
  const [low, high] = values;
  useEffect(() => {
    setLocal([low, high]);
    setTyped([String(low), String(high)]);
  }, [low, high]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLayoutEffect(() => {
    if (!live || focused.current === null) return;
    const thumb = box.current?.querySelectorAll<HTMLElement>('[role="slider"]')[focused.current];
    focused.current = null;
    if (thumb && (document.activeElement === document.body || document.activeElement === null)) thumb.focus();
  }, [live]);

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
  const step = unitStep(bounds, unit);
  const disabled = bounds.max <= bounds.min;
  return (
    <fieldset className="search-price" ref={box}>
      <legend className="search-facet__title">{title}</legend>
      {/* Not live: each thumb says its own value (aria-valuetext), and the page's count line says what the filter found. */}
      <p className="search-price__values">
        {format(local[0])} – {format(local[1])}
      </p>
      <div
        className="search-price__sliders"
        onFocus={(event) => {
          const thumb = (event.target as HTMLElement).dataset.thumb;
          if (!live && thumb !== undefined) focused.current = Number(thumb);
        }}
        onBlur={() => {
          if (!live) focused.current = null;
        }}
      >
        {live ? (
          <Slider.Root
            className="range-slider"
            min={bounds.min}
            max={bounds.max}
            step={step}
            value={local}
            disabled={disabled}
            minStepsBetweenThumbs={0}
            onValueChange={(next) => {
              // Radix hands over both values: the thumb that moved is the one that differs.
              if (next[0] !== local[0]) apply('min', next[0]!);
              else if (next[1] !== local[1]) apply('max', next[1]!);
            }}
          >
            <Slider.Track className="range-slider__track">
              <Slider.Range className="range-slider__range" />
            </Slider.Track>
            <Slider.Thumb className="range-slider__thumb" aria-label={labels.min} aria-valuetext={format(local[0])} onKeyDown={thumbEndKeys(bounds, (value) => apply('min', value))} />
            <Slider.Thumb className="range-slider__thumb" aria-label={labels.max} aria-valuetext={format(local[1])} onKeyDown={thumbEndKeys(bounds, (value) => apply('max', value))} />
          </Slider.Root>
        ) : (
          <StaticTrack bounds={bounds} values={local} format={format} labels={labels} disabled={disabled} />
        )}
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
