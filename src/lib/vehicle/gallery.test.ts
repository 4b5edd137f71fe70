import { describe, expect, it } from 'vitest';
import { externalSpinUrl, framesForDrag, galleryLayout, hotspotsOnFrame, isPriorityImage, showThumbnails, slideShowsPhoto, spinHotspots, videoSlide, wrapIndex } from './gallery.ts';

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

describe('slideShowsPhoto (issue 15: the carousel fetches photos as the shopper nears them)', () => {
  const photos = (index: number, shown: number[], count = 5) => Array.from({ length: count }, (_, at) => at).filter((at) => slideShowsPhoto(at, index, new Set(shown), count));
  it.each([
    ['on load: the first photo and the next', 0, [0], [0, 1]],
    ['after moving to the second: the first (shown), the second and the third', 1, [0, 1], [0, 1, 2]],
    ['back from the first to the last: the last, the one before it, and the first', 4, [0, 4], [0, 3, 4]],
    ['after a jump to the fourth by thumbnail: the shown, the fifth (next) and the third (previous)', 3, [0, 3], [0, 2, 3, 4]],
  ])('%s', (_what, index, shown, expected) => {
    expect(photos(index, shown)).toEqual(expected);
  });
  it('one or two photos: every slide', () => {
    expect(photos(0, [0], 1)).toEqual([0]);
    expect(photos(0, [0], 2)).toEqual([0, 1]);
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

describe('spin and thumbnails of issue 14 item 3', () => {
  it('4.4: the thumbnail strip follows the car status (in stock only, more than 3 slides)', () => {
    expect(showThumbnails(6, 'in_stock')).toBe(true);
    expect(showThumbnails(6, 'sold')).toBe(false);
    expect(showThumbnails(6, 'coming_soon')).toBe(false);
    expect(showThumbnails(3, 'in_stock')).toBe(false);
  });

  it('4.22: hotspots keep their frame (wrapped), position in % (fractions scaled, clamped) and need a text', () => {
    const spots = spinHotspots(
      [
        { x: 40, y: 50, frame: 2, title: 'Alloy wheels', description: '18-inch' },
        { x: 0.25, y: 0.5, frame: 26, title: 'Sunroof' },
        { x: 140, y: -5, frame: null, description: 'Tow bar' },
        { x: 10, y: 10, frame: 1 },
        { x: null, y: 10, frame: 1, title: 'No position' },
      ],
      24,
    );
    expect(spots).toEqual([
      { frame: 2, x: 40, y: 50, title: 'Alloy wheels', description: '18-inch' },
      { frame: 2, x: 25, y: 50, title: 'Sunroof', description: null },
      { frame: null, x: 100, y: 0, title: 'Tow bar', description: null },
    ]);
    expect(hotspotsOnFrame(spots, 2).map((spot) => spot.title)).toEqual(['Alloy wheels', 'Sunroof', 'Tow bar']);
    expect(hotspotsOnFrame(spots, 3).map((spot) => spot.title)).toEqual(['Tow bar']);
    expect(spinHotspots(null, 24)).toEqual([]);
  });

  it('2.19 / 7.25: the external provider URL needs impel on the site, a template and the car\'s spin code (escaped)', () => {
    expect(externalSpinUrl(true, 'https://spin.example/v/{spin_code}', 'AB 12/3')).toBe('https://spin.example/v/AB%2012%2F3');
    expect(externalSpinUrl(false, 'https://spin.example/v/{spin_code}', 'AB12')).toBeNull();
    expect(externalSpinUrl(true, undefined, 'AB12')).toBeNull();
    expect(externalSpinUrl(true, 'https://spin.example/v/{spin_code}', ' ')).toBeNull();
  });
});
