/**
 * SVG drawings of the demo vehicle images: a body-type silhouette in the car's paint on a
 * studio background, seen from the side or from an end (one view per picture), an interior
 * scene and a placeholder. Pure string building; the image step (images.ts) rasterises them.
 * Coordinates: the side profile spans x 0..1000 (nose at the left), the ground is y = 360; a
 * face (front or rear) spans x 0..faceWidth at the same vertical scale. The bodies' shapes
 * are data (vehicle-shapes.json); this module draws them.
 */
import { COLOUR_FAMILIES, type BodyShape, type ColourFamily } from '../../../lib/images.ts';
import shapes from './vehicle-shapes.json' with { type: 'json' };

/** Canvas of every still view (3:2, the spec's gallery ratio). */
export const CANVAS = { width: 1200, height: 800 } as const;

const GROUND = 360;
const TYRE = '#1b1c1e';
const GLASS_TOP = '#2d3947';
const GLASS_BOTTOM = '#111820';
const CHROME = '#dfe3e7';

interface RGB {
  r: number;
  g: number;
  b: number;
}

function parseHex(hex: string): RGB {
  const value = hex.replace('#', '');
  return { r: parseInt(value.slice(0, 2), 16), g: parseInt(value.slice(2, 4), 16), b: parseInt(value.slice(4, 6), 16) };
}

