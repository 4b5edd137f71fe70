/**
 * Vehicle image URLs (pure): responsive sources for pages, and the naming scheme of the
 * locally made demo images (docs/demo-data.md). The files themselves are drawn by the
 * post-build step in src/build/images.ts, which parses these same URLs.
 */

/** Widths (px) every local image is generated in; pages pick one through srcset. */
export const IMAGE_WIDTHS = [480, 800, 1200] as const;

/** Width (px) of the base file (`<name>.webp`, the srcset fallback). */
export const BASE_IMAGE_WIDTH = 800;

/** Width (px) of a thumbnail file (`<name>-thumb.webp`). */
export const THUMB_WIDTH = 320;

/** Every image is 3:2, like the spec's 600x400 gallery image. */
export const IMAGE_ASPECT = 3 / 2;

/** Default `sizes` for a vehicle image: full width on phones, about 800px otherwise. */
export const DEFAULT_IMAGE_SIZES = '(max-width: 800px) 100vw, 800px';

/** Silhouettes the image step can draw. */
export const BODY_SHAPES = ['sedan', 'hatch', 'suv', 'ute', 'wagon', 'van', 'coupe', 'convertible', 'caravan', 'motorcycle', 'light-truck'] as const;
export type BodyShape = (typeof BODY_SHAPES)[number];

/** Still views of a vehicle, in gallery order: front 3/4, side, rear 3/4, front, interior. */
export const VEHICLE_VIEWS = ['angle', 'side', 'rear', 'front', 'interior'] as const;
export type VehicleView = (typeof VEHICLE_VIEWS)[number];

/** Frames of a fake 360 spin (15 degrees apart). */
export const SPIN_FRAMES = 24;

/** Paint colour families: the image colour of a car is its family, so files are shared. */
export const COLOUR_FAMILIES = {
  white: '#f4f5f2',
  black: '#1b1c1f',
  silver: '#b9bec4',
  grey: '#6c7178',
  blue: '#1f4e96',
  red: '#b3202a',
  green: '#2f5d3a',
  orange: '#d8661c',
  yellow: '#e4b628',
  brown: '#6a4a33',
  beige: '#cdb991',
  gold: '#b8913f',
  purple: '#5b2f73',
  bronze: '#8c6239',
} as const;
export type ColourFamily = keyof typeof COLOUR_FAMILIES;

const FAMILY_WORDS: [RegExp, ColourFamily][] = [
  [/\b(white|pearl|ivory|frost|glacier|alpine|arctic|snow|crystal white|ice)\b/i, 'white'],
  [/\b(black|ebony|onyx|jet|midnight|obsidian|eclipse|nero)\b/i, 'black'],
  [/\b(silver|platinum|titanium|sterling|aluminium|metal)\b/i, 'silver'],
  [/\b(grey|gray|graphite|charcoal|gunmetal|slate|storm|machine|concrete|shadow|magnetic|carbon)\b/i, 'grey'],
  [/\b(blue|navy|cobalt|azure|ocean|sapphire|aqua|teal|turquoise|deep crystal)\b/i, 'blue'],
  [/\b(red|burgundy|maroon|crimson|ruby|soul|flame|cherry|scarlet|wine)\b/i, 'red'],
  [/\b(green|olive|khaki|emerald|forest|jungle|eucalyptus)\b/i, 'green'],
  [/\b(orange|copper|sunset|tangerine|volcanic)\b/i, 'orange'],
  [/\b(yellow|lemon|sunburst)\b/i, 'yellow'],
  [/\b(brown|mocha|chocolate|espresso|tan|walnut)\b/i, 'brown'],
  [/\b(beige|sand|champagne|cream|desert|dune)\b/i, 'beige'],
  [/\b(gold)\b/i, 'gold'],
  [/\b(purple|violet|plum|mauve|pink)\b/i, 'purple'],
  [/\b(bronze)\b/i, 'bronze'],
];

/** The paint family of a colour name ("Soul Red Crystal" -> red); unknown or empty -> white. */
export function colourFamily(colour: string | null | undefined): ColourFamily {
  const text = (colour ?? '').trim();
  if (text === '') return 'white';
  const lower = text.toLowerCase();
  if (lower in COLOUR_FAMILIES) return lower as ColourFamily;
  // The first colour word wins, so "White with Black Roof" is white.
  let best: { index: number; family: ColourFamily } | undefined;
  for (const [pattern, family] of FAMILY_WORDS) {
    const match = pattern.exec(text);
    if (match && (best === undefined || match.index < best.index)) best = { index: match.index, family };
  }
  return best?.family ?? 'white';
}

const BODY_WORDS: [RegExp, BodyShape][] = [
  [/caravan|camper|pop.?top|motorhome|trailer|rv\b/i, 'caravan'],
  [/motorcycle|motorbike|scooter|naked|cruiser bike|adventure|sport ?bike|dirt/i, 'motorcycle'],
  [/truck|cab.?chassis.?truck|tipper|pantech|tray truck/i, 'light-truck'],
  [/convertible|cabrio|roadster|soft.?top|spyder|spider/i, 'convertible'],
  [/coupe|hardtop/i, 'coupe'],
  [/ute|utility|pick.?up|cab.?chassis|tray/i, 'ute'],
  [/van|people.?mover|commercial|bus|minibus/i, 'van'],
  [/suv|4x4|crossover|off.?road/i, 'suv'],
  [/wagon|estate|touring|avant/i, 'wagon'],
  [/hatch|liftback|sportback/i, 'hatch'],
  [/sedan|saloon|prestige/i, 'sedan'],
];

