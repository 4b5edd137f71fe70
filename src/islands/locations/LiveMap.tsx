/**
 * A location's interactive street map (site.json `maps.tiles`), loaded when the shopper asks for
 * it: the page shows the map drawn at build time (the children) with a 'Show interactive map'
 * button; pressing it loads Leaflet (a chunk of its own) and its stylesheet, and only then asks
 * the tile server for tiles. Nothing is requested from the tile provider before the press. The
 * open map takes keyboard focus (arrow keys pan, + and - zoom), shows the provider's attribution
 * and keeps the drawn map's pin on the spot.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import { LEAFLET_CREDIT, MARKER_SVG, type LiveMapSettings } from '../../lib/locations/live-map.ts';

interface Props extends LiveMapSettings {
  /** The drawn (or static) map shown until the shopper opens the interactive one. */
  children?: ReactNode;
}

type State = 'idle' | 'loading' | 'open' | 'failed';

/**
 * Leaflet's stylesheet, linked when the first map opens. Imported as a URL, not as CSS: Astro
 * links every stylesheet an island can reach, dynamic imports included, so a CSS import would put
 * it on every page with a location map, opened or not.
 */
async function leafletStyles(): Promise<void> {
  const { default: href } = await import('leaflet/dist/leaflet.css?url');
  if (document.querySelector(`link[href="${href}"]`)) return;
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
  const loaded = new Promise<void>((done, fail) => {
    link.addEventListener('load', () => done());
    link.addEventListener('error', () => fail(new Error(`location map: ${href} did not load`)));
  });
  document.head.append(link);
  await loaded;
}

/** Loads Leaflet (a lazy chunk) and its stylesheet and draws the map into `element`. */
async function drawMap(element: HTMLElement, settings: LiveMapSettings): Promise<LeafletMap> {
  const [{ default: L }] = await Promise.all([import('leaflet'), leafletStyles()]);
  // The page scrolls under the wheel; the map zooms with its buttons, keys and pinch.
  const map = L.map(element, {
    center: [settings.lat, settings.long],
    zoom: settings.zoom,
    maxZoom: settings.maxZoom,
    scrollWheelZoom: false,
    keyboard: true,
    zoomControl: false,
  });
  // Top right: the one-location hero lays its panel over the map's left side.
  L.control.zoom({ position: 'topright' }).addTo(map);
  map.attributionControl.setPrefix(LEAFLET_CREDIT);
  L.tileLayer(settings.url, { maxZoom: settings.maxZoom, subdomains: settings.subdomains, attribution: settings.attributionHtml }).addTo(map);
  L.marker([settings.lat, settings.long], {
    icon: L.divIcon({ className: 'live-map__pin', html: MARKER_SVG, iconSize: [28, 40], iconAnchor: [14, 38] }),
    interactive: false,
    keyboard: false,
  }).addTo(map);
  return map;
}

export default function LiveMap({ children, ...settings }: Props) {
  const [state, setState] = useState<State>('idle');
  const canvas = useRef<HTMLDivElement>(null);
  const map = useRef<LeafletMap | null>(null);

  useEffect(() => () => void map.current?.remove(), []);

  const open = async () => {
    if (!canvas.current || state === 'loading' || state === 'open') return;
    setState('loading');
    try {
      map.current = await drawMap(canvas.current, settings);
      setState('open');
    } catch {
      setState('failed');
    }
  };

  // Open: the keyboard goes to the map (arrow keys pan, + and - zoom).
  useEffect(() => {
    if (state === 'open') canvas.current?.focus();
  }, [state]);

  return (
    <div className="live-map" data-state={state} data-testid="live-map">
      {/* The preview keeps the box its size; the canvas lies over it (laid out, so Leaflet measures it) and shows once open. */}
      <div className="live-map__preview" aria-hidden={state === 'open' || undefined}>
        {children}
      </div>
      <div ref={canvas} className="live-map__canvas" role="region" aria-label={`Street map of ${settings.name}`} aria-roledescription="map" />
      {state !== 'open' && (
        <div className="live-map__bar">
          <button type="button" className="button live-map__open" onClick={() => void open()} aria-busy={state === 'loading'} disabled={state === 'loading'}>
            {state === 'loading' ? 'Loading map…' : 'Show interactive map'}
          </button>
          {state === 'failed' && (
            <p className="live-map__failed" role="alert">
              The map could not be loaded. Please try again.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
