/**
 * A map of where a dealer is, drawn at build time: an inline SVG of the coast
 * and land around the location's latitude and longitude (Natural Earth 1:10m land, public
 * domain, from the `world-atlas` package; projected with d3-geo), a marker on the spot and a
 * small inset of Australia. No request leaves the page: it works offline and in tests. Sites
 * with a maps key keep the provider's static map (locations.ts staticMapUrl). Server-side only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { geoMercator, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { Topology } from 'topojson-specification';

/** Longitude and latitude bounds of the land kept: Australia and its near neighbours. */
const REGION = { west: 105, east: 165, south: -48, north: -5 };
/** Degrees of longitude a map shows across its width: a city and its coast (about 130 km). */
const SPAN_DEGREES = 1.3;

interface Land {
  /** Polygons of the region with their bounds [[west, south], [east, north]]. */
  polygons: { polygon: Feature<Polygon>; bounds: [[number, number], [number, number]] }[];
  /** Australia's outline (the inset), simplified. */
  australia: Feature<Polygon | MultiPolygon>[];
}

let land: Land | undefined;

/** Where a package's data file is (the build runs from a bundle: fall back to the project's node_modules). */
function dataFile(name: string): string {
  for (const base of [import.meta.url, join(process.cwd(), 'package.json')]) {
    try {
      return createRequire(base).resolve(name);
    } catch {
      // try the next base
    }
  }
  throw new Error(`location maps: cannot find ${name} (npm package world-atlas)`);
}

function polygonsOf(collection: FeatureCollection | Feature): Feature<Polygon>[] {
  const features = 'features' in collection ? collection.features : [collection];
  return features.flatMap((item) => {
    const geometry = item.geometry;
    if (geometry?.type === 'Polygon') return [{ type: 'Feature', properties: {}, geometry } as Feature<Polygon>];
    if (geometry?.type === 'MultiPolygon') return geometry.coordinates.map((coordinates) => ({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates } }) as Feature<Polygon>);
    return [];
  });
}

/** Planar bounds of a ring (the region does not cross the antimeridian). */
function ringBounds(ring: readonly number[][]): [[number, number], [number, number]] {
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (const [x, y] of ring) {
    if (x! < west) west = x!;
    if (x! > east) east = x!;
    if (y! < south) south = y!;
    if (y! > north) north = y!;
  }
  return [[west, south], [east, north]];
}

/** A ring cut to a longitude-latitude box (Sutherland-Hodgman, one edge at a time), closed. */
function clipRing(ring: readonly number[][], box: { west: number; east: number; south: number; north: number }): number[][] {
  const edges: [(point: number[]) => boolean, (a: number[], b: number[]) => number[]][] = [
    [(p) => p[0]! >= box.west, (a, b) => at(a, b, 0, box.west)],
    [(p) => p[0]! <= box.east, (a, b) => at(a, b, 0, box.east)],
    [(p) => p[1]! >= box.south, (a, b) => at(a, b, 1, box.south)],
    [(p) => p[1]! <= box.north, (a, b) => at(a, b, 1, box.north)],
  ];
  let points = ring.slice(0, -1);
  for (const [inside, cross] of edges) {
    if (points.length === 0) break;
    const next: number[][] = [];
    for (let index = 0; index < points.length; index += 1) {
      const current = points[index]!;
      const previous = points[(index + points.length - 1) % points.length]!;
      if (inside(current)) {
        if (!inside(previous)) next.push(cross(previous, current));
        next.push(current);
      } else if (inside(previous)) next.push(cross(previous, current));
    }
    points = next;
  }
  return points.length > 0 ? [...points, points[0]!] : [];
}

/** The point of segment a-b where coordinate `axis` equals `value`. */
function at(a: number[], b: number[], axis: 0 | 1, value: number): number[] {
  const t = (value - a[axis]!) / (b[axis]! - a[axis]!);
  return [a[0]! + (b[0]! - a[0]!) * t, a[1]! + (b[1]! - a[1]!) * t];
}

