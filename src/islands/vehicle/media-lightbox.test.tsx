// @vitest-environment happy-dom
/**
 * The fullscreen photo viewer is a modal dialog in the browser's sense: the native <dialog>
 * opened with showModal() (the page behind inert), so focus cannot leave it and Escape still
 * closes it after a click on the photo or the counter dropped focus to the page; the arrow
 * keys still move between photos from there.
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { click } from '../../../tests/support/form-events.ts';
import MediaViewer from './MediaViewer.tsx';

const mounted = mountRoot();
const slides = Array.from({ length: 5 }, (_, i) => ({ src: `/p${i}.webp`, thumb: `/t${i}.webp`, alt: `Car, photo ${i + 1} of 5` }));
const button = (name: string, within: ParentNode = mounted.host) =>
  [...within.querySelectorAll('button')].find((each) => each.getAttribute('aria-label') === name)!;
const key = (target: EventTarget, name: string) =>
  act(() => void target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true })));

afterEach(() => vi.restoreAllMocks());

describe('the fullscreen viewer', () => {
  it('is a native dialog opened modally, named, with focus on Close', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    mounted.render(<MediaViewer name="Car" slides={slides} video={null} spinFrames={[]} interior={null} />);
    click(button('Fullscreen'));
    const dialog = mounted.host.querySelector('dialog.lightbox') as HTMLDialogElement;
    expect(dialog).not.toBeNull();
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-label')).toBe('Photos of Car, fullscreen');
    expect(document.activeElement).toBe(button('Close fullscreen', dialog));
  });

  it('after focus fell to the page (a click on the photo), arrows still move and Escape still closes, focus back on Fullscreen', () => {
    mounted.render(<MediaViewer name="Car" slides={slides} video={null} spinFrames={[]} interior={null} />);
    click(button('Fullscreen'));
    const dialog = mounted.host.querySelector('.lightbox')!;
    act(() => (document.activeElement as HTMLElement).blur());
    expect(document.activeElement).toBe(document.body);
    key(document.body, 'ArrowRight');
    expect(dialog.querySelector('.lightbox__counter')!.textContent).toBe('2 / 5');
    key(document.body, 'Escape');
    expect(mounted.host.querySelector('.lightbox')).toBeNull();
    expect(document.activeElement).toBe(button('Fullscreen'));
  });

  it('Tab from the page body goes back into the viewer (Shift+Tab to its last control)', () => {
    mounted.render(<MediaViewer name="Car" slides={slides} video={null} spinFrames={[]} interior={null} />);
    click(button('Fullscreen'));
    const dialog = mounted.host.querySelector('.lightbox')!;
    act(() => (document.activeElement as HTMLElement).blur());
    key(document.body, 'Tab');
    expect(document.activeElement).toBe(button('Close fullscreen', dialog));
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => void document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, cancelable: true })));
    expect(document.activeElement).toBe(button('Next image', dialog));
  });

  it('Close closes it and returns focus to Fullscreen', () => {
    mounted.render(<MediaViewer name="Car" slides={slides} video={null} spinFrames={[]} interior={null} />);
    click(button('Fullscreen'));
    click(button('Close fullscreen'));
    expect(mounted.host.querySelector('.lightbox')).toBeNull();
    expect(document.activeElement).toBe(button('Fullscreen'));
    expect(document.body.style.overflow).toBe('');
  });
});
