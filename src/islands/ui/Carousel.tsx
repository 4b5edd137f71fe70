/**
 * A horizontal carousel of server-rendered cards (locations, models, slides, reviews):
 * a scroll-snap track with Previous / Next buttons that are disabled at the ends (spec §4):
 * aria-disabled, not disabled, so a keyboard user pressing Next to the end keeps focus on it
 * (a focused button that becomes disabled drops focus to the page); a press there moves
 * nothing. Works without JavaScript as a swipeable track; the island only adds the arrows.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import './marketing.css';

interface Props {
  /** Accessible name of the carousel region, e.g. 'Our locations'. */
  label: string;
  /** Width class: 'wide' above 4 cards (spec §9), 'narrow' otherwise. */
  width?: 'wide' | 'narrow';
  /** Show the 'Swipe' hint on large screens (3 or fewer cards). */
  swipeHint?: boolean;
  /** How many cards it holds: fewer than a row's columns share the row instead of leaving it part empty. */
  items?: number;
  children?: ReactNode;
}

export default function Carousel({ label, width = 'narrow', swipeHint = false, items, children }: Props) {
  const track = useRef<HTMLDivElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);
  // Marks hydration: before it the arrows are inert server HTML.
  const [ready, setReady] = useState(false);

  const update = useCallback(() => {
    const element = track.current;
    if (!element) return;
    // One pixel of slack: fractional scroll positions on zoomed screens never quite reach the end.
    setAtStart(element.scrollLeft <= 1);
    setAtEnd(element.scrollLeft + element.clientWidth >= element.scrollWidth - 1);
  }, []);

  useEffect(() => {
    setReady(true);
    update();
    const element = track.current;
    if (!element) return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [update]);

  const move = (direction: -1 | 1) => {
    const element = track.current;
    if (!element || (direction < 0 ? atStart : atEnd)) return;
    const card = element.querySelector<HTMLElement>('[data-carousel-item]');
    const step = card ? card.getBoundingClientRect().width + 16 : element.clientWidth * 0.8;
    element.scrollBy({ left: direction * step, behavior: 'auto' });
    update();
  };

  return (
    <section className={`carousel carousel--${width}`} aria-roledescription="carousel" aria-label={label} data-ready={ready ? 'true' : undefined} data-items={items}>
      <div className="carousel__controls">
        {swipeHint && (
          <span className="carousel__swipe" aria-hidden="true">
            Swipe
          </span>
        )}
        <button type="button" className="carousel__arrow" onClick={() => move(-1)} aria-disabled={atStart || undefined} aria-label="Previous">
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className="carousel__arrow" onClick={() => move(1)} aria-disabled={atEnd || undefined} aria-label="Next">
          <span aria-hidden="true">›</span>
        </button>
      </div>
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrollable region must take keyboard focus (axe scrollable-region-focusable) */}
      <div className="carousel__track" ref={track} onScroll={update} tabIndex={0} role="group" aria-label={`${label}: scroll for more`}>
        {children}
      </div>
    </section>
  );
}
