/**
 * SVG drawings of the demo vehicle images: a body-type silhouette in the car's paint on a
 * studio background, seen from the side or from an end (one view per picture), an interior
 * scene and a placeholder. Pure string building; the image step (images.ts) rasterises them.
 * Coordinates: the side profile spans x 0..1000 (nose at the left), the ground is y = 360; a
 * face (front or rear) spans x 0..faceWidth at the same vertical scale. The bodies' shapes
 * are data (vehicle-shapes.json); this module draws them.
 */
import { COLOUR_FAMILIES, isCaravanShape, isMotorcycleShape, type BodyShape, type ColourFamily, type MOTORCYCLE_SHAPES, type CARAVAN_SHAPES } from '../../../lib/images.ts';
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
  if (isMotorcycleShape(body)) return motorcycleProfile(body as MotorcycleShape, paint, sx);
  if (isCaravanShape(body)) return caravanProfile(body as CaravanShape, paint, sx);
  if (body === 'prime-mover') return primeMoverProfile(paint, sx);
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
  // The wheel wells are dark, so a raised body shows its ride height rather than the wall behind.
  for (const x of spec.wheels) parts.push(`<path d="M ${x - spec.r - 9} ${spec.bottom} A ${spec.r + 9} ${spec.r + 9} 0 0 1 ${x + spec.r + 9} ${spec.bottom} Z" fill="#15181c"/>`);
  if (spec.extra) parts.push(spec.extra);
  for (const x of spec.wheels) parts.push(wheel(x, GROUND - spec.r, spec.r, 5, sx));
  return `<g>${parts.join('')}</g>`;
}

type CaravanShape = (typeof CARAVAN_SHAPES)[number];

/**
 * Side view of a towed body (drawbar at the left): a full-height caravan on two axles; a
 * shorter pop-top whose canvas band lifts the roof; a hybrid camper, short and high on
 * off-road wheels; a camper trailer, a low box with its tent packed under a cover on top.
 */
