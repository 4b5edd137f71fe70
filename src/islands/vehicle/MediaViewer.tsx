/**
 * Vehicle media (spec §2 gallery, video slide, spin view, fullscreen gallery; §9 thumbnails):
 * an image slider with thumbnails, an optional video slide, a fullscreen gallery with arrow
 * buttons and keyboard navigation, and — when the car has them — Spin and Interior views.
 * The first slide is server-rendered so the page's largest image paints before hydration.
 * The photo the shopper settles on ('2 of 6') is said once (SettledStatus), by the fullscreen
 * view's status while it is open, else by the gallery's: never by both.
 * The vehicle page mounts it as MediaViewerFromPage: its props are the page's data block
 * (#media-viewer-props), not island props, which Astro escapes quote by quote (island-props.ts blockProps).
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { galleryLayout, isPriorityImage, slideShowsPhoto, wrapIndex, type SpinHotspot, type VideoSlide } from '../../lib/vehicle/gallery.ts';
import SpinViewer from './SpinViewer.tsx';
import Hotspots from './Hotspots.tsx';
import Picture from '../ui/Picture.tsx';
import Dialog, { tabbables, useDialog } from '../ui/Dialog.tsx';
import { SettledStatus } from '../ui/SettledStatus.tsx';
import type { ImageSources } from '../../lib/images.ts';
import { pageIsland } from '../ui/page-island.tsx';

/** One gallery image with its responsive sources (carImageSources) and its thumbnail. */
export interface GallerySlide extends ImageSources {
  thumb: string;
  /** Responsive sources of the thumbnail; absent = `thumb` as it is. */
  thumbSources?: ImageSources;
  alt: string;
}

export interface MediaViewerProps {
  name: string;
  slides: GallerySlide[];
  video: VideoSlide | null;
  spinFrames: string[];
  interior: string | null;
  /** Start in the spin view (site default) instead of the images. */
  startWithSpin?: boolean;
  autoRotate?: boolean;
  /** The thumbnail strip is allowed (the car is in stock, spec §4); more than 3 slides still needed. */
  thumbnails?: boolean;
  /** The external 360 provider's viewer for this car (site `impel` + car `spin_code`); loaded on request only. */
  externalSpin?: string | null;
  hotspots?: { exterior: SpinHotspot[]; interior: SpinHotspot[] };
}

type Mode = 'images' | 'spin' | 'interior';

