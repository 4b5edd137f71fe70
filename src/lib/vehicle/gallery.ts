/**
 * Gallery and spin rules (spec §9 "Thumbnails when more than 3 images (first 2 loaded with
 * priority); slider thumbnails scroll above 5"; §4 spin viewer wrap-around; §9 sensitivity).
 */

/** Thumbnails appear when a car has more than this many images. */
export const THUMBNAILS_FROM = 4;
/** The thumbnail strip becomes a scrolling slider above this many images. */
export const THUMBNAILS_SCROLL_ABOVE = 5;
/** Images loaded with priority (eager, high fetch priority). */
export const PRIORITY_IMAGES = 2;
/** Pixels of drag per spin frame (spec §9). */
export const SPIN_SENSITIVITY_PX = 20;
/** Auto-rotate interval in ms (spec §9). */
export const AUTO_ROTATE_MS = 100;

/** How the gallery lays out `count` slides. */
export function galleryLayout(count: number): { thumbnails: boolean; scrollThumbnails: boolean } {
  return { thumbnails: count >= THUMBNAILS_FROM, scrollThumbnails: count > THUMBNAILS_SCROLL_ABOVE };
}

/** Whether slide `index` loads with priority (the first two). */
export function isPriorityImage(index: number): boolean {
  return index < PRIORITY_IMAGES;
}

/**
 * Whether the carousel's slide `at` carries its photo now, with slide `index` showing and the
 * slides in `shown` shown before: the current slide, the next one (a swipe away), every slide
 * already shown, and after the first move the previous one too. The others stay empty boxes
 * until the shopper comes near them. A phone would otherwise fetch every photo of the carousel
 * while the page loads (its lazy-loading margin reaches sideways into the track), and those
 * photos would share the network with the first one, the page's largest paint.
 */
export function slideShowsPhoto(at: number, index: number, shown: ReadonlySet<number>, count: number): boolean {
  if (at === index || shown.has(at) || at === wrapIndex(index, 1, count)) return true;
  return shown.size > 1 && at === wrapIndex(index, -1, count);
}

/** Index after moving `step` from `index` in a list of `count`, wrapping around both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** Frames moved by a drag of `deltaX` pixels (whole frames only, toward the drag). */
export function framesForDrag(deltaX: number, sensitivity = SPIN_SENSITIVITY_PX): number {
  return Math.trunc(deltaX / sensitivity);
}

/** A playable video slide: an embeddable YouTube/Vimeo player or a plain video file. */
export type VideoSlide = { kind: 'embed'; src: string } | { kind: 'file'; src: string };

/** The video slide for a car's video_url / external_video_url, or null when it is not a usable http(s) URL. */
export function videoSlide(url: string | null | undefined): VideoSlide | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.replace(/^www\./, '');
  let youtubeId: string | null = null;
  if (host === 'youtu.be') youtubeId = parsed.pathname.slice(1);
  else if (host.endsWith('youtube.com')) youtubeId = parsed.searchParams.get('v') ?? /^\/(?:embed|shorts)\/([^/]+)/.exec(parsed.pathname)?.[1] ?? null;
  if (youtubeId && /^[\w-]{6,20}$/.test(youtubeId)) return { kind: 'embed', src: `https://www.youtube-nocookie.com/embed/${youtubeId}` };
  const vimeo = host === 'vimeo.com' ? /^\/(\d+)/.exec(parsed.pathname)?.[1] : null;
  if (vimeo) return { kind: 'embed', src: `https://player.vimeo.com/video/${vimeo}` };
  if (/\.(mp4|webm|m4v|mov)$/i.test(parsed.pathname)) return { kind: 'file', src: parsed.href };
  return null;
}

/**
 * A car's video slide (spec §3 Car video_url, external_video_url): the first of the two that
 * gives one, so a blank or unplayable video_url (a dealer's own page) leaves the external one.
 */
export function carVideoSlide(car: { video_url?: string | null; external_video_url?: string | null }): VideoSlide | null {
  return videoSlide(car.video_url) ?? videoSlide(car.external_video_url);
}

/**
 * The thumbnail strip follows the car's status (spec §4 "in_stock gates the thumbnail strip"):
 * an in-stock car with more than 3 images (`count`: photos, the video slide not counted) shows
 * it; a sold or coming-soon car keeps the slider and its arrows only.
 */
export function showThumbnails(count: number, status: string | null | undefined): boolean {
  return status === 'in_stock' && galleryLayout(count).thumbnails;
}

/** A hotspot placed on the spin (spec §3 Car hotspots): position in % of the image, frame it belongs to. */
export interface SpinHotspot {
  /** 0-based frame; null = every frame (interior panoramas have one image). */
  frame: number | null;
  /** Left and top, in % of the image (feeds giving 0-1 fractions are scaled). */
  x: number;
  y: number;
  title: string;
  description: string | null;
}

const percent = (value: number) => (value > 0 && value <= 1 ? value * 100 : value);

/**
 * Hotspots of a car ready to render: those with a position and a text, clamped into the image,
 * frames wrapped into the spin's range. Feed data is untrusted: nothing else is kept.
 */
export function spinHotspots(list: readonly { x?: number | null; y?: number | null; frame?: number | null; title?: string | null; description?: string | null }[] | null | undefined, frames: number): SpinHotspot[] {
  const out: SpinHotspot[] = [];
  for (const spot of list ?? []) {
    if (typeof spot.x !== 'number' || typeof spot.y !== 'number' || !Number.isFinite(spot.x) || !Number.isFinite(spot.y)) continue;
    const title = spot.title?.trim() || spot.description?.trim();
    if (!title) continue;
    const frame = typeof spot.frame === 'number' && Number.isInteger(spot.frame) && frames > 0 ? wrapIndex(spot.frame, 0, frames) : null;
    const clamp = (value: number) => Math.min(100, Math.max(0, percent(value)));
    out.push({ frame, x: clamp(spot.x), y: clamp(spot.y), title, description: spot.title?.trim() ? spot.description?.trim() || null : null });
  }
  return out;
}

/** The hotspots shown on `frame` (those of that frame and those of every frame). */
export function hotspotsOnFrame(hotspots: readonly SpinHotspot[], frame: number): SpinHotspot[] {
  return hotspots.filter((spot) => spot.frame === null || spot.frame === frame);
}

/** The external provider's viewer URL for a car, or null when the site or the car has none (spec §2 `impel` + `spin_code`). */
export function externalSpinUrl(impel: boolean, template: string | null | undefined, spinCode: string | null | undefined): string | null {
  const code = spinCode?.trim();
  if (!impel || !template || !code) return null;
  return template.replaceAll('{spin_code}', encodeURIComponent(code));
}
