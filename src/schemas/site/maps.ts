/**
 * site.json `maps`: where location maps come from (spec §7 "a maps service for location maps").
 * Without a tile source every map is drawn at build time (src/lib/locations/location-map.ts) and
 * needs no request. With one, the location page, the one-location hero, the service page and the
 * contact page show the drawn map with a 'Show interactive map' button that loads a street map of
 * the provider's tiles (Leaflet) only when the shopper presses it; docs/site-json.md and
 * docs/decisions.md say how a dealer turns it on.
 */
import * as v from 'valibot';
import { httpUrl } from './common.ts';

const zoom = (what: string) =>
  v.pipe(v.number(), v.integer(`${what} must be a whole number`), v.minValue(1, `${what} must be 1 to 22`), v.maxValue(22, `${what} must be 1 to 22`));

/** A raster tile source (the XYZ scheme most providers serve). */
export const TileSourceSchema = v.pipe(
  v.strictObject({
    /**
     * Tile URL template over HTTPS with {z}, {x} and {y} (and {s} for the provider's sub-domains), e.g. 'https://tiles.example.com/{z}/{x}/{y}.png'; a provider's key goes in the URL as it asks. Required.
     */
    url: v.pipe(
      v.string(),
      v.regex(/^https:\/\/[^\s<>"']+$/, 'expected an https:// tile URL template, e.g. https://tiles.example.com/{z}/{x}/{y}.png'),
      v.check((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), 'the tile URL needs the {z}, {x} and {y} placeholders'),
    ),
    /** The provider's attribution as plain text, shown on the map as its terms require, e.g. '© OpenStreetMap contributors'. Required. */
    attribution: v.pipe(v.string(), v.trim(), v.minLength(1, 'the tile source needs the attribution its provider requires'), v.maxLength(200)),
    /** Where the attribution links to (the provider's copyright page). Default none: plain text. */
    attribution_url: v.optional(httpUrl('expected the attribution link, e.g. https://www.openstreetmap.org/copyright')),
    /** Sub-domains that replace {s} in the URL, e.g. 'abc'. Default 'abc'. */
    subdomains: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9]+$/, 'expected sub-domain letters, e.g. abc')), 'abc'),
    /** Zoom the map opens at (1 country, 15 streets, 18 buildings). Default 15. */
    zoom: v.optional(zoom('maps.tiles.zoom'), 15),
    /** Deepest zoom the provider serves. Default 19. */
    max_zoom: v.optional(zoom('maps.tiles.max_zoom'), 19),
  }),
  v.check((tiles) => tiles.zoom <= tiles.max_zoom, 'maps.tiles.zoom is deeper than max_zoom'),
);

export const MapSettingsSchema = v.strictObject({
  /** Tile source of the interactive street map. Default none: the map drawn at build time, no request. */
  tiles: v.optional(TileSourceSchema),
});

export type MapSettings = v.InferOutput<typeof MapSettingsSchema>;
export type TileSource = v.InferOutput<typeof TileSourceSchema>;