function toHex({ r, g, b }: RGB): string {
  const part = (n: number) => Math.round(Math.min(255, Math.max(0, n))).toString(16).padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** Mix a colour towards another by `amount` (0..1). */
function mix(hex: string, other: string, amount: number): string {
  const a = parseHex(hex);
  const b = parseHex(other);
  return toHex({ r: a.r + (b.r - a.r) * amount, g: a.g + (b.g - a.g) * amount, b: a.b + (b.b - a.b) * amount });
}

interface Paint {
  base: string;
  light: string;
  dark: string;
  line: string;
}

function paintOf(family: ColourFamily): Paint {
  const base = COLOUR_FAMILIES[family];
  const isDark = family === 'black' || family === 'grey' || family === 'purple' || family === 'brown' || family === 'green' || family === 'blue';
  return {
    base,
    light: mix(base, '#ffffff', isDark ? 0.28 : 0.45),
    dark: mix(base, '#000000', family === 'white' ? 0.18 : 0.35),
    line: family === 'black' ? '#3a3d42' : mix(base, '#000000', 0.45),
  };
}

/** Shared gradient definitions (ids are fixed: one drawing per SVG document). */
function defs(paint: Paint, accent?: string): string {
  return `<defs>
<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${paint.light}"/><stop offset="0.45" stop-color="${paint.base}"/><stop offset="1" stop-color="${paint.dark}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${GLASS_TOP}"/><stop offset="1" stop-color="${GLASS_BOTTOM}"/></linearGradient>
<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.35" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="0.6" stop-color="#ffffff" stop-opacity="0"/></linearGradient>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f6f8"/><stop offset="1" stop-color="#dce2e8"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d3d9df"/><stop offset="1" stop-color="#f1f3f5"/></linearGradient>
<radialGradient id="spot" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000000" stop-opacity="0.42"/><stop offset="0.7" stop-color="#000000" stop-opacity="0.12"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>
<radialGradient id="rim" cx="0.45" cy="0.4" r="0.6"><stop offset="0" stop-color="#f2f4f6"/><stop offset="1" stop-color="#8d949c"/></radialGradient>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8cc1ea"/><stop offset="1" stop-color="#e4f1fa"/></linearGradient>
<linearGradient id="accent" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(accent ?? paint.base, '#ffffff', 0.2)}"/><stop offset="1" stop-color="${mix(accent ?? paint.base, '#000000', 0.25)}"/></linearGradient>
</defs>`;
}

/** A wheel (tyre, rim, spokes) at (cx, cy); round again in a profile drawn `sx` times as long. */
function wheel(cx: number, cy: number, r: number, spokes = 5, sx = 1): string {
  if (sx !== 1) return `<g transform="translate(${cx} 0) scale(${(1 / sx).toFixed(4)} 1) translate(${-cx} 0)">${wheel(cx, cy, r, spokes)}</g>`;
  const rimR = r * 0.64;
  const lines: string[] = [];
  for (let i = 0; i < spokes; i++) {
    const angle = (i / spokes) * Math.PI * 2 - Math.PI / 2;
    lines.push(`<line x1="${cx}" y1="${cy}" x2="${(cx + Math.cos(angle) * rimR * 0.92).toFixed(1)}" y2="${(cy + Math.sin(angle) * rimR * 0.92).toFixed(1)}" stroke="#6f767e" stroke-width="${(r * 0.11).toFixed(1)}" stroke-linecap="round"/>`);
  }
  return `<g><circle cx="${cx}" cy="${cy}" r="${r}" fill="${TYRE}"/><circle cx="${cx}" cy="${cy}" r="${rimR}" fill="url(#rim)"/>${lines.join('')}<circle cx="${cx}" cy="${cy}" r="${(r * 0.14).toFixed(1)}" fill="#5d646c"/></g>`;
}

/** Bottom edge of a body outline from the rear corner to the front corner, with wheel arches. */
function sillWithArches(rearX: number, frontX: number, bottom: number, wheels: number[], r: number): string {
  const arch = r + 9;
  const sorted = [...wheels].sort((a, b) => b - a);
  let d = `L ${rearX} ${bottom}`;
  for (const x of sorted) d += ` L ${x + arch} ${bottom} A ${arch} ${arch} 0 0 0 ${x - arch} ${bottom}`;
  return `${d} L ${frontX} ${bottom} Z`;
}

interface ProfileSpec {
  /** Top outline from the front-bottom corner to the rear-bottom corner. */
  top: string;
  frontX: number;
  rearX: number;
  bottom: number;
  wheels: number[];
  r: number;
  windows: string[];
  /** Dark pillars drawn over the glass: x, and their top and bottom y. */
  pillars: { x: number; top: number; bottom: number }[];
  /** Door shut lines (x). */
  doors: number[];
  beltY: number;
  headlight: string;
  taillight: string;
  extra?: string;
}

/** Side-profile specifications of the car-like bodies. */
const PROFILES = shapes.profiles as Partial<Record<BodyShape, ProfileSpec>>;

/** Side profile of a vehicle (nose at the left), to be drawn `sx` times as long (its wheels stay round). */
function profileSvg(body: BodyShape, paint: Paint, sx = 1): string {
  if (body === 'motorcycle') return motorcycleProfile(paint, sx);
  if (body === 'caravan') return caravanProfile(paint, sx);
  const spec = PROFILES[body] ?? PROFILES.sedan!;
  const outline = `${spec.top} ${sillWithArches(spec.rearX, spec.frontX, spec.bottom, spec.wheels, spec.r)}`;
  const parts: string[] = [];
  if (body === 'light-truck') {
    // Chassis, dual rear wheels and a pantech box behind the cab.
    parts.push('<rect x="280" y="258" width="712" height="22" fill="#2b2e33"/>');
    parts.push(wheel(770, GROUND - 64, 64, 6, sx));
    parts.push('<rect x="300" y="30" width="692" height="230" rx="8" fill="#f3f4f6" stroke="#c5cbd2" stroke-width="3"/>');
    parts.push('<rect x="300" y="226" width="692" height="12" fill="url(#paint)"/>');
    for (let x = 380; x < 990; x += 120) parts.push(`<line x1="${x}" y1="34" x2="${x}" y2="256" stroke="#dfe3e8" stroke-width="2"/>`);
  }
  parts.push(`<path d="${outline}" fill="url(#paint)" stroke="${paint.line}" stroke-width="2"/>`);
  parts.push(`<path d="${outline}" fill="url(#sheen)"/>`);
  for (const window of spec.windows) parts.push(`<path d="${window}" fill="url(#glass)" stroke="#0d1117" stroke-width="3"/>`);
  for (const { x, top, bottom } of spec.pillars) parts.push(`<rect x="${x - 8}" y="${top}" width="16" height="${bottom - top}" fill="#15191e"/>`);
  for (const x of spec.doors) parts.push(`<line x1="${x}" y1="${spec.beltY + 4}" x2="${x + 4}" y2="${spec.bottom - 8}" stroke="${paint.line}" stroke-width="2.5" opacity="0.6"/>`);
  // Door handles and the shoulder line catch the light.
  for (let i = 0; i + 1 < spec.doors.length; i++) parts.push(`<rect x="${spec.doors[i + 1]! - 54}" y="${spec.beltY + 22}" width="34" height="7" rx="3.5" fill="${paint.dark}"/>`);
  parts.push(`<path d="M ${spec.frontX + 60} ${spec.beltY + 14} L ${spec.rearX - 40} ${spec.beltY + 10}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="3"/>`);
  parts.push(`<rect x="${spec.frontX + 40}" y="${spec.bottom - 16}" width="${spec.rearX - spec.frontX - 80}" height="10" fill="#000000" opacity="0.18"/>`);
  parts.push(`<path d="${spec.headlight}" fill="#eef4fb" stroke="#9aa5b1" stroke-width="2"/>`);
  parts.push(`<path d="${spec.taillight}" fill="#b3121d" stroke="#5e0a10" stroke-width="2"/>`);
  if (body !== 'light-truck' && body !== 'convertible') {
    // Wing mirror at the base of the windscreen.
    const windowStart = /M (\d+) (\d+)/.exec(spec.windows[0]!)!;
    const mx = Number(windowStart[1]);
    const my = Number(windowStart[2]);
    parts.push(`<path d="M ${mx - 4} ${my - 14} Q ${mx - 30} ${my - 20} ${mx - 34} ${my - 2} L ${mx - 4} ${my} Z" fill="${paint.dark}"/>`);
  }
  if (spec.extra) parts.push(spec.extra);
  for (const x of spec.wheels) parts.push(wheel(x, GROUND - spec.r, spec.r, 5, sx));
  return `<g>${parts.join('')}</g>`;
}

function caravanProfile(paint: Paint, sx = 1): string {
  const { shell, stripe } = caravanColours(paint);
  const wheels = [540, 650];
  const parts: string[] = [];
  parts.push('<path d="M 44 284 L -70 306 L -92 306" stroke="#2b2e33" stroke-width="12" fill="none" stroke-linecap="round"/>');
  parts.push('<rect x="-50" y="300" width="10" height="34" fill="#3a3f45"/><circle cx="-45" cy="342" r="14" fill="#1b1c1e"/>');
  parts.push('<rect x="-30" y="244" width="58" height="40" rx="4" fill="#3a3f45"/>');
  const outline = `M 70 300 Q 44 300 40 270 L 30 130 Q 28 60 100 44 L 930 40 Q 962 42 964 70 L 968 288 Q 968 300 950 300 ${sillWithArches(950, 70, 300, wheels, 50).replace(/^L 950 300 /, '')}`;
  parts.push(`<path d="${outline}" fill="${shell}" stroke="#aeb6bf" stroke-width="3"/>`);
  parts.push(`<path d="M 36 226 Q 300 236 500 214 Q 700 192 966 196 L 966 232 Q 700 226 500 246 Q 300 266 40 262 Z" fill="${stripe}"/>`);
  parts.push('<rect x="38" y="262" width="930" height="34" fill="#c9ced4" stroke="#9aa3ad" stroke-width="2"/>');
  for (let x = 50; x < 960; x += 26) parts.push(`<line x1="${x}" y1="266" x2="${x + 14}" y2="292" stroke="#aab2bb" stroke-width="2"/>`);
  parts.push('<rect x="140" y="100" width="190" height="86" rx="16" fill="url(#glass)" stroke="#2b2e33" stroke-width="5"/>');
  parts.push('<rect x="700" y="96" width="170" height="92" rx="16" fill="url(#glass)" stroke="#2b2e33" stroke-width="5"/>');
  parts.push(`<rect x="420" y="70" width="92" height="196" rx="8" fill="${shell}" stroke="#8d96a0" stroke-width="3"/>`);
  parts.push('<rect x="438" y="92" width="56" height="54" rx="8" fill="url(#glass)"/><rect x="492" y="170" width="10" height="24" rx="4" fill="#6b737c"/>');
  parts.push('<rect x="560" y="48" width="360" height="16" rx="6" fill="#7c858f"/>');
  parts.push('<rect x="300" y="22" width="120" height="20" rx="4" fill="#d8dde2" stroke="#9aa3ad"/>');
  parts.push('<rect x="955" y="236" width="14" height="26" fill="#b3121d"/>');
  for (const x of wheels) parts.push(wheel(x, GROUND - 50, 50, 6, sx));
  return `<g>${parts.join('')}</g>`;
}

function caravanColours(paint: Paint): { shell: string; stripe: string } {
  const darkShell = paint.base === COLOUR_FAMILIES.black || paint.base === COLOUR_FAMILIES.grey;
  const shell = darkShell ? paint.base : '#f5f6f7';
  const stripe = paint.base === COLOUR_FAMILIES.white ? '#4f6475' : darkShell ? '#c9ced4' : 'url(#paint)';
  return { shell, stripe };
}

function motorcycleProfile(paint: Paint, sx = 1): string {
  return `<g>
<path d="M 560 250 L 780 262" stroke="#2b2e33" stroke-width="14" stroke-linecap="round"/>
<path d="M 540 262 Q 700 246 840 236" stroke="#c2c8ce" stroke-width="16" stroke-linecap="round" fill="none"/>
${wheel(200, GROUND - 95, 95, 6, sx)}${wheel(780, GROUND - 95, 95, 6, sx)}
<path d="M 205 262 L 330 62" stroke="#9aa3ad" stroke-width="16" stroke-linecap="round"/>
<path d="M 380 140 L 470 252 L 600 246 L 580 140" stroke="#2b2e33" stroke-width="12" fill="none" stroke-linejoin="round"/>
<rect x="430" y="168" width="150" height="92" rx="14" fill="#4b5259"/><rect x="446" y="180" width="60" height="60" rx="8" fill="#6b737c"/>
<path d="M 380 126 Q 460 70 576 98 L 566 160 Q 470 172 396 160 Z" fill="url(#paint)" stroke="${paint.line}" stroke-width="3"/>
<path d="M 380 126 Q 460 70 576 98 L 572 112 Q 470 92 392 138 Z" fill="#ffffff" opacity="0.25"/>
<path d="M 566 104 Q 670 94 770 118 L 760 140 Q 660 138 562 154 Z" fill="#1f2226"/>
<path d="M 750 116 L 870 104 L 858 132 L 756 142 Z" fill="url(#paint)" stroke="${paint.line}" stroke-width="2"/>
<rect x="862" y="104" width="16" height="12" rx="3" fill="#b3121d"/>
<path d="M 300 50 L 360 44" stroke="#2b2e33" stroke-width="10" stroke-linecap="round"/>
<circle cx="316" cy="100" r="26" fill="#eef4fb" stroke="#2b2e33" stroke-width="6"/>
<path d="M 120 210 Q 200 150 280 206" stroke="url(#paint)" stroke-width="14" fill="none" stroke-linecap="round"/>
</g>`;
}

interface FaceSpec {
  width: number;
  bottom: number;
  belt: number;
  roof: number;
  /** Cabin inset at the belt and at the roof. */
  inset: [number, number];
  tyreWidth: number;
}

/** Front and rear faces of every body. */
const FACES = shapes.faces as Record<BodyShape, FaceSpec>;

/** Front or rear face of a vehicle (x 0..width). */
function faceSvg(body: BodyShape, paint: Paint, side: 'front' | 'rear'): string {
  const face = FACES[body];
  const { width: w, bottom, belt, roof } = face;
  const parts: string[] = [];
  if (body === 'motorcycle') return motorcycleFace(paint, side);
  if (body === 'caravan') return caravanFace(paint, side);
  if (body === 'light-truck' && side === 'rear') {
    // The pantech box hides the cab from behind.
    return `<g><rect x="22" y="${bottom - 24}" width="${face.tyreWidth * 1.6}" height="${GROUND - bottom + 24}" rx="12" fill="${TYRE}"/><rect x="${w - 22 - face.tyreWidth * 1.6}" y="${bottom - 24}" width="${face.tyreWidth * 1.6}" height="${GROUND - bottom + 24}" rx="12" fill="${TYRE}"/>
<rect x="0" y="30" width="${w}" height="236" rx="6" fill="#f3f4f6" stroke="#c5cbd2" stroke-width="3"/><line x1="${w / 2}" y1="36" x2="${w / 2}" y2="260" stroke="#c5cbd2" stroke-width="3"/>
<rect x="${w / 2 - 30}" y="140" width="12" height="40" rx="4" fill="#8d96a0"/><rect x="${w / 2 + 18}" y="140" width="12" height="40" rx="4" fill="#8d96a0"/>
<rect x="0" y="266" width="${w}" height="16" fill="#2b2e33"/><rect x="10" y="250" width="40" height="14" fill="#b3121d"/><rect x="${w - 50}" y="250" width="40" height="14" fill="#b3121d"/>
<rect x="${w / 2 - 56}" y="270" width="112" height="26" rx="3" fill="#f8f8f4" stroke="#30343a" stroke-width="2"/></g>`;
  }
  // Tyres under the body.
  parts.push(`<rect x="22" y="${bottom - 24}" width="${face.tyreWidth}" height="${GROUND - bottom + 24}" rx="12" fill="${TYRE}"/>`);
  parts.push(`<rect x="${w - 22 - face.tyreWidth}" y="${bottom - 24}" width="${face.tyreWidth}" height="${GROUND - bottom + 24}" rx="12" fill="${TYRE}"/>`);
  const [insetBelt, insetRoof] = face.inset;
  if (body !== 'convertible') {
    parts.push(`<path d="M ${insetBelt - 8} ${belt + 4} L ${insetRoof} ${roof} Q ${w / 2} ${roof - 8} ${w - insetRoof} ${roof} L ${w - insetBelt + 8} ${belt + 4} Z" fill="url(#paint)" stroke="${paint.line}" stroke-width="2"/>`);
    parts.push(`<path d="M ${insetBelt + 8} ${belt} L ${insetRoof + 10} ${roof + 12} Q ${w / 2} ${roof + 4} ${w - insetRoof - 10} ${roof + 12} L ${w - insetBelt - 8} ${belt} Z" fill="url(#glass)"/>`);
    parts.push(`<path d="M ${insetRoof + 30} ${roof + 18} L ${insetRoof + 70} ${roof + 18} L ${insetBelt + 60} ${belt - 6} L ${insetBelt + 24} ${belt - 6} Z" fill="#ffffff" opacity="0.12"/>`);
  } else {
    parts.push(`<path d="M ${insetBelt} ${belt} L ${insetRoof} ${roof} L ${w - insetRoof} ${roof} L ${w - insetBelt} ${belt} Z" fill="url(#glass)" opacity="0.35" stroke="#23262a" stroke-width="6"/>`);
  }
  // Lower body.
  parts.push(`<path d="M 8 ${bottom} L 2 ${belt + 22} Q 2 ${belt} 26 ${belt} L ${w - 26} ${belt} Q ${w - 2} ${belt} ${w - 2} ${belt + 22} L ${w - 8} ${bottom} Z" fill="url(#paint)" stroke="${paint.line}" stroke-width="2"/>`);
  parts.push(`<rect x="10" y="${bottom - 26}" width="${w - 20}" height="20" rx="8" fill="#2a2d31" opacity="0.8"/>`);
  // Mirrors.
  parts.push(`<path d="M ${insetBelt - 6} ${belt - 4} L ${insetBelt - 40} ${belt - 14} Q ${insetBelt - 46} ${belt + 6} ${insetBelt - 30} ${belt + 8} Z" fill="${paint.dark}"/>`);
  parts.push(`<path d="M ${w - insetBelt + 6} ${belt - 4} L ${w - insetBelt + 40} ${belt - 14} Q ${w - insetBelt + 46} ${belt + 6} ${w - insetBelt + 30} ${belt + 8} Z" fill="${paint.dark}"/>`);
  const plateY = bottom - 58;
  if (side === 'front') {
    parts.push(`<rect x="${w * 0.3}" y="${belt + 26}" width="${w * 0.4}" height="${(bottom - belt) * 0.34}" rx="12" fill="#1b1d20" stroke="${CHROME}" stroke-width="3"/>`);
    for (let i = 1; i < 4; i++) parts.push(`<line x1="${w * 0.31}" y1="${belt + 26 + i * (bottom - belt) * 0.085}" x2="${w * 0.69}" y2="${belt + 26 + i * (bottom - belt) * 0.085}" stroke="#3b3f45" stroke-width="2"/>`);
    parts.push(`<path d="M 16 ${belt + 18} L ${w * 0.27} ${belt + 24} L ${w * 0.26} ${belt + 46} L 20 ${belt + 40} Z" fill="#eef4fb" stroke="#8d98a4" stroke-width="2"/>`);
    parts.push(`<path d="M ${w - 16} ${belt + 18} L ${w * 0.73} ${belt + 24} L ${w * 0.74} ${belt + 46} L ${w - 20} ${belt + 40} Z" fill="#eef4fb" stroke="#8d98a4" stroke-width="2"/>`);
    parts.push(`<circle cx="${w / 2}" cy="${belt + 26 + (bottom - belt) * 0.17}" r="12" fill="${CHROME}"/>`);
  } else {
    parts.push(`<path d="M 10 ${belt + 14} L ${w * 0.3} ${belt + 16} L ${w * 0.3} ${belt + 40} L 12 ${belt + 42} Z" fill="#b3121d" stroke="#5e0a10" stroke-width="2"/>`);
    parts.push(`<path d="M ${w - 10} ${belt + 14} L ${w * 0.7} ${belt + 16} L ${w * 0.7} ${belt + 40} L ${w - 12} ${belt + 42} Z" fill="#b3121d" stroke="#5e0a10" stroke-width="2"/>`);
    parts.push(`<circle cx="${w / 2}" cy="${belt + 30}" r="11" fill="${CHROME}"/>`);
  }
  parts.push(`<rect x="${w / 2 - 56}" y="${plateY}" width="112" height="28" rx="3" fill="#f8f8f4" stroke="#30343a" stroke-width="2"/>`);
  parts.push(`<rect x="${w / 2 - 40}" y="${plateY + 9}" width="80" height="10" rx="2" fill="#30343a" opacity="0.55"/>`);
  return `<g>${parts.join('')}</g>`;
}

function caravanFace(paint: Paint, side: 'front' | 'rear'): string {
  const { shell, stripe } = caravanColours(paint);
  const w = FACES.caravan.width;
  const parts: string[] = [];
  parts.push(`<rect x="40" y="${GROUND - 76}" width="40" height="76" rx="10" fill="${TYRE}"/><rect x="${w - 80}" y="${GROUND - 76}" width="40" height="76" rx="10" fill="${TYRE}"/>`);
  parts.push(`<path d="M 10 300 L 6 90 Q 8 44 60 40 L ${w - 60} 40 Q ${w - 8} 44 ${w - 6} 90 L ${w - 10} 300 Z" fill="${shell}" stroke="#aeb6bf" stroke-width="3"/>`);
  parts.push(`<rect x="8" y="226" width="${w - 16}" height="36" fill="${stripe}"/>`);
  parts.push(`<rect x="8" y="262" width="${w - 16}" height="38" fill="#c9ced4" stroke="#9aa3ad" stroke-width="2"/>`);
  if (side === 'front') {
    parts.push(`<rect x="${w / 2 - 120}" y="96" width="240" height="90" rx="18" fill="url(#glass)" stroke="#2b2e33" stroke-width="5"/>`);
    parts.push(`<path d="M ${w / 2 - 150} 300 L ${w / 2} 352 L ${w / 2 + 150} 300" stroke="#2b2e33" stroke-width="12" fill="none" stroke-linejoin="round"/>`);
    parts.push(`<rect x="${w / 2 - 70}" y="256" width="140" height="44" rx="4" fill="#3a3f45"/>`);
    parts.push(`<rect x="${w / 2 - 60}" y="206" width="34" height="52" rx="12" fill="#e6e9ec" stroke="#9aa3ad"/><rect x="${w / 2 + 26}" y="206" width="34" height="52" rx="12" fill="#e6e9ec" stroke="#9aa3ad"/>`);
  } else {
    parts.push(`<rect x="${w / 2 - 90}" y="90" width="180" height="70" rx="14" fill="url(#glass)" stroke="#2b2e33" stroke-width="4"/>`);
    parts.push(`<circle cx="${w / 2}" cy="214" r="54" fill="${TYRE}"/><circle cx="${w / 2}" cy="214" r="32" fill="url(#rim)"/>`);
    parts.push(`<rect x="24" y="270" width="46" height="20" rx="3" fill="#b3121d"/><rect x="${w - 70}" y="270" width="46" height="20" rx="3" fill="#b3121d"/>`);
    parts.push(`<rect x="${w / 2 - 56}" y="270" width="112" height="26" rx="3" fill="#f8f8f4" stroke="#30343a" stroke-width="2"/>`);
  }
  return `<g>${parts.join('')}</g>`;
}

function motorcycleFace(paint: Paint, side: 'front' | 'rear'): string {
  const w = FACES.motorcycle.width;
  const c = w / 2;
  if (side === 'front') {
    return `<g><rect x="${c - 22}" y="${GROUND - 190}" width="44" height="190" rx="20" fill="${TYRE}"/>
<path d="M ${c - 30} 90 L ${c - 20} 250 M ${c + 30} 90 L ${c + 20} 250" stroke="#9aa3ad" stroke-width="12"/>
<path d="M ${c - 70} 120 Q ${c} 60 ${c + 70} 120 L ${c + 50} 180 Q ${c} 200 ${c - 50} 180 Z" fill="url(#paint)" stroke="${paint.line}" stroke-width="3"/>
<circle cx="${c}" cy="130" r="30" fill="#eef4fb" stroke="#2b2e33" stroke-width="6"/>
<path d="M ${c - 110} 70 L ${c + 110} 70" stroke="#2b2e33" stroke-width="10" stroke-linecap="round"/>
<ellipse cx="${c - 104}" cy="40" rx="16" ry="10" fill="#2b2e33"/><ellipse cx="${c + 104}" cy="40" rx="16" ry="10" fill="#2b2e33"/></g>`;
  }
  return `<g><rect x="${c - 26}" y="${GROUND - 190}" width="52" height="190" rx="22" fill="${TYRE}"/>
<path d="M ${c - 60} 110 Q ${c} 90 ${c + 60} 110 L ${c + 40} 170 L ${c - 40} 170 Z" fill="url(#paint)" stroke="${paint.line}" stroke-width="3"/>
<rect x="${c - 20}" y="160" width="40" height="14" rx="4" fill="#b3121d"/>
<rect x="${c - 34}" y="186" width="68" height="40" rx="3" fill="#f8f8f4" stroke="#30343a" stroke-width="2"/>
<rect x="${c + 40}" y="230" width="30" height="40" rx="10" fill="#c2c8ce"/></g>`;
}

/** Horizontal extent of the side profile (x min, x max) in vehicle units. */
function profileExtent(body: BodyShape): [number, number] {
  if (body === 'caravan') return [-100, 970];
  if (body === 'light-truck') return [10, 995];
  return [10, 990];
}

/**
 * Horizontal scale of each side profile: every body is drawn at one scale on the canvas, so
 * this sets its length to height, near a real vehicle's (a sedan about 3.3 times as long as
 * it is tall, a hatch 2.9, an SUV 2.7, a van 2.6) and a hatch shorter than a van.
 */
const LENGTH_SCALE: Record<BodyShape, number> = {
  sedan: 0.85, hatch: 0.8, suv: 0.84, wagon: 0.85, coupe: 0.84, convertible: 0.8, ute: 0.88, van: 0.86, 'light-truck': 0.84, caravan: 0.95, motorcycle: 0.78,
};

/**
 * The vehicle seen from `angle` degrees: 0 = side (nose left), 90 = front, 180 = side (nose
 * right), 270 = rear. One clean view (issue 35 item 7): the full-length side profile while the
 * vehicle is seen more from the side than from an end, else its face; never the two side by
 * side (that read as one stretched vehicle). Off a true side angle, the far end of the side
 * rises a little, a hint of perspective that tells the three-quarter stills from the side.
 */
function vehicleAt(body: BodyShape, paint: Paint, angle: number): { svg: string; width: number } {
  const radians = (angle * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  if (Math.abs(cos) < 0.5) return { svg: faceSvg(body, paint, sin >= 0 ? 'front' : 'rear'), width: FACES[body].width };
  const [minX, maxX] = profileExtent(body);
  const sx = LENGTH_SCALE[body];
  const width = (maxX - minX) * sx;
  const noseLeft = cos >= 0;
  const place = noseLeft ? `translate(${(-minX * sx).toFixed(2)} 0) scale(${sx.toFixed(4)} 1)` : `translate(${(width + minX * sx).toFixed(2)} 0) scale(-${sx.toFixed(4)} 1)`;
  // The nearer end is the one the camera turns towards (the nose when sin > 0).
  const nearX = (sin >= 0) === noseLeft ? 0 : width;
  const skew = (nearX === 0 ? -1 : 1) * 2.5 * Math.abs(Math.sin(2 * radians));
  return {
    svg: `<g transform="translate(${nearX.toFixed(2)} ${GROUND}) skewY(${skew.toFixed(3)}) translate(${(-nearX).toFixed(2)} ${-GROUND})"><g transform="${place}">${profileSvg(body, paint, sx)}</g></g>`,
    width,
  };
}

/** Studio background: wall, floor, a soft spotlight. */
function studio(width: number, height: number, horizon: number): string {
  return `<rect width="${width}" height="${horizon}" fill="url(#wall)"/><rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#floor)"/><ellipse cx="${width / 2}" cy="${horizon * 0.7}" rx="${width * 0.45}" ry="${horizon * 0.55}" fill="url(#spot)"/>`;
}

/** A still or spin-frame exterior view at `angle` degrees. */
export function exteriorSvg(body: BodyShape, family: ColourFamily, angle: number): string {
  const paint = paintOf(family);
  const { width: W, height: H } = CANVAS;
  const horizon = 560;
  const { svg, width } = vehicleAt(body, paint, angle);
  const height = GROUND + 10;
  const scale = Math.min((W * 0.86) / Math.max(width, 1), (H * 0.62) / height, 0.95);
  const groundY = 650;
  const tx = (W - width * scale) / 2;
  const ty = groundY - GROUND * scale;
  const shadowWidth = Math.max(width * scale * 0.56, 160);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(paint)}${studio(W, H, horizon)}<ellipse cx="${W / 2}" cy="${groundY + 4}" rx="${shadowWidth}" ry="${26 + 10 * Math.abs(Math.sin((angle * Math.PI) / 180))}" fill="url(#shadow)"/><g transform="translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${scale.toFixed(4)})">${svg}</g></svg>`;
}

/** Interior scene: dashboard (cars), lounge and bed (caravans), cockpit (motorcycles). */
export function interiorSvg(body: BodyShape, family: ColourFamily, width: number = CANVAS.width, height: number = CANVAS.height): string {
  const paint = paintOf(family);
  const W = width;
  const H = height;
  if (body === 'caravan') {
    const accent = family === 'white' ? '#4f6475' : paint.base;
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(paint, accent)}
<rect width="${W}" height="${H}" fill="#f3eee6"/>
<rect y="${H * 0.78}" width="${W}" height="${H * 0.22}" fill="#b48a5e"/>
${Array.from({ length: Math.ceil(W / 120) }, (_, i) => `<line x1="${i * 120}" y1="${H * 0.78}" x2="${i * 120 - 60}" y2="${H}" stroke="#9c7750" stroke-width="3"/>`).join('')}
<rect x="${W * 0.05}" y="${H * 0.06}" width="${W * 0.9}" height="${H * 0.16}" rx="10" fill="#c89b6d" stroke="#a97f55" stroke-width="4"/>
${Array.from({ length: 4 }, (_, i) => `<line x1="${W * (0.05 + 0.225 * (i + 1))}" y1="${H * 0.06}" x2="${W * (0.05 + 0.225 * (i + 1))}" y2="${H * 0.22}" stroke="#a97f55" stroke-width="4"/>`).join('')}
<rect x="${W * 0.36}" y="${H * 0.3}" width="${W * 0.28}" height="${H * 0.22}" rx="20" fill="url(#sky)" stroke="#d4cbbd" stroke-width="10"/>
<rect x="${W * 0.06}" y="${H * 0.52}" width="${W * 0.36}" height="${H * 0.28}" rx="18" fill="#fbfaf7" stroke="#d9d2c6" stroke-width="4"/>
<rect x="${W * 0.06}" y="${H * 0.47}" width="${W * 0.36}" height="${H * 0.08}" rx="14" fill="#e8e2d8"/>
<rect x="${W * 0.1}" y="${H * 0.49}" width="${W * 0.1}" height="${H * 0.07}" rx="14" fill="url(#accent)"/><rect x="${W * 0.28}" y="${H * 0.49}" width="${W * 0.1}" height="${H * 0.07}" rx="14" fill="url(#accent)"/>
<path d="M ${W * 0.06} ${H * 0.66} L ${W * 0.42} ${H * 0.62} L ${W * 0.42} ${H * 0.8} L ${W * 0.06} ${H * 0.8} Z" fill="url(#accent)" opacity="0.85"/>
<rect x="${W * 0.6}" y="${H * 0.56}" width="${W * 0.34}" height="${H * 0.24}" fill="#c89b6d" stroke="#a97f55" stroke-width="4"/>
<rect x="${W * 0.6}" y="${H * 0.53}" width="${W * 0.34}" height="${H * 0.04}" fill="#ece8e1"/>
<ellipse cx="${W * 0.7}" cy="${H * 0.55}" rx="${W * 0.04}" ry="${H * 0.015}" fill="#b8bec5"/>
<path d="M ${W * 0.7} ${H * 0.55} L ${W * 0.7} ${H * 0.49} L ${W * 0.73} ${H * 0.49}" stroke="#9aa3ad" stroke-width="6" fill="none"/>
${Array.from({ length: 3 }, (_, i) => `<circle cx="${W * (0.81 + i * 0.04)}" cy="${H * 0.548}" r="${H * 0.012}" fill="#3a3f45"/>`).join('')}
<line x1="${W * 0.77}" y1="${H * 0.56}" x2="${W * 0.77}" y2="${H * 0.8}" stroke="#a97f55" stroke-width="4"/>
</svg>`;
  }
  if (body === 'motorcycle') {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(paint)}
<rect width="${W}" height="${H * 0.5}" fill="url(#sky)"/><rect y="${H * 0.5}" width="${W}" height="${H * 0.5}" fill="#9aa38f"/>
<path d="M ${W * 0.42} ${H} L ${W * 0.49} ${H * 0.5} L ${W * 0.51} ${H * 0.5} L ${W * 0.58} ${H} Z" fill="#55595e"/>
<path d="M ${W * 0.25} ${H} Q ${W * 0.5} ${H * 0.55} ${W * 0.75} ${H} Z" fill="url(#paint)" stroke="${paint.line}" stroke-width="4"/>
<path d="M ${W * 0.08} ${H * 0.5} Q ${W * 0.5} ${H * 0.42} ${W * 0.92} ${H * 0.5}" stroke="#23262a" stroke-width="${H * 0.03}" fill="none" stroke-linecap="round"/>
<rect x="${W * 0.4}" y="${H * 0.3}" width="${W * 0.2}" height="${H * 0.16}" rx="${H * 0.03}" fill="#15181c" stroke="#40454b" stroke-width="6"/>
<circle cx="${W * 0.5}" cy="${H * 0.38}" r="${H * 0.055}" fill="none" stroke="#5ec8f2" stroke-width="6"/>
<ellipse cx="${W * 0.14}" cy="${H * 0.3}" rx="${W * 0.05}" ry="${H * 0.035}" fill="#23262a"/><ellipse cx="${W * 0.86}" cy="${H * 0.3}" rx="${W * 0.05}" ry="${H * 0.035}" fill="#23262a"/>
</svg>`;
  }
  const trim = paint.base;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(paint)}
<rect width="${W}" height="${H}" fill="#1a1c1f"/>
<path d="M ${W * 0.04} ${H * 0.08} Q ${W * 0.5} ${H * 0.01} ${W * 0.96} ${H * 0.08} L ${W * 0.92} ${H * 0.46} L ${W * 0.08} ${H * 0.46} Z" fill="url(#sky)"/>
<path d="M ${W * 0.08} ${H * 0.4} L ${W * 0.92} ${H * 0.4} L ${W * 0.92} ${H * 0.46} L ${W * 0.08} ${H * 0.46} Z" fill="#9fb08e"/>
<path d="M ${W * 0.46} ${H * 0.46} L ${W * 0.49} ${H * 0.4} L ${W * 0.51} ${H * 0.4} L ${W * 0.56} ${H * 0.46} Z" fill="#6b6f74"/>
<path d="M 0 ${H * 0.5} Q ${W * 0.5} ${H * 0.4} ${W} ${H * 0.5} L ${W} ${H} L 0 ${H} Z" fill="#2a2d31"/>
<path d="M 0 ${H * 0.6} Q ${W * 0.5} ${H * 0.52} ${W} ${H * 0.6} L ${W} ${H * 0.64} Q ${W * 0.5} ${H * 0.56} 0 ${H * 0.64} Z" fill="${trim}" opacity="0.95"/>
<rect x="${W * 0.4}" y="${H * 0.46}" width="${W * 0.2}" height="${H * 0.14}" rx="${H * 0.015}" fill="#0e1a26" stroke="#4a4f55" stroke-width="4"/>
<rect x="${W * 0.415}" y="${H * 0.475}" width="${W * 0.08}" height="${H * 0.11}" rx="6" fill="#1f6fb2" opacity="0.8"/>
<rect x="${W * 0.505}" y="${H * 0.475}" width="${W * 0.08}" height="${H * 0.05}" rx="6" fill="#2e8b57" opacity="0.7"/>
<rect x="${W * 0.505}" y="${H * 0.535}" width="${W * 0.08}" height="${H * 0.05}" rx="6" fill="#d7dde3" opacity="0.6"/>
<rect x="${W * 0.62}" y="${H * 0.49}" width="${W * 0.16}" height="${H * 0.08}" rx="${H * 0.02}" fill="#0b0d10"/>
<circle cx="${W * 0.67}" cy="${H * 0.53}" r="${H * 0.03}" fill="none" stroke="#f0a63a" stroke-width="4"/><circle cx="${W * 0.73}" cy="${H * 0.53}" r="${H * 0.03}" fill="none" stroke="#5ec8f2" stroke-width="4"/>
<circle cx="${W * 0.7}" cy="${H * 0.76}" r="${H * 0.2}" fill="none" stroke="#111316" stroke-width="${H * 0.045}"/>
<path d="M ${W * 0.7 - H * 0.19} ${H * 0.78} L ${W * 0.7 + H * 0.19} ${H * 0.78}" stroke="#111316" stroke-width="${H * 0.04}"/>
<circle cx="${W * 0.7}" cy="${H * 0.78}" r="${H * 0.05}" fill="#2b2e33" stroke="#4a4f55" stroke-width="3"/>
<rect x="${W * 0.44}" y="${H * 0.68}" width="${W * 0.12}" height="${H * 0.32}" fill="#202226"/>
<rect x="${W * 0.47}" y="${H * 0.78}" width="${W * 0.06}" height="${H * 0.1}" rx="${H * 0.03}" fill="#3a3d42"/>
<rect x="${W * 0.14}" y="${H * 0.62}" width="${W * 0.14}" height="${H * 0.04}" rx="6" fill="#3a3d42"/>
</svg>`;
}