export default function MediaViewer({ name, slides, video, spinFrames, interior, startWithSpin = false, autoRotate = false, thumbnails = true, externalSpin = null, hotspots }: MediaViewerProps) {
  const hasSpin = spinFrames.length > 1 || Boolean(externalSpin);
  const [mode, setMode] = useState<Mode>(startWithSpin && hasSpin ? 'spin' : 'images');
  // The external viewer loads only once the shopper asks for it (clicks Spin or Start 360° view).
  const [externalLoaded, setExternalLoaded] = useState(false);
  const [index, setIndex] = useState(0);
  // Slides shown so far keep their photo (src/lib/vehicle/gallery.ts slideShowsPhoto).
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set([0]));
  useEffect(() => setShown((before) => (before.has(index) ? before : new Set(before).add(index))), [index]);
  const [fullscreen, setFullscreen] = useState(false);
  const count = slides.length + (video ? 1 : 0);
  // The strip appears for more than 3 photos (the video slide not counted: the arrows reach it) and scrolls by its thumbnails.
  const layout = galleryLayout(count);
  const strip = thumbnails && galleryLayout(slides.length).thumbnails;
  const stageRef = useRef<HTMLDivElement>(null);
  const fullscreenButton = useRef<HTMLButtonElement>(null);
  const lightbox = useDialog();
  const thumbStrip = useRef<HTMLUListElement>(null);

  const go = useCallback((step: number) => setIndex((current) => wrapIndex(current, step, count)), [count]);

  // Keep the active thumbnail in view when the strip scrolls (above 5 images). Only the strip
  // scrolls: scrollIntoView would scroll the page too, and a gallery hydrating late (an idle island)
  // would pull a shopper who had already scrolled down back to the photos.
  useEffect(() => {
    const strip = thumbStrip.current;
    const active = strip?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!strip || !active) return;
    const outer = strip.getBoundingClientRect();
    const inner = active.getBoundingClientRect();
    if (inner.left < outer.left) strip.scrollLeft -= outer.left - inner.left;
    else if (inner.right > outer.right) strip.scrollLeft += inner.right - outer.right;
    if (inner.top < outer.top) strip.scrollTop -= outer.top - inner.top;
    else if (inner.bottom > outer.bottom) strip.scrollTop += inner.bottom - outer.bottom;
  }, [index]);

  const closeFullscreen = useCallback(() => {
    lightbox.close();
    setFullscreen(false);
    fullscreenButton.current?.focus();
  }, [lightbox]);

  // The fullscreen view is a modal <dialog> (../ui/Dialog.tsx): showModal makes the page behind
  // inert, so focus stays in it, and Escape and Tab inside it are the dialog's. A click on the
  // photo or the counter drops focus to the page's body: the keys are read from the document
  // while it is open, so the arrows still move, Escape still closes and Tab goes back in.
  useEffect(() => {
    if (!fullscreen) return;
    lightbox.show(fullscreenButton.current);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        closeFullscreen();
      } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        go(event.key === 'ArrowLeft' ? -1 : 1);
      } else if (event.key === 'Tab' && lightbox.ref.current && !lightbox.ref.current.contains(document.activeElement)) {
        event.preventDefault();
        const items = tabbables(lightbox.ref.current);
        (event.shiftKey ? items[items.length - 1] : items[0])?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = previousOverflow;
    };
  }, [fullscreen, lightbox, closeFullscreen, go]);

  const onGalleryKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };

  const openFullscreen = () => {
    if (mode === 'images') {
      setFullscreen(true);
      return;
    }
    // Spin and interior use the browser's fullscreen on the stage itself.
    stageRef.current?.requestFullscreen?.().catch((error: unknown) => console.warn('fullscreen refused', error));
  };

  const slideLabel = (at: number) => `${at + 1} of ${count}`;

  const renderSlide = (at: number, large: boolean) => {
    if (at < slides.length) {
      const slide = slides[at];
      return (
        <Picture
          // Fullscreen: the largest variant fills the screen (sizes 100vw).
          image={slide}
          sizes={large ? '100vw' : undefined}
          alt={slide.alt}
          width={800}
          height={533}
          loading={large || isPriorityImage(at) ? 'eager' : 'lazy'}
          fetchPriority={!large && at === 0 ? 'high' : undefined}
          draggable={false}
        />
      );
    }
    if (!video) return null;
    return video.kind === 'embed' ? (
      <iframe src={video.src} title={`${name} video`} loading="lazy" allow="encrypted-media; picture-in-picture; fullscreen" allowFullScreen />
    ) : (
      // eslint-disable-next-line jsx-a11y-x/media-has-caption -- dealer feeds carry no caption track for their videos
      <video src={video.src} controls preload="none" aria-label={`${name} video`} />
    );
  };

  return (
    <div className="media" data-mode={mode}>
      {(hasSpin || interior) && (
        <div className="media__modes" role="group" aria-label="Vehicle views">
          {hasSpin && (
            <button
              type="button"
              className="media__mode"
              aria-pressed={mode === 'spin'}
              onClick={() => {
                setMode('spin');
                setExternalLoaded(true);
              }}
            >
              Spin
            </button>
          )}
          <button type="button" className="media__mode" aria-pressed={mode === 'images'} onClick={() => setMode('images')}>
            Images
          </button>
          {interior && (
            <button type="button" className="media__mode" aria-pressed={mode === 'interior'} onClick={() => setMode('interior')}>
              Interior
            </button>
          )}
        </div>
      )}

      <div className="media__stage" ref={stageRef}>
        {mode === 'images' && ( // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- the gallery carousel moves between photos with the arrow keys
          <section className="gallery" aria-roledescription="carousel" aria-label={`Photos of ${name}`} onKeyDown={onGalleryKey}>
            <div className="gallery__viewport">
              <div className="gallery__track" style={{ transform: `translateX(-${index * 100}%)` }}>
                {Array.from({ length: count }, (_, at) => (
                  <div
                    className="gallery__slide"
                    key={at}
                    role="group"
                    aria-roledescription="slide"
                    aria-label={slideLabel(at)}
                    aria-hidden={at !== index}
                    inert={at !== index ? true : undefined}
                  >
                    {slideShowsPhoto(at, index, shown, count) && renderSlide(at, false)}
                  </div>
                ))}
              </div>
            </div>
            {count > 1 && (
              <>
                <button type="button" className="gallery__arrow gallery__arrow--prev" onClick={() => go(-1)} aria-label="Previous image">
                  ‹
                </button>
                <button type="button" className="gallery__arrow gallery__arrow--next" onClick={() => go(1)} aria-label="Next image">
                  ›
                </button>
              </>
            )}
            {/* The counters are not live: each step was read, as a bare number; the status says the photo once. */}
            <p className="gallery__counter">
              {index + 1} / {count}
            </p>
            {count > 1 && !fullscreen && <SettledStatus text={slideLabel(index)} />}
          </section>
        )}
        {mode === 'spin' && externalSpin && (
          <div className="spin spin--external" data-testid="external-spin">
            {externalLoaded ? (
              <iframe src={externalSpin} title={`360 degree view of ${name}`} allow="fullscreen; accelerometer; gyroscope" allowFullScreen referrerPolicy="strict-origin-when-cross-origin" />
            ) : (
              <button type="button" className="button spin__start" onClick={() => setExternalLoaded(true)}>
                Start 360° view
              </button>
            )}
          </div>
        )}
        {mode === 'spin' && !externalSpin && <SpinViewer frames={spinFrames} name={name} autoRotate={autoRotate} hotspots={hotspots?.exterior} />}
        {mode === 'interior' && interior && ( // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrollable region must take keyboard focus (axe scrollable-region-focusable)
          <div className="interior" tabIndex={0} role="region" aria-label={`Interior view of ${name}: scroll sideways to look around`}>
            <div className="interior__canvas">
              <img src={interior} alt={`Interior of ${name}`} height={533} draggable={false} />
              <Hotspots hotspots={hotspots?.interior ?? []} view="interior" />
            </div>
          </div>
        )}
        <span className="media__fullscreen">
          <button
            type="button"
            ref={fullscreenButton}
            className="media__fullscreen-button"
            onClick={openFullscreen}
            aria-label="Fullscreen"
            aria-describedby="media-fullscreen-tip"
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
          <span role="tooltip" id="media-fullscreen-tip" className="media__tooltip">
            Fullscreen
          </span>
        </span>
      </div>

      {mode === 'images' && strip && (
        <ul className={`gallery__thumbs${layout.scrollThumbnails ? ' gallery__thumbs--scroll' : ''}`} ref={thumbStrip} aria-label="Choose a photo">
          {Array.from({ length: count }, (_, at) => (
            <li key={at}>
              <button type="button" aria-current={at === index ? 'true' : undefined} aria-label={`Show ${at < slides.length ? 'photo' : 'video'} ${slideLabel(at)}`} onClick={() => setIndex(at)}>
                {at < slides.length ? <Picture image={slides[at].thumbSources ?? { src: slides[at].thumb }} sizes="120px" alt="" width={120} height={80} /> : <span className="gallery__video-thumb">▶ Video</span>}
              </button>
            </li>
          ))}
        </ul>
      )}

      {fullscreen && (
        <Dialog control={lightbox} className="lightbox" label={`Photos of ${name}, fullscreen`} onCancel={closeFullscreen} onClose={closeFullscreen}>
          <button type="button" className="lightbox__close" onClick={closeFullscreen} aria-label="Close fullscreen">
            ×
          </button>
          <div className="lightbox__slide">{renderSlide(index, true)}</div>
          {count > 1 && (
            <>
              <button type="button" className="lightbox__arrow lightbox__arrow--prev" onClick={() => go(-1)} aria-label="Previous image">
                ‹
              </button>
              <button type="button" className="lightbox__arrow lightbox__arrow--next" onClick={() => go(1)} aria-label="Next image">
                ›
              </button>
            </>
          )}
          <p className="lightbox__counter">
            {index + 1} / {count}
          </p>
          {count > 1 && <SettledStatus text={slideLabel(index)} />}
        </Dialog>
      )}
    </div>
  );
}

/** The id of the vehicle page's data block of the gallery's props. */
export const MEDIA_PROPS_ID = 'media-viewer-props';

const island = pageIsland(MEDIA_PROPS_ID, MediaViewer);

/** A vehicle page's gallery props: the text of its data block (before the island) and the island's one prop, a key named by the car's slug. */
export const mediaViewerIslandProps = island.islandProps;

/** The gallery as the vehicle page mounts it: its props from the page's data block, by the key. */
export const MediaViewerFromPage = island.FromPage;
