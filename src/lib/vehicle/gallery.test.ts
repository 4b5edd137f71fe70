import { describe, expect, it } from 'vitest';
import { framesForDrag, galleryLayout, isPriorityImage, videoSlide, wrapIndex } from './gallery.ts';

describe('galleryLayout', () => {
  it.each([
    [1, false, false],
    [3, false, false],
    [4, true, false],
    [5, true, false],
    [6, true, true],
  ])('%s images -> thumbnails %s, scrolling %s', (count, thumbnails, scrollThumbnails) => {
    expect(galleryLayout(count)).toEqual({ thumbnails, scrollThumbnails });
  });
  it('gives priority to the first two images only', () => {
    expect([0, 1, 2].map(isPriorityImage)).toEqual([true, true, false]);
  });
});

describe('wrapIndex and framesForDrag', () => {
  it.each([
    [0, -1, 24, 23],
    [23, 1, 24, 0],
    [5, 3, 24, 8],
    [0, -25, 24, 23],
    [0, 1, 0, 0],
  ])('wrapIndex(%s, %s, %s) -> %s', (index, step, count, expected) => {
    expect(wrapIndex(index, step, count)).toBe(expected);
  });
  it.each([
    [19, 0],
    [20, 1],
    [-20, -1],
    [-39, -1],
    [61, 3],
  ])('drag %spx -> %s frames', (delta, frames) => {
    expect(framesForDrag(delta)).toBe(frames);
  });
});

describe('videoSlide', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', { kind: 'embed', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' }],
    ['https://youtu.be/dQw4w9WgXcQ', { kind: 'embed', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' }],
    ['https://vimeo.com/123456', { kind: 'embed', src: 'https://player.vimeo.com/video/123456' }],
    ['https://cdn.example.com/walkaround.mp4', { kind: 'file', src: 'https://cdn.example.com/walkaround.mp4' }],
    ['javascript:alert(1)', null],
    ['https://example.com/page', null],
    ['not a url', null],
    [null, null],
  ])('%s', (url, expected) => {
    expect(videoSlide(url)).toEqual(expected);
  });
});
