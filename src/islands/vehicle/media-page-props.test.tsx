// @vitest-environment happy-dom
/**
 * The gallery as the vehicle page mounts it (VehiclePage.astro): its props in the page's data
 * block, a short key as the island's one prop. The server's render takes the props back by the
 * key; the browser reads the block and renders the same gallery, whose thumbnails, arrows, spin
 * and fullscreen views work.
 */
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { click } from '../../../tests/support/form-events.ts';
import { dataBlock } from '../../../tests/support/data-block.ts';
import MediaViewer, { MEDIA_PROPS_ID, MediaViewerFromPage, mediaViewerIslandProps, type MediaViewerProps } from './MediaViewer.tsx';

const mounted = mountRoot();
const props: MediaViewerProps = {
  name: 'Car </script> "quoted" & more',
  slides: Array.from({ length: 5 }, (_, i) => ({
    src: `/media/p${i}-800.jpg`,
    sources: [{ type: 'image/avif', srcset: `/media/p${i}-400.avif 400w, /media/p${i}-800.avif 800w` }],
    sizes: '(max-width: 820px) 100vw, 66vw',
    thumb: `/media/t${i}.jpg`,
    alt: `Car, photo ${i + 1} of 5`,
    ...(i === 0 ? { thumbSources: { src: '/media/t0-120.jpg' } } : {}),
  })),
  video: null,
  spinFrames: ['/s1.jpg', '/s2.jpg', '/s3.jpg'],
  interior: null,
  startWithSpin: false,
  autoRotate: false,
  thumbnails: true,
  externalSpin: null,
  hotspots: { exterior: [], interior: [] },
};

afterEach(() => {
  document.body.querySelectorAll('script').forEach((script) => script.remove());
});

describe('MediaViewerFromPage', () => {
  it('renders, on the server by its key and in the browser from the block, the gallery its props make', () => {
    const island = mediaViewerIslandProps(props, 'car-42');
    expect(island.props).toMatch(/^car-42 [0-9a-z]+$/);
    expect(island.text).not.toMatch(/[<>&]/);
    expect(JSON.parse(island.text)).toEqual(props);
    const direct = renderToString(<MediaViewer {...props} />);
    expect(direct).toContain('gallery__thumbs');
    expect(renderToString(<MediaViewerFromPage props={island.props} />)).toBe(direct);
    dataBlock(MEDIA_PROPS_ID, island.text);
    expect(renderToString(<MediaViewerFromPage props="car-42 elsewhere" />)).toBe(direct);
  });

  it('from the block, the thumbnails, arrows, spin and fullscreen views work', () => {
    const island = mediaViewerIslandProps(props, 'car-43');
    dataBlock(MEDIA_PROPS_ID, island.text);
    mounted.render(<MediaViewerFromPage props="car-43 elsewhere" />);
    const host = mounted.host;
    const button = (name: string) =>
      [...host.querySelectorAll('button')].find((each) => each.getAttribute('aria-label') === name || each.textContent === name)!;
    expect(host.querySelectorAll('.gallery__thumbs li')).toHaveLength(5);
    click(button('Show photo 3 of 5'));
    expect(host.querySelector('.gallery__counter')?.textContent).toBe('3 / 5');
    click(button('Next image'));
    expect(host.querySelector('.gallery__counter')?.textContent).toBe('4 / 5');
    click(button('Fullscreen'));
    expect(host.querySelector('dialog.lightbox')).not.toBeNull();
    click(button('Close fullscreen'));
    expect(host.querySelector('dialog.lightbox')).toBeNull();
    act(() => button('Spin').click());
    expect(host.querySelector('.media')?.getAttribute('data-mode')).toBe('spin');
  });
});
