/**
 * Vehicle image URLs (pure): responsive sources for pages, and the naming scheme of the
 * locally made demo images (docs/demo-data.md). The files themselves are drawn by the
 * post-build step in src/builder/post-build/demo-art/images.ts, which parses these same URLs.
 */
import type { VehicleKind } from '../schemas/vehicle-kinds.ts';

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

/** Silhouettes of each motorcycle class ('motorcycle' is the naked or standard bike). */
export const MOTORCYCLE_SHAPES = ['motorcycle', 'sportbike', 'cruiser', 'adventure-bike', 'trail-bike', 'scooter'] as const;
/** Silhouettes of each towed recreational body. */
export const CARAVAN_SHAPES = ['caravan', 'pop-top', 'camper-trailer', 'hybrid-camper'] as const;
/** Silhouettes the image step can draw. */
export const BODY_SHAPES = ['sedan', 'hatch', 'suv', 'ute', 'wagon', 'van', 'coupe', 'convertible', ...CARAVAN_SHAPES, ...MOTORCYCLE_SHAPES, 'light-truck', 'prime-mover', 'small-hatch', 'coupe-suv', '4wd'] as const;
export type BodyShape = (typeof BODY_SHAPES)[number];

/** True for the motorcycle classes. */
export function isMotorcycleShape(body: BodyShape): boolean {
  return (MOTORCYCLE_SHAPES as readonly string[]).includes(body);
}

/** True for caravans, pop-tops and campers. */
export function isCaravanShape(body: BodyShape): boolean {
  return (CARAVAN_SHAPES as readonly string[]).includes(body);
}

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

/** Caravan bodies by their feed words; any other caravan-like body is a caravan. */
const CARAVAN_WORDS: [RegExp, BodyShape][] = [
  [/pop.?top/i, 'pop-top'],
  [/hybrid/i, 'hybrid-camper'],
  [/camper|tent/i, 'camper-trailer'],
];

/** Motorcycle classes by their feed words; any other bike (naked, standard) is 'motorcycle'. */
const MOTORCYCLE_WORDS: [RegExp, BodyShape][] = [
  [/scooter|moped/i, 'scooter'],
  [/cruiser|bobber|chopper/i, 'cruiser'],
  [/adventure|touring|tourer/i, 'adventure-bike'],
  [/trail|dirt|enduro|motocross|off.?road|\bmx\b/i, 'trail-bike'],
  [/sport/i, 'sportbike'],
];

const refine = (words: [RegExp, BodyShape][], text: string, fallback: BodyShape): BodyShape => words.find(([pattern]) => pattern.test(text))?.[1] ?? fallback;

const BODY_WORDS: [RegExp, BodyShape][] = [
  [/caravan|camper|pop.?top|motorhome|trailer|rv\b/i, 'caravan'],
  [/motorcycle|motorbike|scooter|naked|cruiser bike|adventure bike|sport ?bike|dirt ?bike|trail ?bike/i, 'motorcycle'],
  [/prime.?mover/i, 'prime-mover'],
  [/truck|cab.?chassis.?truck|tipper|pantech|tray truck/i, 'light-truck'],
  [/convertible|cabrio|roadster|soft.?top|spyder|spider/i, 'convertible'],
  [/coupe suv|suv coupe/i, 'coupe-suv'],
  [/coupe|hardtop/i, 'coupe'],
  [/ute|utility|pick.?up|cab.?chassis|tray/i, 'ute'],
  [/van|people.?mover|commercial|bus|minibus/i, 'van'],
  [/4x4|off.?road|4wd wagon/i, '4wd'],
  [/suv|crossover/i, 'suv'],
  [/wagon|estate|touring|avant/i, 'wagon'],
  [/hatch|liftback|sportback/i, 'hatch'],
  [/sedan|saloon|prestige/i, 'sedan'],
];

/**
 * The silhouette for a feed's body text (simple_body) and the vehicle's kind (the Car's
 * `vehicle_kind`): a bike, truck or caravan is drawn as one whatever its body says; a car by its
 * body, unknown -> sedan.
 */
export function bodyShape(body: string | null | undefined, kind?: VehicleKind): BodyShape {
  const text = (body ?? '').trim();
  if (kind === 'caravan') return refine(CARAVAN_WORDS, text, 'caravan');
  if (kind === 'motorcycle') return refine(MOTORCYCLE_WORDS, text, 'motorcycle');
  if (kind === 'truck') return /prime.?mover/i.test(text) ? 'prime-mover' : 'light-truck';
  if ((BODY_SHAPES as readonly string[]).includes(text)) return text as BodyShape;
  return drawnShape(BODY_WORDS.find(([pattern]) => pattern.test(text))?.[1] ?? 'sedan', text);
}