/** The silhouette for a feed's body text (simple_body) or item type; unknown -> sedan. */
export function bodyShape(body: string | null | undefined, itemType?: string | null): BodyShape {
  if (itemType && /caravan|camper|trailer/i.test(itemType)) return 'caravan';
  if (itemType && /motorcycle|motorbike/i.test(itemType)) return 'motorcycle';
  const text = (body ?? '').trim();
  if ((BODY_SHAPES as readonly string[]).includes(text)) return text as BodyShape;
  for (const [pattern, shape] of BODY_WORDS) if (pattern.test(text)) return shape;
  return 'sedan';
}

/** A parsed local demo image URL: what to draw and at which size. */
export type LocalImageSpec =
  | { kind: 'vehicle'; body: BodyShape; colour: ColourFamily; view: VehicleView; thumb: boolean }
  | { kind: 'spin'; body: BodyShape; colour: ColourFamily; frame: number }
  | { kind: 'panorama'; body: BodyShape; colour: ColourFamily }
  | { kind: 'placeholder'; body: BodyShape; thumb: boolean };

const SHAPES = BODY_SHAPES.join('|');
const COLOURS = Object.keys(COLOUR_FAMILIES).join('|');
const VIEWS = VEHICLE_VIEWS.join('|');
const VEHICLE_URL = new RegExp(`^/media/vehicles/(${SHAPES})-(${COLOURS})-(?:(${VIEWS})(-thumb)?|spin-(\\d{2})|panorama)\\.webp$`);
const PLACEHOLDER_URL = new RegExp(`^/media/placeholders/(${SHAPES})(-thumb)?\\.webp$`);

/** Still view URL: `/media/vehicles/<body>-<colour>-<view>[-thumb].webp`. */
export function vehicleImageUrl(body: BodyShape, colour: ColourFamily, view: VehicleView, thumb = false): string {
  return `/media/vehicles/${body}-${colour}-${view}${thumb ? '-thumb' : ''}.webp`;
}

/** Spin frame URL: `/media/vehicles/<body>-<colour>-spin-<00..23>.webp`. */
export function spinFrameUrl(body: BodyShape, colour: ColourFamily, frame: number): string {
  return `/media/vehicles/${body}-${colour}-spin-${String(frame).padStart(2, '0')}.webp`;
}

/** Interior 360 panorama URL: `/media/vehicles/<body>-<colour>-panorama.webp`. */
export function panoramaUrl(body: BodyShape, colour: ColourFamily): string {
  return `/media/vehicles/${body}-${colour}-panorama.webp`;
}

/** Parse a local demo image URL; null for anything the image step does not draw. */
export function parseLocalImageUrl(url: string): LocalImageSpec | null {
  const vehicle = VEHICLE_URL.exec(url);
  if (vehicle) {
    const body = vehicle[1] as BodyShape;
    const colour = vehicle[2] as ColourFamily;
    if (vehicle[3]) return { kind: 'vehicle', body, colour, view: vehicle[3] as VehicleView, thumb: Boolean(vehicle[4]) };
    if (vehicle[5] !== undefined) {
      const frame = Number(vehicle[5]);
      return frame < SPIN_FRAMES ? { kind: 'spin', body, colour, frame } : null;
    }
    return { kind: 'panorama', body, colour };
  }
  const placeholder = PLACEHOLDER_URL.exec(url);
  if (placeholder) return { kind: 'placeholder', body: placeholder[1] as BodyShape, thumb: Boolean(placeholder[2]) };
  return null;
}

/** Whether a URL is a local WebP under /media that the build generates in several widths. */
function isResponsiveLocal(url: string): boolean {
  return /^\/media\/[a-z0-9/_-]+\.webp$/i.test(url) && !/-thumb\.webp$/i.test(url) && !/-\d+w\.webp$/i.test(url);
}

/** URL of one width variant of a local image: `<name>-<w>w.webp`. */
export function widthVariantUrl(url: string, width: number): string {
  return url.replace(/\.webp$/i, `-${width}w.webp`);
}

/**
 * Responsive sources for an image URL. Local `/media/...webp` images come in the given
 * widths (`<name>-<w>w.webp`); remote (http) or other URLs are returned as they are.
 */
export function carImageSources(url: string, widths: readonly number[] = IMAGE_WIDTHS): { src: string; srcset?: string; sizes?: string } {
  if (!isResponsiveLocal(url) || widths.length === 0) return { src: url };
  const sorted = [...widths].sort((a, b) => a - b);
  return {
    src: url,
    srcset: sorted.map((width) => `${widthVariantUrl(url, width)} ${width}w`).join(', '),
    sizes: DEFAULT_IMAGE_SIZES,
  };
}

/** A local silhouette for a car without images, by its body text (simple_body). */
export function placeholderImage(body?: string | null): string {
  return `/media/placeholders/${bodyShape(body)}.webp`;
}

/** Gallery images of a demo vehicle: every still view with its thumbnail. */
export function vehicleGallery(body: BodyShape, colour: ColourFamily, views: readonly VehicleView[] = VEHICLE_VIEWS): { image: string; thumb: string }[] {
  return views.map((view) => ({ image: vehicleImageUrl(body, colour, view), thumb: vehicleImageUrl(body, colour, view, true) }));
}