/** The region's land, read once per process. */
function loadLand(): Land {
  if (land) return land;
  const read = (name: string) => JSON.parse(readFileSync(dataFile(name), 'utf8')) as Topology;
  const world = read('world-atlas/land-10m.json');
  const polygons = polygonsOf(feature(world, world.objects.land) as FeatureCollection | Feature)
    .map((polygon) => ({ polygon, bounds: ringBounds(polygon.geometry.coordinates[0] ?? []) }))
    .filter(({ bounds: [[west, south], [east, north]] }) => east >= REGION.west && west <= REGION.east && north >= REGION.south && south <= REGION.north);
  const countries = read('world-atlas/countries-110m.json');
  const all = feature(countries, countries.objects.countries) as FeatureCollection<Polygon | MultiPolygon, { name?: string }>;
  land = { polygons, australia: all.features.filter((country) => country.properties?.name === 'Australia') };
  return land;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface LocationMapOptions {
  width: number;
  height: number;
  /** The place's name, for the map's accessible name ('Map of {label}'). */
  label: string;
  /** A short caption drawn beside the marker (the city). */
  caption?: string;
}

const cache = new Map<string, string>();

/**
 * The SVG of a map centred on a latitude and longitude: sea, land, the marker (class
 * `location-map__marker`) and an Australia inset with the spot marked. Same input, same text.
 */
export function locationMapSvg(lat: number, long: number, options: LocationMapOptions): string {
  if (!Number.isFinite(lat) || !Number.isFinite(long) || Math.abs(lat) > 85 || Math.abs(long) > 180) throw new Error(`location maps: latitude ${lat}, longitude ${long} is not a place`);
  const key = JSON.stringify([lat, long, options]);
  const made = cache.get(key);
  if (made) return made;
  const { width, height } = options;
  const { polygons, australia } = loadLand();
  const scale = width / ((SPAN_DEGREES * Math.PI) / 180);
  const projection = geoMercator().precision(0).center([long, lat]).scale(scale).translate([width / 2, height / 2]).clipExtent([[-2, -2], [width + 2, height + 2]]);
  const path = geoPath(projection).digits(1);
  // Only polygons whose bounds meet the view are projected (the rest of the region is far away).
  const halfLong = (SPAN_DEGREES / 2) * 1.2;
  const halfLat = halfLong * (height / width) + 0.2;
  const near = polygons.filter(({ bounds: [[west, south], [east, north]] }) => east >= long - halfLong && west <= long + halfLong && north >= lat - halfLat && south <= lat + halfLat);
  // Cut to the view first (a longitude-latitude box is a rectangle in Mercator): the mainland's
  // thousands of far points are never projected.
  const box = { west: long - halfLong, east: long + halfLong, south: lat - halfLat, north: lat + halfLat };
  const landPath = near
    .map(({ polygon }) => {
      const rings = polygon.geometry.coordinates.map((ring) => clipRing(ring, box)).filter((ring) => ring.length >= 4);
      return rings.length > 0 ? (path({ type: 'Polygon', coordinates: rings } as GeoPermissibleObjects) ?? '') : '';
    })
    .join('');

  // The inset: Australia in a corner box, the spot marked.
  const inset = { size: Math.round(Math.min(width, height) * 0.28), margin: 10 };
  const insetProjection = geoMercator().fitSize([inset.size - 8, inset.size - 8], { type: 'FeatureCollection', features: australia } as FeatureCollection);
  const insetPath = geoPath(insetProjection).digits(1);
  const spot = insetProjection([long, lat]) ?? [0, 0];
  const insetX = width - inset.size - inset.margin;
  const insetY = inset.margin;

  const label = escapeXml(options.label);
  const caption = options.caption ? escapeXml(options.caption) : '';
  const cx = width / 2;
  const cy = height / 2;
  const svg = [
    `<svg class="location-map" data-testid="location-map" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Map of ${label}" data-lat="${lat}" data-long="${long}">`,
    `<rect width="${width}" height="${height}" fill="#cfe3f1"/>`,
    `<path class="location-map__land" d="${landPath}" fill="#f1efe6" stroke="#9fb7c8" stroke-width="1"/>`,
    `<g class="location-map__inset" transform="translate(${insetX} ${insetY})">`,
    `<rect width="${inset.size}" height="${inset.size}" rx="4" fill="#ffffff" fill-opacity="0.85" stroke="#9fb7c8"/>`,
    `<path transform="translate(4 4)" d="${australia.map((country) => insetPath(country) ?? '').join('')}" fill="#d9d5c3"/>`,
    `<circle cx="${(spot[0] + 4).toFixed(1)}" cy="${(spot[1] + 4).toFixed(1)}" r="3" fill="#c2410c"/>`,
    `</g>`,
    `<g class="location-map__marker" transform="translate(${cx} ${cy})">`,
    `<path d="M0 0C-3-9-12-13-12-22a12 12 0 0 1 24 0C12-13 3-9 0 0Z" fill="#c2410c" stroke="#ffffff" stroke-width="2"/>`,
    `<circle cy="-22" r="4.5" fill="#ffffff"/>`,
    `</g>`,
    caption ? `<text x="${cx + 16}" y="${cy - 18}" font-family="system-ui, sans-serif" font-size="15" font-weight="700" fill="#1f2937" stroke="#ffffff" stroke-width="4" paint-order="stroke">${caption}</text>` : '',
    `</svg>`,
  ].join('');
  cache.set(key, svg);
  return svg;
}

/** The drawn map of a location with a position, or undefined when its site.json gives none. */
export function drawnLocationMap(location: { name: string; address: { lat?: number; long?: number; city?: string } }, size: { width: number; height: number }): string | undefined {
  const { lat, long, city } = location.address;
  if (lat === undefined || long === undefined) return undefined;
  return locationMapSvg(lat, long, { ...size, label: location.name, caption: city });
}
