/**
 * 360 spin viewer (spec §4 "Spin viewer", §9 "sensitivity 20 px, auto-rotate 100 ms"): frames
 * are preloaded and the viewer becomes interactive only once all have loaded; a 'Swipe to
 * spin' hint stays until the first touch; dragging or the arrow buttons/keys change frame with
 * wrap-around; auto-rotate optional, its button saying what it does (Auto-rotate, Stop
 * rotating), so without aria-pressed (docs/decisions.md "Toggle buttons"). Asset failures are
 * logged only (spec §8).
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { AUTO_ROTATE_MS, framesForDrag, hotspotsOnFrame, wrapIndex as wrapFrame, type SpinHotspot } from '../../lib/vehicle/gallery.ts';
import Hotspots from './Hotspots.tsx';

interface Props {
  frames: string[];
  name: string;
  autoRotate?: boolean;
  /** Exterior hotspots; each shows on the frame it belongs to. */
  hotspots?: SpinHotspot[];
}

export default function SpinViewer({ frames, name, autoRotate = false, hotspots = [] }: Props) {
  const [loaded, setLoaded] = useState(0);
  const [frame, setFrame] = useState(0);
  const [touched, setTouched] = useState(false);
  const [rotating, setRotating] = useState(autoRotate);
  const drag = useRef<{ x: number; frame: number } | null>(null);
  const ready = loaded >= frames.length;

  useEffect(() => {
    let cancelled = false;
    let count = 0;
    const images = frames.map((src) => {
      const image = new Image();
      const done = () => {
        if (cancelled) return;
        count += 1;
        setLoaded(count);
      };
      image.onload = done;
      image.onerror = () => {
        console.warn('spin frame failed to load', src);
        done();
      };
      image.src = src;
      return image;
    });
    return () => {
      cancelled = true;
      images.forEach((image) => {
        image.onload = null;
        image.onerror = null;
      });
    };
  }, [frames]);

  useEffect(() => {
    if (!ready || !rotating) return;
    const timer = window.setInterval(() => setFrame((current) => wrapFrame(current, 1, frames.length)), AUTO_ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [ready, rotating, frames.length]);

  const step = (by: number) => {
    setRotating(false);
    setFrame((current) => wrapFrame(current, by, frames.length));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!ready) return;
    setTouched(true);
    setRotating(false);
    drag.current = { x: event.clientX, frame };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const moved = framesForDrag(event.clientX - drag.current.x);
    setFrame(wrapFrame(drag.current.frame, moved, frames.length));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      step(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      step(1);
    }
  };

  return (
    <div className="spin" data-ready={ready ? 'true' : 'false'} data-frame={frame}>
      <div className="spin__frame">
      <div
        className="spin__stage"
        role="slider"
        tabIndex={ready ? 0 : -1}
        aria-label={`360 degree view of ${name}: use the left and right arrow keys to spin`}
        aria-valuemin={1}
        aria-valuemax={frames.length}
        aria-valuenow={frame + 1}
        aria-valuetext={`Frame ${frame + 1} of ${frames.length}`}
        aria-disabled={!ready}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      >
        <img src={frames[frame]} alt={`${name}, 360 degree view, frame ${frame + 1} of ${frames.length}`} width={800} height={533} draggable={false} />
        {!ready && (
          <p className="spin__loading" role="status">
            Loading 360 view… {Math.round((loaded / frames.length) * 100)}%
          </p>
        )}
        {ready && !touched && (
          <p className="spin__hint" aria-hidden="true">
            Swipe to spin
          </p>
        )}
      </div>
      {ready && !rotating && <Hotspots hotspots={hotspotsOnFrame(hotspots, frame)} view="360 view" />}
      </div>
      <div className="spin__controls">
        <button type="button" className="button button--secondary" onClick={() => step(-1)} disabled={!ready} aria-label="Spin left">
          ‹
        </button>
        <button type="button" className="button button--secondary" onClick={() => setRotating((on) => !on)} disabled={!ready}>
          {rotating ? 'Stop rotating' : 'Auto-rotate'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => step(1)} disabled={!ready} aria-label="Spin right">
          ›
        </button>
      </div>
    </div>
  );
}
