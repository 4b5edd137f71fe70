// @vitest-environment happy-dom
/**
 * What the gallery says to a screen reader as the shopper moves between photos (WCAG 4.1.3):
 * the photo it settles on ('4 of 5'), once, from one status, in the page and in the
 * fullscreen view alike; not each step, and not a bare number.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { click } from '../../../tests/support/form-events.ts';
import { LIVE, listenLive } from '../../../tests/support/live-speech.ts';
import { SETTLE_MS } from '../ui/SettledStatus.tsx';
import MediaViewer from './MediaViewer.tsx';

const mounted = mountRoot();
const wait = async (ms: number) => act(async () => void vi.advanceTimersByTime(ms));
const slides = Array.from({ length: 5 }, (_, i) => ({ src: `/p${i}.webp`, thumb: `/t${i}.webp`, alt: `Car, photo ${i + 1} of 5` }));
const button = (name: string, within: ParentNode = mounted.host) =>
  [...within.querySelectorAll('button')].find((each) => each.getAttribute('aria-label') === name)!;
const key = (target: Element, name: string) => act(() => void target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })));

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

describe('the gallery speaks the photo it settles on', () => {
  it('one status says the photo once the steps stop, not each step', async () => {
    mounted.render(<MediaViewer name="Car" slides={slides} video={null} spinFrames={[]} interior={null} />);
    expect(mounted.host.querySelectorAll(LIVE)).toHaveLength(1);
    const { said } = listenLive(mounted.host);
    for (let step = 0; step < 3; step += 1) {
      click(button('Next image'));
      await wait(SETTLE_MS / 4);
    }
    expect(said).toEqual([]);
    await wait(SETTLE_MS);
    expect(said).toEqual(['4 of 5']);
    expect(mounted.host.querySelector('.gallery__counter')!.textContent).toBe('4 / 5');
  });

  it('in the fullscreen view one status (in the dialog) says it, not the page behind as well', async () => {
    mounted.render(<MediaViewer name="Car" slides={slides} video={null} spinFrames={[]} interior={null} />);
    click(button('Fullscreen'));
    const dialog = mounted.host.querySelector('dialog')!;
    expect(document.activeElement).toBe(button('Close fullscreen', dialog));
    const regions = [...mounted.host.querySelectorAll(LIVE)];
    expect(regions).toHaveLength(1);
    expect(dialog.contains(regions[0]!)).toBe(true);
    const { said } = listenLive(mounted.host);
    key(document.activeElement!, 'ArrowRight');
    await wait(SETTLE_MS);
    expect(said).toEqual(['2 of 5']);
    expect(dialog.querySelector('.lightbox__counter')!.textContent).toBe('2 / 5');
    // Closed: focus back on Fullscreen, the page's status again, and the photo not said again.
    key(document.activeElement!, 'Escape');
    expect(document.activeElement).toBe(button('Fullscreen'));
    expect(mounted.host.querySelectorAll(LIVE)).toHaveLength(1);
    await wait(SETTLE_MS * 2);
    expect(said).toEqual(['2 of 5']);
  });
});