/** A body shape made exact by the feed's body text: the caravan or motorcycle class ('Pop Top', 'Cruiser'). */
export function drawnShape(shape: BodyShape, body: string | null | undefined): BodyShape {
  const text = body ?? '';
  if (isCaravanShape(shape)) return refine(CARAVAN_WORDS, text, shape);
  if (isMotorcycleShape(shape)) return refine(MOTORCYCLE_WORDS, text, shape);
  return shape;
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

/** One `<source>` of a `<picture>`: a format and its width candidates. */
export interface ImageSource {
  type: 'image/avif' | 'image/webp';
  srcset: string;
}

/** Responsive sources of an image, ready for `<img>` / `<picture>` (src/islands/ui/Picture.tsx). */
export interface ImageSources {
  /** The `<img src>`: a JPEG for feed photos (every browser and every consumer of a plain URL reads it). */
  src: string;
  srcset?: string;
  sizes?: string;
  /** Modern formats, best first (feed photos only): `<source type srcset sizes>` before the `<img>`. */
  sources?: ImageSource[];
  /** Dominant colour of the photo (`#rrggbb`), painted inline behind it until it loads. */
  placeholder?: string;
}

/** Site settings for image URLs: an image CDN template (spec §7), or local variants when null. */
export interface ImageOptions {
  /** URL template with {url} (the feed URL, encoded), {width}, {height}, {quality}; null = local variants. */
  cdn?: string | null;
  /** Quality on the JPEG scale (spec §7 default 75). */
  quality?: number;
}

/** Widths (px) every feed photo is made in (src/images/transform.ts): the drawings' widths and the thumbnail's. */
export const PHOTO_WIDTHS = [THUMB_WIDTH, ...IMAGE_WIDTHS] as const;

/** Width (px) of a feed photo's JPEG fallback, the `<img src>` and the URL other consumers read. */
export const PHOTO_FALLBACK_WIDTH = 800;

/** The spec's default image quality (§7 "default quality 75 or 80"), on the JPEG scale. */
export const PHOTO_QUALITY = 75;

const PHOTO_URL = /^\/media\/photos\/([0-9a-f]{24})-([0-9a-f]{6})\.jpg$/;

/** URL of a processed feed photo: `/media/photos/<key>-<rrggbb>.jpg` (the 800w JPEG). */
export function photoUrl(key: string, colour: string): string {
  return `/media/photos/${key}-${colour.replace(/^#/, '')}.jpg`;
}

/** URL of one variant of a processed feed photo: `/media/photos/<key>-<rrggbb>-<w>w.<avif|webp>`. */
export function photoVariantUrl(url: string, width: number, format: 'avif' | 'webp'): string {
  return url.replace(/\.jpg$/, `-${width}w.${format}`);
}

/** Key and dominant colour of a processed feed photo URL; null for any other URL. */
export function parsePhotoUrl(url: string): { key: string; colour: string } | null {
  const match = PHOTO_URL.exec(url);
  return match ? { key: match[1]!, colour: `#${match[2]}` } : null;
}

/** A feed URL through an image CDN template (width, height for 3:2, quality; the CDN picks the format). */
export function cdnImageUrl(template: string, url: string, width: number, quality: number = PHOTO_QUALITY): string {
  return template
    .replaceAll('{url}', encodeURIComponent(url))
    .replaceAll('{width}', String(width))
    .replaceAll('{height}', String(Math.round(width / IMAGE_ASPECT)))
    .replaceAll('{quality}', String(quality));
}

function isRemote(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** Promotion slide widths (spec §9 'Promotions slider 540x1920'): the phone and the full-width desktop image. */
export const PROMO_SLIDE_WIDTHS = [540, 1920] as const;

/**
 * The widths (px) each kind of srcset asks for, smallest first: the one list of them
 * (docs/images.md "Widths asked and made"). Each names only widths the image step makes:
 * `gallery` and `card` of every drawing and feed photo; `thumb` of a feed photo (a drawing's
 * thumbnail is its own `-thumb` file); `slide` of a slide's drawing (a feed photo as a slide
 * offers its own widths). An image CDN template serves any width.
 */
export const SRCSET_WIDTHS = {
  /** Gallery, fullscreen gallery, print page. */
  gallery: IMAGE_WIDTHS,
  /** Result cards, home and similar-vehicle tiles, model tiles, the reserve page. */
  card: [480, 800],
  /** Gallery thumbnails and the sticky header, of a feed photo. */
  thumb: [THUMB_WIDTH],
  /** Promotion slides. */
  slide: PROMO_SLIDE_WIDTHS,
} as const satisfies Record<string, readonly number[]>;
/** What a srcset is for: its widths are SRCSET_WIDTHS[use]. */
export type SrcsetUse = keyof typeof SRCSET_WIDTHS;

/**
 * Responsive sources for an image URL, in the widths of its use (SRCSET_WIDTHS).
 * - A processed feed photo (`/media/photos/...jpg`): AVIF and WebP sources in the photo
 *   widths (those of the use the photo is made in), the JPEG fallback, its dominant colour.
 * - A remote URL on a site with an image CDN template: the template in every width.
 * - A local demo `/media/...webp`: its width variants (`<name>-<w>w.webp`).
 * Anything else is returned as it is.
 */
export function carImageSources(url: string, use: SrcsetUse = 'gallery', options: ImageOptions = {}): ImageSources {
  const widths: readonly number[] = SRCSET_WIDTHS[use];
  const photo = parsePhotoUrl(url);
  if (photo) {
    let photoWidths = PHOTO_WIDTHS.filter((width) => widths.includes(width));
    if (photoWidths.length === 0) photoWidths = [...PHOTO_WIDTHS];
    const set = (format: 'avif' | 'webp') => photoWidths.map((width) => `${photoVariantUrl(url, width, format)} ${width}w`).join(', ');
    return {
      src: url,
      sizes: DEFAULT_IMAGE_SIZES,
      sources: [
        { type: 'image/avif', srcset: set('avif') },
        { type: 'image/webp', srcset: set('webp') },
      ],
      placeholder: photo.colour,
    };
  }
  if (options.cdn && isRemote(url)) {
    const quality = options.quality ?? PHOTO_QUALITY;
    return {
      src: cdnImageUrl(options.cdn, url, PHOTO_FALLBACK_WIDTH, quality),
      srcset: widths.map((width) => `${cdnImageUrl(options.cdn!, url, width, quality)} ${width}w`).join(', '),
      sizes: DEFAULT_IMAGE_SIZES,
    };
  }
  if (!isResponsiveLocal(url)) return { src: url };
  return {
    src: url,
    srcset: widths.map((width) => `${widthVariantUrl(url, width)} ${width}w`).join(', '),
    sizes: DEFAULT_IMAGE_SIZES,
  };
}

/** Phones up to 540 px take the 540 image (at 1x); larger screens the 1920 one. */
export const PROMO_SLIDE_SIZES = '(max-width: 540px) 540px, 1920px';

/** Sources of a promotion slide image: 540 and 1920 wide candidates (local drawings, the site's CDN or stored photos). */
export function slideImageSources(url: string, options: ImageOptions = {}): ImageSources {
  const sources = carImageSources(url, 'slide', options);
  return sources.srcset || sources.sources ? { ...sources, sizes: PROMO_SLIDE_SIZES } : sources;
}

/** The image settings of a site (site.json `images`) for carImageSources. */
export function siteImageOptions(site: { images?: { cdn_template?: string | null; quality?: number } }): ImageOptions {
  return { cdn: site.images?.cdn_template ?? null, quality: site.images?.quality ?? PHOTO_QUALITY };
}

/** A local silhouette for a car without images, by its body text (simple_body) and kind. */
export function placeholderImage(body?: string | null, kind?: VehicleKind): string {
  return `/media/placeholders/${bodyShape(body, kind)}.webp`;
}

/**
 * The image a surface shows for a car: its primary photo (set when the feed is parsed,
 * `normaliseCar` in src/schemas/identity.ts), else the placeholder drawn for its body.
 */
export function primaryImage(car: { primary_image_url?: string | null; simple_body?: string | null; vehicle_kind?: VehicleKind }): string {
  return car.primary_image_url ?? placeholderImage(car.simple_body, car.vehicle_kind);
}

/** Gallery images of a demo vehicle: every still view with its thumbnail. */
export function vehicleGallery(body: BodyShape, colour: ColourFamily, views: readonly VehicleView[] = VEHICLE_VIEWS): { image: string; thumb: string }[] {
  return views.map((view) => ({ image: vehicleImageUrl(body, colour, view), thumb: vehicleImageUrl(body, colour, view, true) }));
}
