// @vitest-environment happy-dom
/**
 * The carousel's arrows by keyboard (WCAG 2.4.3): Next pressed until the end is unavailable
 * there but keeps focus (a focused button that becomes disabled drops focus to the page),
 * and a press then moves nothing.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { browserFocusFixup, click } from '../../../tests/support/form-events.ts';
import Carousel from './Carousel.tsx';

const mounted = mountRoot();

/** A track 300 px wide holding 900 px of cards, one card (300 px) a step (happy-dom lays nothing out). */
function layOut(track: HTMLElement) {
  let left = 0;
  Object.defineProperties(track, {
    clientWidth: { value: 300 },
    scrollWidth: { value: 900 },
    scrollLeft: { get: () => left },
    scrollBy: { value: ({ left: by }: { left: number }) => (left = Math.min(600, Math.max(0, left + Math.sign(by) * 300))) },
  });
  act(() => void track.dispatchEvent(new Event('scroll')));
}

describe('Carousel', () => {
  it('Next keeps keyboard focus at the end, unavailable there; Previous is unavailable at the start', async () => {
    const stopFixup = browserFocusFixup();
    try {
      mounted.render(
        <Carousel label="Models">
          {[1, 2, 3].map((card) => (
            <article key={card} data-carousel-item>
              Card {card}
            </article>
          ))}
        </Carousel>,
      );
      layOut(mounted.host.querySelector<HTMLElement>('.carousel__track')!);
      const [previous, next] = [...mounted.host.querySelectorAll<HTMLButtonElement>('.carousel__arrow')];
      expect(previous!.matches(':disabled, [aria-disabled="true"]')).toBe(true);
      expect(next!.matches(':disabled, [aria-disabled="true"]')).toBe(false);
      next!.focus();
      click(next!);
      click(next!);
      // The focus fixup (a mutation observer) runs after the click's render.
      await act(async () => undefined);
      expect(document.activeElement).toBe(next);
      expect(next!.getAttribute('aria-disabled')).toBe('true');
      expect(previous!.hasAttribute('aria-disabled')).toBe(false);
      const track = mounted.host.querySelector<HTMLElement>('.carousel__track')!;
      click(next!);
      expect(track.scrollLeft).toBe(600);
    } finally {
      stopFixup();
    }
  });
});