/** A neutral silhouette for cars without photos. */
export function placeholderSvg(body: BodyShape): string {
  const grey: Paint = { base: '#c3c9cf', light: '#d3d8dd', dark: '#aeb5bc', line: '#a2a9b1' };
  const { width: W, height: H } = CANVAS;
  const { svg, width } = vehicleAt(body, grey, 0);
  const scale = Math.min((W * 0.7) / width, (H * 0.5) / GROUND);
  const tx = (W - width * scale) / 2;
  const ty = 600 - GROUND * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(grey)}<rect width="${W}" height="${H}" fill="#eef0f2"/><g opacity="0.55" transform="translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${scale.toFixed(4)})">${svg}</g><g transform="translate(${W / 2 - 40} 130)" fill="none" stroke="#9aa3ad" stroke-width="6"><rect x="0" y="14" width="80" height="56" rx="10"/><circle cx="40" cy="42" r="16"/><path d="M 24 14 L 30 2 L 50 2 L 56 14"/></g></svg>`;
}

/** Still view angles (degrees) of the gallery views. */
export const VIEW_ANGLES = { angle: 35, side: 0, rear: 215, front: 90 } as const;

/**
 * A side view for a scene (the home pages' hero pictures, hero-art.ts): nose left or right,
 * ground at y = 360, its gradient ids prefixed with `id` so several vehicles share one SVG.
 */
export function sceneVehicle(body: BodyShape, family: ColourFamily, id: string, noseLeft = true): { svg: string; width: number } {
  const paint = paintOf(family);
  const { svg, width } = vehicleAt(body, paint, noseLeft ? 0 : 180);
  const scoped = `${defs(paint)}${svg}`.replace(/id="([a-z]+)"/g, `id="${id}-$1"`).replace(/url\(#([a-z]+)\)/g, `url(#${id}-$1)`);
  return { svg: scoped, width };
}