function caravanProfile(kind: CaravanShape, paint: Paint, sx = 1): string {
  const { shell, stripe } = caravanColours(paint);
  const parts: string[] = [];
  const drawbar = (y: number) => {
    parts.push(`<path d="M 44 ${y} L -70 ${y + 22} L -92 ${y + 22}" stroke="#2b2e33" stroke-width="12" fill="none" stroke-linecap="round"/>`);
    parts.push(`<rect x="-50" y="${y + 16}" width="10" height="${334 - y - 16}" fill="#3a3f45"/><circle cx="-45" cy="342" r="14" fill="#1b1c1e"/>`);
  };
  const window = (x: number, y: number, w: number, h: number) => parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="14" fill="url(#glass)" stroke="#2b2e33" stroke-width="5"/>`);
  const door = (x: number, top: number, bottom: number) => {
    parts.push(`<rect x="${x}" y="${top}" width="80" height="${bottom - top}" rx="8" fill="${shell}" stroke="#8d96a0" stroke-width="3"/>`);
    parts.push(`<rect x="${x + 16}" y="${top + 18}" width="48" height="46" rx="8" fill="url(#glass)"/><rect x="${x + 66}" y="${top + (bottom - top) * 0.5}" width="9" height="22" rx="4" fill="#6b737c"/>`);
  };
  /** The checker-plate skirt along the bottom, with the body's stripe above it. */
  const skirt = (x0: number, x1: number, top: number, bottom: number) => {
    parts.push(`<path d="M ${x0 + 6} ${top - 36} Q ${(x0 + x1) * 0.4} ${top - 26} ${(x0 + x1) * 0.55} ${top - 48} Q ${(x0 + x1) * 0.75} ${top - 66} ${x1 - 2} ${top - 64} L ${x1 - 2} ${top - 28} Q ${(x0 + x1) * 0.75} ${top - 34} ${(x0 + x1) * 0.55} ${top - 14} Q ${(x0 + x1) * 0.4} ${top + 4} ${x0 + 10} ${top} Z" fill="${stripe}"/>`);
    parts.push(`<rect x="${x0 + 8}" y="${top}" width="${x1 - x0 - 10}" height="${bottom - top - 4}" fill="#c9ced4" stroke="#9aa3ad" stroke-width="2"/>`);
    for (let x = x0 + 20; x < x1 - 10; x += 26) parts.push(`<line x1="${x}" y1="${top + 4}" x2="${x + 14}" y2="${bottom - 8}" stroke="#aab2bb" stroke-width="2"/>`);
  };
  if (kind === 'camper-trailer') {
    drawbar(262);
    // Front toolbox and jerry cans, the steel box body, the tent packed under its cover.
    parts.push('<rect x="-20" y="214" width="90" height="70" rx="6" fill="#3a3f45" stroke="#23262a" stroke-width="3"/><rect x="-8" y="196" width="30" height="18" rx="3" fill="#3a3f45"/>');
    parts.push('<rect x="74" y="206" width="36" height="64" rx="6" fill="#4f6b3a" stroke="#2f4024" stroke-width="3"/>');
    parts.push(`<rect x="110" y="188" width="620" height="104" rx="8" fill="${shell}" stroke="#aeb6bf" stroke-width="3"/>`);
    parts.push(`<rect x="112" y="232" width="616" height="22" fill="${stripe}"/>`);
    parts.push('<rect x="100" y="128" width="640" height="62" rx="14" fill="#3a3f45" stroke="#23262a" stroke-width="3"/>');
    for (const x of [200, 420, 640]) parts.push(`<rect x="${x}" y="126" width="14" height="90" fill="#1f2226"/>`);
    parts.push('<rect x="150" y="262" width="560" height="30" fill="#c9ced4" stroke="#9aa3ad" stroke-width="2"/>');
    parts.push('<path d="M 330 252 Q 420 180 510 252 Z" fill="#23262a"/>');
    parts.push(upright(752, '<ellipse cx="752" cy="226" rx="22" ry="66" fill="#1b1c1e"/>', sx));
    parts.push('<rect x="700" y="262" width="40" height="14" fill="#b3121d"/>');
    parts.push(wheel(420, GROUND - 64, 64, 6, sx), tread(420, GROUND - 64, 64, sx));
    return `<g>${parts.join('')}</g>`;
  }
  if (kind === 'hybrid-camper') {
    drawbar(270);
    parts.push('<rect x="-6" y="200" width="112" height="84" rx="6" fill="#3a3f45" stroke="#23262a" stroke-width="3"/><rect x="10" y="214" width="34" height="56" rx="5" fill="#4f6b3a"/><rect x="54" y="214" width="34" height="56" rx="5" fill="#4f6b3a"/>');
    const outline = `M 120 284 L 112 120 Q 112 66 170 62 L 690 58 Q 730 60 732 100 L 736 272 Q 736 284 720 284 ${sillWithArches(720, 120, 284, [450], 72).replace(/^L 720 284 /, '')}`;
    parts.push(`<path d="${outline}" fill="${shell}" stroke="#aeb6bf" stroke-width="3"/>`);
    parts.push(`<rect x="114" y="222" width="620" height="26" fill="${stripe}"/>`);
    parts.push('<rect x="114" y="248" width="620" height="32" fill="#3a3f45"/>');
    window(170, 100, 150, 80);
    door(540, 86, 246);
    window(640, 100, 76, 70);
    parts.push('<rect x="160" y="40" width="540" height="16" rx="5" fill="#2b2e33"/>');
    parts.push(upright(748, '<ellipse cx="748" cy="196" rx="20" ry="62" fill="#1b1c1e"/>', sx));
    parts.push('<rect x="724" y="252" width="14" height="24" fill="#b3121d"/>');
    parts.push(wheel(450, GROUND - 64, 64, 6, sx), tread(450, GROUND - 64, 64, sx));
    return `<g>${parts.join('')}</g>`;
  }
  const popTop = kind === 'pop-top';
  const rear = popTop ? 790 : 968;
  const roof = popTop ? 112 : 40;
  const wheels = popTop ? [500] : [540, 650];
  drawbar(284);
  parts.push('<rect x="-30" y="244" width="58" height="40" rx="4" fill="#3a3f45"/>');
  if (popTop) {
    // The lifted roof: a hard cap on a canvas band.
    parts.push(`<rect x="60" y="80" width="${rear - 70}" height="40" fill="#e6dcc6" stroke="#b9ab8d" stroke-width="3"/>`);
    for (let x = 90; x < rear - 20; x += 46) parts.push(`<line x1="${x}" y1="82" x2="${x}" y2="118" stroke="#cbbd9e" stroke-width="3"/>`);
    parts.push(`<path d="M 50 84 Q 52 58 90 56 L ${rear - 30} 56 Q ${rear - 6} 58 ${rear - 4} 84 Z" fill="${shell}" stroke="#aeb6bf" stroke-width="3"/>`);
  }
  const outline = `M 70 300 Q 44 300 40 270 L 30 ${roof + 90} Q 28 ${roof + 20} 100 ${roof + 4} L ${rear - 38} ${roof} Q ${rear - 6} ${roof + 2} ${rear - 4} ${roof + 30} L ${rear} 288 Q ${rear} 300 ${rear - 18} 300 ${sillWithArches(rear - 18, 70, 300, wheels, 50).replace(new RegExp(`^L ${rear - 18} 300 `), '')}`;
  parts.push(`<path d="${outline}" fill="${shell}" stroke="#aeb6bf" stroke-width="3"/>`);
  skirt(30, rear, 262, 300);
  if (popTop) {
    window(110, 136, 150, 66);
    door(330, 130, 266);
    window(560, 136, 150, 66);
  } else {
    window(140, 100, 190, 86);
    window(700, 96, 170, 92);
    door(420, 70, 266);
    parts.push('<rect x="560" y="48" width="360" height="16" rx="6" fill="#7c858f"/>');
    parts.push('<rect x="300" y="22" width="120" height="20" rx="4" fill="#d8dde2" stroke="#9aa3ad"/>');
  }
  parts.push(`<rect x="${rear - 13}" y="236" width="14" height="26" fill="#b3121d"/>`);
  for (const x of wheels) parts.push(wheel(x, GROUND - 50, 50, 6, sx));
  return `<g>${parts.join('')}</g>`;
}

/**
 * A prime mover (nose at the left): long bonnet, day cab and sleeper, exhaust stack, fuel
 * tank, bare chassis with the fifth wheel and tandem drive axles; no trailer.
 */
function primeMoverProfile(paint: Paint, sx = 1): string {
  const parts: string[] = [];
  const r = 60;
  parts.push('<rect x="300" y="252" width="690" height="26" fill="#2b2e33"/>');
  parts.push('<rect x="740" y="226" width="160" height="26" rx="4" fill="#3a3f45"/><rect x="720" y="246" width="200" height="8" fill="#1f2226"/>');
  for (const x of [770, 910]) parts.push(`<path d="M ${x - 78} 276 Q ${x} 190 ${x + 78} 276" fill="#1f2226"/>`);
  parts.push(`<path d="M 24 292 L 20 196 Q 22 164 64 154 L 306 138 L 306 292 L ${190 + r + 12} 292 A ${r + 12} ${r + 12} 0 0 0 ${190 - r - 12} 292 Z" fill="url(#paint)" stroke="${paint.line}" stroke-width="2"/>`);
  parts.push('<path d="M 40 164 L 300 146" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4"/>');
  parts.push(`<rect x="10" y="164" width="18" height="112" rx="4" fill="${CHROME}" stroke="#8d96a0" stroke-width="2"/>`);
  parts.push('<rect x="0" y="272" width="70" height="26" rx="6" fill="#c9ced4" stroke="#8d96a0" stroke-width="2"/>');
  parts.push('<rect x="26" y="224" width="50" height="22" rx="5" fill="#eef4fb" stroke="#9aa5b1" stroke-width="2"/>');
  parts.push(`<path d="M 300 292 L 300 140 L 330 56 Q 336 40 352 40 L 470 40 L 470 292 Z" fill="url(#paint)" stroke="${paint.line}" stroke-width="2"/>`);
  parts.push(`<path d="M 470 292 L 470 30 Q 470 22 480 22 L 640 22 Q 652 22 652 34 L 652 250 L 470 292 Z" fill="url(#paint)" stroke="${paint.line}" stroke-width="2"/>`);
  parts.push('<path d="M 330 132 L 350 62 Q 354 54 364 54 L 452 54 L 452 132 Z" fill="url(#glass)" stroke="#0d1117" stroke-width="3"/>');
  parts.push('<rect x="520" y="70" width="90" height="44" rx="8" fill="url(#glass)" stroke="#0d1117" stroke-width="3"/>');
  parts.push(`<line x1="462" y1="60" x2="464" y2="284" stroke="${paint.line}" stroke-width="2.5" opacity="0.6"/><rect x="420" y="150" width="30" height="8" rx="4" fill="${paint.dark}"/>`);
  parts.push('<rect x="316" y="262" width="60" height="10" fill="#8d96a0"/><rect x="316" y="284" width="60" height="10" fill="#8d96a0"/>');
  parts.push(`<rect x="486" y="236" width="170" height="52" rx="24" fill="${CHROME}" stroke="#8d96a0" stroke-width="2"/><line x1="540" y1="238" x2="540" y2="286" stroke="#8d96a0" stroke-width="3"/>`);
  parts.push(`<rect x="660" y="-20" width="18" height="260" rx="6" fill="${CHROME}" stroke="#8d96a0" stroke-width="2"/>`);
  parts.push('<path d="M 304 70 L 280 70 L 280 150 L 300 150" stroke="#2b2e33" stroke-width="6" fill="none"/><rect x="266" y="74" width="22" height="66" rx="4" fill="#2b2e33"/>');
  parts.push('<rect x="962" y="256" width="26" height="16" fill="#b3121d"/>');
  for (const x of [190, 770, 910]) parts.push(wheel(x, GROUND - r, r, 8, sx));
  return `<g>${parts.join('')}</g>`;
}

/**
 * The front of a truck: a cab-over light truck (flat face, its box above the cab) or a prime
 * mover (tall grille on the bonnet, the cab behind it, exhaust stacks at the sides).
 */
function truckFace(body: 'light-truck' | 'prime-mover', paint: Paint): string {
  const { width: w, tyreWidth } = FACES[body];
  const parts: string[] = [];
  parts.push(`<rect x="26" y="270" width="${tyreWidth}" height="${GROUND - 270}" rx="12" fill="${TYRE}"/><rect x="${w - 26 - tyreWidth}" y="270" width="${tyreWidth}" height="${GROUND - 270}" rx="12" fill="${TYRE}"/>`);
  if (body === 'light-truck') {
    parts.push(`<rect x="0" y="24" width="${w}" height="60" rx="6" fill="#f3f4f6" stroke="#c5cbd2" stroke-width="3"/>`);
    parts.push(`<path d="M 22 290 L 18 90 Q 20 64 50 62 L ${w - 50} 62 Q ${w - 20} 64 ${w - 18} 90 L ${w - 22} 290 Z" fill="url(#paint)" stroke="${paint.line}" stroke-width="2"/>`);
    parts.push(`<path d="M 40 84 L ${w - 40} 84 L ${w - 46} 176 L 46 176 Z" fill="url(#glass)" stroke="#0d1117" stroke-width="3"/><line x1="${w / 2}" y1="84" x2="${w / 2}" y2="176" stroke="#0d1117" stroke-width="5"/>`);
    parts.push(`<rect x="${w * 0.28}" y="196" width="${w * 0.44}" height="44" rx="6" fill="#1b1d20"/>`);
    for (let i = 1; i < 4; i++) parts.push(`<line x1="${w * 0.29}" y1="${196 + i * 11}" x2="${w * 0.71}" y2="${196 + i * 11}" stroke="#3b3f45" stroke-width="2"/>`);
    parts.push(`<rect x="30" y="206" width="${w * 0.2}" height="30" rx="6" fill="#eef4fb" stroke="#8d98a4" stroke-width="2"/><rect x="${w - 30 - w * 0.2}" y="206" width="${w * 0.2}" height="30" rx="6" fill="#eef4fb" stroke="#8d98a4" stroke-width="2"/>`);
    parts.push(`<rect x="10" y="252" width="${w - 20}" height="34" rx="4" fill="#2b2e33"/>`);
    parts.push(`<path d="M 18 100 L -14 100 L -14 170" stroke="#2b2e33" stroke-width="5" fill="none"/><rect x="-24" y="106" width="18" height="60" rx="4" fill="#2b2e33"/>`);
    parts.push(`<path d="M ${w - 18} 100 L ${w + 14} 100 L ${w + 14} 170" stroke="#2b2e33" stroke-width="5" fill="none"/><rect x="${w + 6}" y="106" width="18" height="60" rx="4" fill="#2b2e33"/>`);
  } else {
    for (const x of [4, w - 22]) parts.push(`<rect x="${x}" y="0" width="18" height="240" rx="6" fill="${CHROME}" stroke="#8d96a0" stroke-width="2"/>`);
    parts.push(`<path d="M 34 170 L 38 54 Q 40 36 60 34 L ${w - 60} 34 Q ${w - 40} 36 ${w - 38} 54 L ${w - 34} 170 Z" fill="url(#paint)" stroke="${paint.line}" stroke-width="2"/>`);
    parts.push(`<path d="M 54 56 L ${w - 54} 56 L ${w - 58} 138 L 58 138 Z" fill="url(#glass)" stroke="#0d1117" stroke-width="3"/><line x1="${w / 2}" y1="56" x2="${w / 2}" y2="138" stroke="#0d1117" stroke-width="5"/>`);
    parts.push(`<path d="M 60 290 L 66 160 Q 70 144 96 144 L ${w - 96} 144 Q ${w - 70} 144 ${w - 66} 160 L ${w - 60} 290 Z" fill="url(#paint)" stroke="${paint.line}" stroke-width="2"/>`);
    parts.push(`<rect x="${w / 2 - 70}" y="150" width="140" height="120" rx="6" fill="${CHROME}" stroke="#8d96a0" stroke-width="3"/>`);
    for (let y = 162; y < 264; y += 12) parts.push(`<line x1="${w / 2 - 62}" y1="${y}" x2="${w / 2 + 62}" y2="${y}" stroke="#8d96a0" stroke-width="3"/>`);
    parts.push(`<rect x="70" y="220" width="60" height="26" rx="6" fill="#eef4fb" stroke="#8d98a4" stroke-width="2"/><rect x="${w - 130}" y="220" width="60" height="26" rx="6" fill="#eef4fb" stroke="#8d98a4" stroke-width="2"/>`);
    parts.push(`<rect x="0" y="272" width="${w}" height="28" rx="6" fill="#c9ced4" stroke="#8d96a0" stroke-width="2"/>`);
    parts.push(`<rect x="-26" y="60" width="20" height="70" rx="4" fill="#2b2e33"/><rect x="${w + 6}" y="60" width="20" height="70" rx="4" fill="#2b2e33"/>`);
  }
  parts.push(`<rect x="${w / 2 - 56}" y="${body === 'light-truck' ? 256 : 274}" width="112" height="24" rx="3" fill="#f8f8f4" stroke="#30343a" stroke-width="2"/>`);
  return `<g>${parts.join('')}</g>`;
}

function caravanColours(paint: Paint): { shell: string; stripe: string } {
  const darkShell = paint.base === COLOUR_FAMILIES.black || paint.base === COLOUR_FAMILIES.grey;
  const shell = darkShell ? paint.base : '#f5f6f7';
  const stripe = paint.base === COLOUR_FAMILIES.white ? '#4f6475' : darkShell ? '#c9ced4' : 'url(#paint)';
  return { shell, stripe };
}

/** Draw `svg` round again around x = cx in a profile drawn `sx` times as long (lamps, wheels). */
function upright(cx: number, svg: string, sx: number): string {
  return sx === 1 ? svg : `<g transform="translate(${cx} 0) scale(${(1 / sx).toFixed(4)} 1) translate(${-cx} 0)">${svg}</g>`;
}

/** A knobbly or spoked tyre's tread over a wheel. */
function tread(cx: number, cy: number, r: number, sx: number): string {
  return upright(cx, `<circle cx="${cx}" cy="${cy}" r="${r - 4}" fill="none" stroke="#2b2d30" stroke-width="9" stroke-dasharray="7 7"/>`, sx);
}

type MotorcycleShape = (typeof MOTORCYCLE_SHAPES)[number];

/**
 * Side view of each motorcycle class (nose at the left, ground y = 360): wheels, fork, frame
 * and engine, then the class's bodywork: a naked bike's bare engine and round lamp, a sport
 * bike's full fairing, a cruiser's long low seat and raked fork, an adventure bike's beak,
 * screen and panniers, a trail bike's tall fork and high fender, a scooter's step-through.
 */
function motorcycleProfile(kind: MotorcycleShape, paint: Paint, sx = 1): string {
  const p = 'url(#paint)';
  const line = paint.line;
  const dark = '#23262a';
  const metal = '#9aa3ad';
  const parts: string[] = [];
  const wheels = (front: [number, number], rear: [number, number], spokes = 6, knobbly = false) => {
    for (const [cx, r] of [front, rear]) {
      parts.push(wheel(cx, GROUND - r, r, spokes, sx));
      if (knobbly) parts.push(tread(cx, GROUND - r, r, sx));
    }
  };
  const lamp = (cx: number, cy: number, r: number) => parts.push(upright(cx, `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#eef4fb" stroke="#2b2e33" stroke-width="7"/><circle cx="${cx - r * 0.3}" cy="${cy - r * 0.3}" r="${r * 0.3}" fill="#ffffff"/>`, sx));
  const stroke = (d: string, colour: string, width: number) => parts.push(`<path d="${d}" stroke="${colour}" stroke-width="${width}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`);
  const fill = (d: string, colour: string, outline = '') => parts.push(`<path d="${d}" fill="${colour}"${colour === '#ffffff' ? ' opacity="0.25"' : ''}${outline ? ` stroke="${outline}" stroke-width="3"` : ''}/>`);
  switch (kind) {
    case 'sportbike':
      stroke('M 600 262 L 780 268', dark, 18);
      fill('M 640 250 L 760 222 L 770 246 L 650 272 Z', '#6b737c');
      wheels([205, 92], [780, 92]);
      stroke('M 205 268 L 310 96', '#c9a227', 16);
      stroke('M 140 214 Q 200 168 262 200', p, 12);
      fill('M 160 178 Q 186 126 262 100 L 350 92 L 420 128 L 560 150 L 580 246 Q 520 300 420 304 L 330 296 Q 250 236 160 178 Z', p, line);
      fill('M 262 100 Q 292 58 346 52 L 352 94 Z', 'url(#glass)', '#0d1117');
      fill('M 176 168 L 250 132 L 258 146 L 186 180 Z', '#eef4fb', '#2b2e33');
      fill('M 300 200 L 420 190 L 470 250 L 360 262 Z', dark);
      fill('M 356 100 Q 440 66 540 96 L 560 150 L 410 136 Z', p, line);
      fill('M 540 98 L 656 112 L 648 128 L 556 148 Z', '#1f2226');
      fill('M 620 112 L 836 78 L 820 108 L 650 146 Z', p, line);
      fill('M 822 80 L 846 76 L 838 96 L 820 100 Z', '#b3121d');
      stroke('M 340 96 L 372 92', dark, 9);
      break;
    case 'cruiser':
      stroke('M 620 262 L 810 262', dark, 16);
      wheels([170, 98], [810, 102], 10);
      stroke('M 170 262 L 312 58', CHROME, 18);
      stroke('M 312 60 L 356 34 Q 376 26 392 48', dark, 10);
      stroke('M 104 214 Q 170 142 246 206', p, 18);
      stroke('M 320 88 L 370 300 L 640 304 L 700 200 M 320 88 L 560 150', dark, 12);
      fill('M 390 176 L 444 160 L 478 262 L 424 272 Z', '#8d949c', '#4b5259');
      fill('M 552 160 L 604 176 L 550 272 L 498 262 Z', '#8d949c', '#4b5259');
      for (let y = 184; y < 258; y += 14) parts.push(`<path d="M ${396 + (y - 176) * 0.55} ${y} L ${446 + (y - 176) * 0.55} ${y - 6} M ${548 - (y - 176) * 0.55} ${y - 6} L ${600 - (y - 176) * 0.55} ${y}" stroke="#5d646c" stroke-width="4"/>`);
      parts.push(upright(500, '<ellipse cx="500" cy="286" rx="80" ry="36" fill="#b8bec5" stroke="#6b737c" stroke-width="3"/>', sx));
      stroke('M 420 310 L 900 318', CHROME, 16);
      stroke('M 470 296 L 890 298', '#c2c8ce', 14);
      fill('M 330 118 Q 420 76 540 106 Q 556 136 520 152 Q 420 162 344 148 Z', p, line);
      fill('M 360 112 Q 420 92 500 104 L 496 114 Q 420 104 366 124 Z', '#ffffff');
      fill('M 520 136 Q 580 176 650 160 Q 700 146 736 156 L 736 178 Q 640 190 526 166 Z', '#1f2226');
      fill('M 690 206 Q 800 128 940 236 L 912 244 Q 800 166 712 218 Z', p, line);
      fill('M 918 226 L 944 232 L 936 248 L 912 244 Z', '#b3121d');
      fill('M 320 290 L 400 290 L 400 302 L 320 302 Z', dark);
      lamp(262, 98, 34);
      break;
    case 'adventure-bike':
      stroke('M 590 250 L 790 262', dark, 16);
      stroke('M 560 210 L 770 186', metal, 14);
      wheels([205, 106], [790, 98], 12, true);
      stroke('M 205 254 L 322 44', '#c9a227', 18);
      fill('M 150 150 L 262 118 L 286 152 L 196 170 Z', p, line);
      fill('M 262 150 L 300 46 L 380 44 L 392 156 Z', p, line);
      fill('M 300 46 L 324 6 L 362 10 L 372 46 Z', 'url(#glass)', '#0d1117');
      fill('M 286 96 L 318 80 L 324 120 L 292 126 Z', '#eef4fb', '#2b2e33');
      stroke('M 340 44 L 400 30', dark, 10);
      stroke('M 340 64 L 590 170 L 600 252', dark, 12);
      fill('M 380 270 L 560 282 L 548 316 L 400 306 Z', metal, '#6b737c');
      fill('M 392 154 L 556 150 L 578 268 L 404 270 Z', '#4b5259');
      for (let y = 170; y < 250; y += 14) parts.push(`<path d="M 400 ${y} L 560 ${y - 4}" stroke="#6b737c" stroke-width="4"/>`);
      fill('M 380 58 Q 470 24 570 64 L 590 160 Q 470 176 384 160 Z', p, line);
      fill('M 394 60 Q 470 36 560 68 L 560 82 Q 470 54 396 80 Z', '#ffffff');
      fill('M 568 66 L 712 86 L 708 106 L 578 128 Z', '#1f2226');
      fill('M 640 112 L 800 108 Q 812 108 812 120 L 812 222 Q 812 232 800 232 L 652 232 Q 640 232 640 222 Z', '#3a3f45', '#15181c');
      fill('M 652 124 L 800 122 L 800 134 L 652 136 Z', metal);
      fill('M 700 84 L 840 76 L 832 100 L 706 108 Z', p, line);
      fill('M 824 78 L 846 76 L 840 94 L 822 96 Z', '#b3121d');
      break;
    case 'trail-bike':
      // A tall, slim enduro: 21-inch front wheel, long-travel fork, high front fender just over the
      // tyre, a small tank and shrouds, a long flat seat to an upswept tail, the pipe under the seat.
      wheels([200, 108], [772, 100], 12, true);
      stroke('M 566 228 L 772 260', metal, 16);
      stroke('M 580 136 L 622 228', '#c9a227', 12);
      stroke('M 312 66 L 452 236 L 566 228 M 318 60 L 572 118 L 566 228', dark, 11);
      fill('M 424 170 L 540 160 L 552 250 L 440 262 Z', '#4b5259', '#2b2e33');
      for (let y = 180; y < 246; y += 13) parts.push(`<path d="M 430 ${y} L 544 ${y - 6}" stroke="#6b737c" stroke-width="4"/>`);
      stroke('M 452 196 Q 420 150 470 120 Q 560 96 680 118', metal, 12);
      fill('M 640 104 L 768 112 L 764 138 L 646 134 Z', '#8d949c', '#4b5259');
      stroke('M 200 252 L 306 50', '#c9a227', 17);
      stroke('M 188 228 L 292 36', '#9aa3ad', 9);
      fill('M 114 128 Q 200 98 292 108 L 292 124 Q 200 116 118 144 Z', p, line);
      fill('M 276 56 L 318 40 L 336 108 L 292 120 Z', '#f4f5f2', '#9aa3ad');
      stroke('M 300 40 L 368 26', dark, 9);
      fill('M 336 74 Q 400 60 468 82 L 474 128 Q 420 140 356 132 Z', p, line);
      fill('M 346 100 L 432 112 L 426 196 L 374 186 Z', p, line);
      fill('M 452 76 L 792 92 L 788 112 L 458 100 Z', '#1f2226');
      fill('M 596 100 L 728 106 L 708 176 L 614 166 Z', p, line);
      fill('M 722 96 L 906 66 L 898 86 L 730 116 Z', p, line);
      fill('M 892 68 L 912 66 L 906 82 L 890 84 Z', '#b3121d');
      break;
    case 'scooter':
      stroke('M 600 300 L 740 298', '#6b737c', 22);
      wheels([220, 64], [740, 64]);
      stroke('M 220 296 L 270 110', '#8d949c', 14);
      stroke('M 160 250 Q 220 200 282 246', p, 12);
      fill('M 240 96 L 300 90 L 350 254 L 392 300 L 290 300 Q 226 236 240 96 Z', p, line);
      fill('M 226 56 L 326 46 L 330 92 L 236 100 Z', p, line);
      fill('M 230 60 L 262 58 L 260 84 L 234 86 Z', '#eef4fb', '#2b2e33');
      stroke('M 300 50 L 346 40', dark, 10);
      fill('M 340 280 L 580 280 L 580 300 L 340 300 Z', dark);
      fill('M 540 300 L 560 190 Q 600 146 720 154 Q 840 164 876 262 L 856 300 Z', p, line);
      fill('M 560 176 Q 640 126 800 148 L 806 170 Q 690 160 566 196 Z', '#1f2226');
      fill('M 860 214 L 880 240 L 872 258 L 850 236 Z', '#b3121d');
      break;
    default:
      // The naked (standard) bike.
      stroke('M 590 252 L 790 265', dark, 16);
      stroke('M 600 164 L 640 240', '#c9a227', 12);
      stroke('M 420 300 Q 470 330 600 318 L 660 304', metal, 14);
      fill('M 618 300 L 722 284 L 718 312 L 626 324 Z', '#6b737c');
      wheels([200, 95], [790, 95]);
      stroke('M 200 265 L 306 70', CHROME, 18);
      stroke('M 200 265 L 246 180', '#6b737c', 22);
      stroke('M 124 214 Q 200 156 282 204', p, 14);
      stroke('M 322 120 L 560 150 L 600 262 M 332 140 L 470 282 L 590 252', dark, 13);
      fill('M 350 150 L 392 146 L 392 236 L 352 240 Z', '#1f2226');
      fill('M 404 172 L 524 162 L 562 204 L 560 300 Q 480 318 412 300 Z', '#4b5259');
      for (let y = 186; y < 250; y += 14) parts.push(`<path d="M 410 ${y} L 520 ${y - 6}" stroke="#6b737c" stroke-width="4"/>`);
      parts.push(upright(486, '<circle cx="486" cy="276" r="26" fill="#8d949c"/>', sx));
      fill('M 335 112 Q 420 62 545 92 L 562 150 Q 450 168 350 152 Z', p, line);
      fill('M 352 108 Q 420 76 530 96 L 528 108 Q 420 90 358 124 Z', '#ffffff');
      fill('M 545 94 Q 640 92 720 118 L 714 140 Q 630 132 560 150 Z', '#1f2226');
      fill('M 700 116 L 850 96 L 838 126 L 712 142 Z', p, line);
      fill('M 838 98 L 858 96 L 850 114 L 834 116 Z', '#b3121d');
      stroke('M 300 62 L 356 46', dark, 10);
      lamp(262, 116, 30);
  }
  return `<g>${parts.join('')}</g>`;
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
  if (isMotorcycleShape(body)) return motorcycleFace(paint, side);
  if (isCaravanShape(body)) return caravanFace(body as CaravanShape, paint, side);
  if ((body === 'light-truck' || body === 'prime-mover') && side === 'front') return truckFace(body, paint);
  if (body === 'prime-mover' && side === 'rear') {
    // The sleeper's back wall above a bare chassis and its fifth wheel, dual tyres each side.
    return `<g><rect x="14" y="${bottom - 30}" width="${face.tyreWidth * 1.5}" height="${GROUND - bottom + 30}" rx="12" fill="${TYRE}"/><rect x="${w - 14 - face.tyreWidth * 1.5}" y="${bottom - 30}" width="${face.tyreWidth * 1.5}" height="${GROUND - bottom + 30}" rx="12" fill="${TYRE}"/>
<rect x="4" y="0" width="18" height="230" rx="6" fill="${CHROME}"/><rect x="${w - 22}" y="0" width="18" height="230" rx="6" fill="${CHROME}"/>
<path d="M 40 200 L 44 40 Q 46 24 66 22 L ${w - 66} 22 Q ${w - 46} 24 ${w - 44} 40 L ${w - 40} 200 Z" fill="url(#paint)" stroke="${paint.line}" stroke-width="2"/>
<rect x="${w / 2 - 110}" y="206" width="220" height="30" rx="4" fill="#3a3f45"/><rect x="60" y="236" width="${w - 120}" height="22" fill="#2b2e33"/>
<rect x="20" y="262" width="60" height="16" fill="#b3121d"/><rect x="${w - 80}" y="262" width="60" height="16" fill="#b3121d"/>
<rect x="${w / 2 - 56}" y="262" width="112" height="24" rx="3" fill="#f8f8f4" stroke="#30343a" stroke-width="2"/></g>`;
  }
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

function caravanFace(kind: CaravanShape, paint: Paint, side: 'front' | 'rear'): string {
  const { shell, stripe } = caravanColours(paint);
  const w = FACES[kind].width;
  const roof = FACES[kind].roof;
  const parts: string[] = [];
  parts.push(`<rect x="40" y="${GROUND - 76}" width="40" height="76" rx="10" fill="${TYRE}"/><rect x="${w - 80}" y="${GROUND - 76}" width="40" height="76" rx="10" fill="${TYRE}"/>`);
  if (kind === 'pop-top') parts.push(`<rect x="16" y="80" width="${w - 32}" height="40" fill="#e6dcc6" stroke="#b9ab8d" stroke-width="3"/><path d="M 8 84 Q 10 58 50 56 L ${w - 50} 56 Q ${w - 10} 58 ${w - 8} 84 Z" fill="${shell}" stroke="#aeb6bf" stroke-width="3"/>`);
  if (kind === 'camper-trailer') parts.push(`<rect x="0" y="128" width="${w}" height="62" rx="14" fill="#3a3f45" stroke="#23262a" stroke-width="3"/>`);
  parts.push(`<path d="M 10 300 L 6 ${roof + 50} Q 8 ${roof + 4} 60 ${roof} L ${w - 60} ${roof} Q ${w - 8} ${roof + 4} ${w - 6} ${roof + 50} L ${w - 10} 300 Z" fill="${shell}" stroke="#aeb6bf" stroke-width="3"/>`);
  parts.push(`<rect x="8" y="226" width="${w - 16}" height="36" fill="${stripe}"/>`);
  parts.push(`<rect x="8" y="262" width="${w - 16}" height="38" fill="#c9ced4" stroke="#9aa3ad" stroke-width="2"/>`);
  const glass = kind === 'camper-trailer' ? '' : 'x';
  if (side === 'front') {
    if (glass) parts.push(`<rect x="${w / 2 - 120}" y="${Math.max(96, roof + 40)}" width="240" height="90" rx="18" fill="url(#glass)" stroke="#2b2e33" stroke-width="5"/>`);
    parts.push(`<path d="M ${w / 2 - 150} 300 L ${w / 2} 352 L ${w / 2 + 150} 300" stroke="#2b2e33" stroke-width="12" fill="none" stroke-linejoin="round"/>`);
    parts.push(`<rect x="${w / 2 - 70}" y="256" width="140" height="44" rx="4" fill="#3a3f45"/>`);
    parts.push(`<rect x="${w / 2 - 60}" y="206" width="34" height="52" rx="12" fill="#e6e9ec" stroke="#9aa3ad"/><rect x="${w / 2 + 26}" y="206" width="34" height="52" rx="12" fill="#e6e9ec" stroke="#9aa3ad"/>`);
  } else {
    if (glass) parts.push(`<rect x="${w / 2 - 90}" y="${Math.max(90, roof + 34)}" width="180" height="70" rx="14" fill="url(#glass)" stroke="#2b2e33" stroke-width="4"/>`);
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
  if (body === 'pop-top') return [-100, 792];
  if (body === 'hybrid-camper') return [-100, 770];
  if (body === 'camper-trailer') return [-100, 776];
  if (body === 'light-truck') return [10, 995];
  if (body === 'prime-mover') return [0, 990];
  return [10, 990];
}

/**
 * Horizontal scale of each side profile: every body is drawn at one scale on the canvas, so
 * this sets its length to height, near a real vehicle's (a sedan about 3.3 times as long as
 * it is tall, a hatch 2.9, an SUV 2.7, a van 2.6) and a hatch shorter than a van.
 */
const LENGTH_SCALE: Record<BodyShape, number> = {
  sedan: 0.85, hatch: 0.8, 'small-hatch': 0.78, suv: 0.84, 'coupe-suv': 0.84, '4wd': 0.86, wagon: 0.85, coupe: 0.84, convertible: 0.8, ute: 0.88, van: 0.86, 'light-truck': 0.84, 'prime-mover': 0.7,
  caravan: 0.95, 'pop-top': 0.95, 'hybrid-camper': 0.9, 'camper-trailer': 0.95,
  motorcycle: 0.78, sportbike: 0.78, cruiser: 0.8, 'adventure-bike': 0.78, 'trail-bike': 0.78, scooter: 0.74,
};

/**
 * The vehicle seen from `angle` degrees: 0 = side (nose left), 90 = front, 180 = side (nose
 * right), 270 = rear. One clean view: the full-length side profile while the
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
  // Cars, trucks and caravans share one scale (a hatch looks smaller than a van); a bike is framed on itself, as a photographer would.
  const scale = Math.min((W * 0.86) / Math.max(width, 1), (H * 0.62) / height, isMotorcycleShape(body) ? 1.3 : 0.95);
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
  if (isCaravanShape(body)) {
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
  if (isMotorcycleShape(body)) {
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
