/**
 * Feed photos on every page type (issue 15): the photo fixture tenant built from its local
 * photo host, and the same stock on a site with an image CDN template. Each photo has
 * width and height, srcset and sizes (AVIF and WebP sources for local variants); the first
 * gallery photo and the first row of result cards load eagerly with fetchpriority; faults
 * became placeholders without failing the build; the CDN site downloads nothing.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, type TenantBuildResult } from '../../src/builder/render/index.ts';
import { startPhotoServer, type PhotoServer } from '../support/photos/server.ts';
import { writePhotoTenant } from '../support/photos/tenant.ts';

const work = mkdtempSync(join(tmpdir(), 'dealer-photo-pages-'));
const out = join(work, 'out');
const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const CDN = 'https://img.example.net/fetch/{url}?w={width}&h={height}&q={quality}&fm=auto';
let server: PhotoServer;
let local: TenantBuildResult;
let cdn: TenantBuildResult;
let cdnRequests = 0;

beforeAll(async () => {
  process.env.DEALER_PHOTO_CACHE = join(work, 'cache');
  process.env.DEALER_PHOTO_ALLOW_PRIVATE = '1';
  process.env.DEALER_PHOTO_TIMEOUT_MS = '5000'; // generous: a loaded machine must not time out good photos
  process.env.DEALER_PHOTO_RETRIES = '0';
  process.env.DEALER_PHOTO_MAX_BYTES = String(4 * 1024 * 1024);
  server = await startPhotoServer({ width: 1600, height: 1200, bases: 2, hugeBytes: 30 * 1024 * 1024 });
  // Cars 1-5: car 1 has five photos, cars 2-5 carry a broken, slow, huge and non-image photo.
  const dir = writePhotoTenant(join(work, 'tenants'), server.origin, { cars: 5, slug: 'photo-pages' });
  local = await buildTenant({ dir, outRoot: out, now: NOW });
  const before = [...server.requests.values()].reduce((sum, count) => sum + count, 0);
  const cdnDir = writePhotoTenant(join(work, 'tenants'), server.origin, { cars: 5, slug: 'photo-cdn', site: { images: { cdn_template: CDN, quality: 80 } } });
  cdn = await buildTenant({ dir: cdnDir, outRoot: out, now: NOW });
  cdnRequests = [...server.requests.values()].reduce((sum, count) => sum + count, 0) - before;
}, 600_000);

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

const page = (slug: string, path: string) => readFileSync(join(out, slug, path, 'index.html'), 'utf8');
const pictures = (html: string) => [...html.matchAll(/<picture[^>]*>([\s\S]*?)<\/picture>/g)].map((match) => match[1]!);
const imgs = (html: string) => [...html.matchAll(/<img\b[^>]*>/g)].map((match) => match[0]);
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
const FIRST_CAR = '2019-toyota-corolla-p1';
const FIRST_CAR_NAME = '2019 Toyota Corolla';

/** Every photo on the page is a full <picture>: AVIF and WebP sources with srcset and sizes, a JPEG img with width and height. */
function expectResponsivePhotos(html: string, minimum: number) {
  const found = pictures(html);
  expect(found.length).toBeGreaterThanOrEqual(minimum);
  for (const inner of found) {
    const sources = [...inner.matchAll(/<source\b[^>]*>/g)].map((match) => match[0]);
    expect(sources.map((source) => attr(source, 'type'))).toEqual(['image/avif', 'image/webp']);
    for (const source of sources) {
      expect(attr(source, 'srcset')).toMatch(/^\/media\/photos\/[0-9a-f]{24}-[0-9a-f]{6}-\d+w\.(avif|webp) \d+w/);
      expect(attr(source, 'sizes')).toBeTruthy();
    }
    const img = imgs(inner)[0]!;
    expect(attr(img, 'src')).toMatch(/^\/media\/photos\/[0-9a-f]{24}-[0-9a-f]{6}\.jpg$/);
    expect(Number(attr(img, 'width'))).toBeGreaterThan(0);
    expect(Number(attr(img, 'height'))).toBeGreaterThan(0);
    expect(attr(img, 'style')).toMatch(/^background-color:#[0-9a-f]{6}$/);
  }
}

describe('the photo fixture tenant (local variants)', () => {
  it('builds although five photos are broken, slow, huge, not an image or missing, and reports each (tenant, car, URL, reason)', () => {
    expect(local.ok, local.error).toBe(true);
    const faults = local.problems.filter((line) => line.includes(' photo '));
    expect(faults).toHaveLength(4);
    expect(faults.join('\n')).toMatch(/photo-pages: car 2 \(2020-mazda-cx-5-p2\): photo http:\/\/127\.0\.0\.1:\d+\/broken\/car2-x\.jpg: cannot decode the image/);
    expect(faults.join('\n')).toMatch(/car 3 \(2021-ford-ranger-p3\): photo \S+\/slow\/car3-x\.jpg: timed out after 5000 ms/);
    expect(faults.join('\n')).toMatch(/car 4 \(2022-hyundai-i30-p4\): photo \S+\/huge\/car4-x\.jpg: too large/);
    expect(faults.join('\n')).toMatch(/car 5 \(2023-kia-sportage-p5\): photo \S+\/not-an-image\/car5-x\.jpg: not an image/);
    expect(local.photos).toMatchObject({ photos: 5 + 4 * 4, transformed: 17 });
  });

  it('vehicle page: every gallery photo, thumbnail and similar vehicle is responsive; the first photo is eager with fetchpriority, the second eager, the rest wait for the shopper', () => {
    const html = page('photo-pages', `cars/${FIRST_CAR}`);
    expectResponsivePhotos(html, 2 + 5 + 1);
    const gallery = imgs(html).filter((img) => /photo \d of 5/.test(attr(img, 'alt') ?? ''));
    // Slides 3 to 5 get their photo when the shopper nears them (slideShowsPhoto, docs/images.md).
    expect(gallery.map((img) => attr(img, 'alt'))).toEqual([`${FIRST_CAR_NAME}, photo 1 of 5`, `${FIRST_CAR_NAME}, photo 2 of 5`]);
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(5);
    expect(attr(gallery[0]!, 'loading')).toBe('eager');
    expect(attr(gallery[0]!, 'fetchpriority')).toBe('high');
    expect(attr(gallery[1]!, 'loading')).toBe('eager');
    expect(attr(gallery[1]!, 'fetchpriority')).toBeUndefined();
    // The first photo's AVIF is preloaded from the head with the same srcset and sizes.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="preload" as="image" type="image\/avif" imagesrcset="\/media\/photos\/[0-9a-f]{24}-[0-9a-f]{6}-480w\.avif 480w, [^"]+-800w\.avif 800w, [^"]+-1200w\.avif 1200w" imagesizes="\(max-width: 800px\) 100vw, 800px" fetchpriority="high"/);
    // Thumbnails use the small variants.
    expect(html).toMatch(/<source type="image\/avif" srcset="\/media\/photos\/[0-9a-f]{24}-[0-9a-f]{6}-320w\.avif 320w" sizes="120px"/i);
    // Similar vehicles (CarTile) are responsive too.
    const similar = html.slice(html.indexOf('data-testid="similar-vehicles"'));
    expect(pictures(similar).length).toBeGreaterThan(0);
    // Social and structured data get the JPEG as an absolute URL.
    expect(html).toMatch(/og:image" content="https:\/\/photo-pages\.example\.com\.au\/media\/photos\/[0-9a-f]{24}-[0-9a-f]{6}\.jpg"/);
  });

  it('vehicle page of a car with a failed photo shows the placeholder in its place', () => {
    const html = page('photo-pages', 'cars/2020-mazda-cx-5-p2');
    const second = imgs(html).find((img) => /photo 2 of 4/.test(attr(img, 'alt') ?? ''))!;
    expect(attr(second, 'src')).toBe('/media/placeholders/suv.webp');
    expect(existsSync(join(out, 'photo-pages/media/placeholders/suv.webp'))).toBe(true);
  });

  it('search page: every card photo is responsive; the first row (3) eager with fetchpriority, the rest lazy', () => {
    const html = page('photo-pages', 'search/new-used-and-demo-cars');
    expectResponsivePhotos(html, 5);
    const cards = pictures(html).map((inner) => imgs(inner)[0]!);
    expect(cards.slice(0, 3).map((img) => [attr(img, 'loading'), attr(img, 'fetchpriority')])).toEqual(Array(3).fill(['eager', 'high']));
    expect(cards.slice(3).every((img) => attr(img, 'loading') === 'lazy')).toBe(true);
  });

  it('home page tiles, print sheet and reserve page use the responsive photos', () => {
    expectResponsivePhotos(page('photo-pages', ''), 1);
    // The print sheet travels in the car's page (the one /print page shows it; issue 17).
    const printSheet = /<template id="print-sheet"[^>]*>([\s\S]*?)<\/template>/.exec(page('photo-pages', `cars/${FIRST_CAR}`))?.[1] ?? '';
    expectResponsivePhotos(printSheet, 1);
    expectResponsivePhotos(page('photo-pages', `cars/${FIRST_CAR}/checkout`), 1);
  });

  it('puts every referenced variant into the site, and nothing of the faulty photos', () => {
    const files = readdirSync(join(out, 'photo-pages/media/photos'));
    expect(files).toHaveLength(17 * 9);
    const html = page('photo-pages', `cars/${FIRST_CAR}`);
    for (const match of html.matchAll(/\/media\/photos\/[^"\s,&]+/g)) expect(files).toContain(match[0].slice('/media/photos/'.length));
  });
});

describe('a site with an image CDN template (site.json images.cdn_template)', () => {
  it('builds without downloading a photo and without local variants', () => {
    expect(cdn.ok, cdn.error).toBe(true);
    expect(cdnRequests).toBe(0);
    expect(existsSync(join(out, 'photo-cdn/media/photos'))).toBe(false);
  });

  it('uses the template for src and every srcset width, with sizes, on the vehicle and search pages', () => {
    const encoded = encodeURIComponent(`${server.origin}/photos/car1-1.jpg`);
    const vehicle = page('photo-cdn', `cars/${FIRST_CAR}`);
    const first = imgs(vehicle).find((img) => /photo 1 of 5/.test(attr(img, 'alt') ?? ''))!;
    expect(attr(first, 'src')).toBe(`https://img.example.net/fetch/${encoded}?w=800&amp;h=533&amp;q=80&amp;fm=auto`);
    expect(attr(first, 'srcset')).toContain(`https://img.example.net/fetch/${encoded}?w=480&amp;h=320&amp;q=80&amp;fm=auto 480w`);
    expect(attr(first, 'sizes')).toBeTruthy();
    expect(attr(first, 'fetchpriority')).toBe('high');
    const search = page('photo-cdn', 'search/new-used-and-demo-cars');
    const card = imgs(search)[0]!;
    expect(attr(card, 'srcset')).toMatch(/^https:\/\/img\.example\.net\/fetch\/.+ 480w, .+ 800w$/);
    expect(attr(card, 'sizes')).toBe('(max-width: 600px) 100vw, 400px');
  });

  it("uses the template for the model range's tiles too (their image is a car's photo when there is no models.json)", () => {
    const tiles = imgs(page('photo-cdn', 'models')).filter((img) => /model-tile__image/.test(img));
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) {
      expect(attr(tile, 'src')).toMatch(/^https:\/\/img\.example\.net\/fetch\//);
      expect(attr(tile, 'srcset')).toMatch(/^https:\/\/img\.example\.net\/fetch\/.+ 480w, .+ 800w$/);
    }
  });
});
