// @vitest-environment happy-dom
/**
 * The video slide without the thumbnail strip (3 photos and a video: spec §9 shows thumbnails
 * for more than 3 images): the arrow buttons and the arrow keys reach it, wrapping both ways.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { click } from '../../../tests/support/form-events.ts';
import MediaViewer from './MediaViewer.tsx';

const mounted = mountRoot();
const slides = Array.from({ length: 3 }, (_, i) => ({ src: `/p${i}.webp`, thumb: `/t${i}.webp`, alt: `Car, photo ${i + 1} of 3` }));
const video = { kind: 'file' as const, src: 'https://cdn.example.com/walkaround.mp4' };
const button = (name: string) => [...mounted.host.querySelectorAll('button')].find((each) => each.getAttribute('aria-label') === name)!;
const counter = () => mounted.host.querySelector('.gallery__counter')!.textContent;
const shownVideo = () => mounted.host.querySelector('.gallery__slide:not([aria-hidden="true"]) video');

describe('3 photos and a video', () => {
  it('have no strip; Previous from the first photo and ArrowRight from the third reach the video', () => {
    mounted.render(<MediaViewer name="Car" slides={slides} video={video} spinFrames={[]} interior={null} />);
    expect(mounted.host.querySelector('.gallery__thumbs')).toBeNull();
    click(button('Previous image'));
    expect(counter()).toBe('4 / 4');
    expect(shownVideo()?.getAttribute('aria-label')).toBe('Car video');
    click(button('Next image'));
    expect(counter()).toBe('1 / 4');
    const gallery = mounted.host.querySelector('.gallery')!;
    for (let step = 0; step < 3; step += 1) act(() => void gallery.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    expect(counter()).toBe('4 / 4');
    expect(shownVideo()).not.toBeNull();
  });
});
