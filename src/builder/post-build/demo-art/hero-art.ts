/**
 * The home page's hero picture of each template, drawn by the project: a
 * landscape that fits the dealer (a city showroom, a suburban yard, the coast with a caravan
 * in tow, a range road with a bike and a truck) with the template's vehicles in side view.
 * Pure string building: scripts/draw-hero-art.ts writes them to public/media/hero/<template>.svg
 * (a test keeps the files equal to this code). The vehicles stand at the right, where the
 * hero's text and search card do not cover them.
 */
import type { BodyShape, ColourFamily } from '../../../lib/images.ts';
import type { TEMPLATES } from '../../../schemas/site.ts';
import { sceneVehicle } from './vehicle-art.ts';

export type Template = (typeof TEMPLATES)[number];

/** Size of a hero picture (wide: it covers the hero band). */
export const HERO_SIZE = { width: 1600, height: 560 } as const;

const ROAD_Y = 500;

interface Placed {
  body: BodyShape;
  colour: ColourFamily;
  /** Left edge (px) and scale of the vehicle. */
  x: number;
  scale: number;
  noseLeft?: boolean;
}

interface Scene {
  sky: [string, string];
  /** Far and near land (or sea) silhouettes: path data over the width. */
  far: { d: string; fill: string };
  near: { d: string; fill: string };
  sun?: { cx: number; cy: number; r: number; fill: string };
  extra?: string;
  ground: string;
  vehicles: Placed[];
}

const W = HERO_SIZE.width;
const H = HERO_SIZE.height;

/** A row of buildings between x0 and x1 (deterministic heights). */
function skyline(x0: number, x1: number, base: number, fill: string, windows: string): string {
  const parts: string[] = [];
  const heights = [120, 190, 150, 240, 170, 210, 130, 280, 160, 200, 140, 230];
  let x = x0;
  for (let i = 0; x < x1; i++) {
    const w = 60 + ((i * 37) % 50);
    const h = heights[i % heights.length]!;
    parts.push(`<rect x="${x}" y="${base - h}" width="${w}" height="${h}" fill="${fill}"/>`);
    for (let wy = base - h + 16; wy < base - 20; wy += 28) for (let wx = x + 10; wx < x + w - 14; wx += 18) if ((wx + wy + i) % 3 !== 0) parts.push(`<rect x="${wx}" y="${wy}" width="8" height="12" fill="${windows}"/>`);
    x += w + 6;
  }
  return parts.join('');
}

