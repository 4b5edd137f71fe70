/**
 * The interactive street map of a location (site.json `maps.tiles`): what the LiveMap island
 * hands Leaflet. Attribution and marker markup are built here from escaped text, because Leaflet
 * writes them into the page as HTML and site.json text must never become markup. Pure.
 */
import type { TileSource } from '../../schemas/site/maps.ts';
import { NEW_TAB_NOTE } from '../text/accessible-names.ts';

/** What the island needs: the tile source, the spot and the place's name. Serialisable props. */
export interface LiveMapSettings {
  url: string;
  subdomains: string;
  zoom: number;
  maxZoom: number;
  /** The attribution control's HTML (escaped text, an optional link). */
  attributionHtml: string;
  lat: number;
  long: number;
  /** The place's name: the map's accessible name and the marker's title. */
  name: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A credit's link to `href`, opening a new tab, which its name says (NEW_TAB_NOTE after the visible words). */
const newTabLink = (href: string, html: string) =>
  `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${html}<span class="visually-hidden">${escapeHtml(NEW_TAB_NOTE)}</span></a>`;

/** The provider's attribution as HTML: the text escaped, a link to the provider's page when given. */
export function tileAttributionHtml(tiles: Pick<TileSource, 'attribution' | 'attribution_url'>): string {
  const text = escapeHtml(tiles.attribution);
  return tiles.attribution_url ? newTabLink(tiles.attribution_url, text) : text;
}

/** The island's props for a location with a position on a site with a tile source; null otherwise (the drawn map only). */
export function liveMapSettings(tiles: TileSource | undefined, location: { name: string; address: { lat?: number; long?: number } }): LiveMapSettings | null {
  const { lat, long } = location.address;
  if (!tiles || lat === undefined || long === undefined) return null;
  return {
    url: tiles.url,
    subdomains: tiles.subdomains,
    zoom: tiles.zoom,
    maxZoom: tiles.max_zoom,
    attributionHtml: tileAttributionHtml(tiles),
    lat,
    long,
    name: location.name,
  };
}

/** Leaflet's own credit before the provider's (its licence asks for none; a plain link, no flag image). */
export const LEAFLET_CREDIT = newTabLink('https://leafletjs.com', 'Leaflet');

/** The marker: the drawn map's pin (location-map.ts), so the spot looks the same before and after the map opens. */
export const MARKER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-14 -38 28 40" width="28" height="40" aria-hidden="true" focusable="false"><path d="M0 0C-3-9-12-13-12-22a12 12 0 0 1 24 0C12-13 3-9 0 0Z" fill="#c2410c" stroke="#ffffff" stroke-width="2"/><circle cy="-22" r="4.5" fill="#ffffff"/></svg>';