const SCENES: Record<Template, Scene> = {
  franchise: {
    sky: ['#9cc3e6', '#eaf3fb'],
    sun: { cx: 1320, cy: 120, r: 60, fill: '#fff6d8' },
    far: { d: `M 0 420 Q 300 360 640 400 T 1600 370 L 1600 520 L 0 520 Z`, fill: '#b7c9d6' },
    near: { d: `M 0 470 L 1600 470 L 1600 520 L 0 520 Z`, fill: '#a9b7c2' },
    // A glass showroom behind the cars.
    extra: `<rect x="760" y="250" width="760" height="230" fill="#dfe8ef" stroke="#8a9aa8" stroke-width="4"/><rect x="760" y="236" width="760" height="22" fill="#3d4a57"/>${Array.from({ length: 9 }, (_, i) => `<rect x="${780 + i * 82}" y="276" width="70" height="190" fill="#bcd0df" opacity="0.8"/>`).join('')}<rect x="1180" y="190" width="220" height="46" rx="6" fill="#3d4a57"/>`,
    ground: '#6e7780',
    vehicles: [
      { body: 'suv', colour: 'white', x: 800, scale: 0.38 },
      { body: 'ute', colour: 'silver', x: 1150, scale: 0.38 },
    ],
  },
  'used-group': {
    sky: ['#f6c89a', '#fdf1e3'],
    sun: { cx: 1180, cy: 150, r: 80, fill: '#ffe3b0' },
    far: { d: `M 0 440 L 1600 440 L 1600 520 L 0 520 Z`, fill: '#c9b7a6' },
    near: { d: `M 0 470 L 1600 470 L 1600 520 L 0 520 Z`, fill: '#b3a392' },
    extra: skyline(620, 1600, 440, '#d9c6b3', '#efe3d6'),
    ground: '#77706a',
    vehicles: [
      { body: 'hatch', colour: 'blue', x: 700, scale: 0.34 },
      { body: 'sedan', colour: 'white', x: 960, scale: 0.34 },
      { body: 'suv', colour: 'grey', x: 1260, scale: 0.34 },
    ],
  },
  caravan: {
    sky: ['#8fd0ea', '#f2fafd'],
    sun: { cx: 1400, cy: 110, r: 56, fill: '#fff4cc' },
    far: { d: `M 0 400 L 1600 400 L 1600 470 L 0 470 Z`, fill: '#4c9cc0' },
    near: { d: `M 0 470 Q 400 440 800 462 T 1600 452 L 1600 520 L 0 520 Z`, fill: '#e9d9b4' },
    extra: `<path d="M 0 400 Q 200 330 420 380 Q 560 340 700 400 Z" fill="#5d8f6a"/><path d="M 0 412 L 1600 412" stroke="#ffffff" stroke-opacity="0.5" stroke-width="3" stroke-dasharray="40 60"/>`,
    ground: '#8a8378',
    vehicles: [
      { body: '4wd', colour: 'white', x: 660, scale: 0.36 },
      { body: 'caravan', colour: 'blue', x: 990, scale: 0.4 },
    ],
  },
  motorcycle: {
    sky: ['#f2b37a', '#fde9d2'],
    sun: { cx: 1240, cy: 170, r: 70, fill: '#ffd9a0' },
    far: { d: `M 0 430 L 180 300 L 330 390 L 520 260 L 720 400 L 900 290 L 1100 410 L 1300 280 L 1600 420 L 1600 520 L 0 520 Z`, fill: '#a27b6b' },
    near: { d: `M 0 470 Q 500 430 900 460 T 1600 450 L 1600 520 L 0 520 Z`, fill: '#8a6656' },
    ground: '#5d5650',
    vehicles: [
      { body: 'adventure-bike', colour: 'red', x: 790, scale: 0.27 },
      { body: 'light-truck', colour: 'white', x: 1060, scale: 0.4 },
    ],
  },
};

/** The hero picture of a template: a standalone SVG document. */
export function heroSvg(template: Template): string {
  const scene = SCENES[template];
  const vehicles = scene.vehicles.map((placed, index) => {
    const { svg, width } = sceneVehicle(placed.body, placed.colour, `v${index}`, placed.noseLeft ?? true);
    const y = ROAD_Y - 360 * placed.scale;
    return `<ellipse cx="${(placed.x + (width * placed.scale) / 2).toFixed(1)}" cy="${ROAD_Y + 2}" rx="${((width * placed.scale) / 2).toFixed(1)}" ry="9" fill="#000000" opacity="0.25"/><g transform="translate(${placed.x} ${y.toFixed(1)}) scale(${placed.scale})">${svg}</g>`;
  });
  const sun = scene.sun ? `<circle cx="${scene.sun.cx}" cy="${scene.sun.cy}" r="${scene.sun.r}" fill="${scene.sun.fill}"/><circle cx="${scene.sun.cx}" cy="${scene.sun.cy}" r="${scene.sun.r * 2}" fill="${scene.sun.fill}" opacity="0.25"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMaxYMax slice"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#sky)"/>${sun}<path d="${scene.far.d}" fill="${scene.far.fill}"/>${scene.extra ?? ''}<path d="${scene.near.d}" fill="${scene.near.fill}"/><rect y="${ROAD_Y - 14}" width="${W}" height="${H - ROAD_Y + 14}" fill="${scene.ground}"/><path d="M 0 ${ROAD_Y + 30} L ${W} ${ROAD_Y + 30}" stroke="#f4f1e8" stroke-width="5" stroke-dasharray="60 50"/>${vehicles.join('')}</svg>\n`;
}

/** Where a template's hero picture is served (public/ holds the file). */
export function heroArtPath(template: Template): string {
  return `/media/hero/${template}.svg`;
}
