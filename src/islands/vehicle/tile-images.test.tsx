/**
 * Car tiles ask only for image files the build makes: every URL in the srcset of a search result
 * card, a similar-vehicles tile and a home-page tile is a file the drawing step writes for the
 * car (a demo drawing or its body's placeholder) or a variant the photo step makes (a feed
 * photo). A card once asked for `-320w.webp` drawings, which are never drawn: broken images on
 * narrow screens.
 */
import { describe, expect, it } from 'vitest';
import { bundleImageJobs } from '../../builder/post-build/demo-art/images.ts';
import { photoFilePaths } from '../../images/files.ts';
import { photoUrl, primaryImage, vehicleImageUrl, type ImageSources } from '../../lib/images.ts';
import { loadTenant } from '../../lib/site/tenant.ts';
import { vehicleTileView } from '../../lib/vehicle/view.ts';
import type { Car } from '../../schemas/car.ts';
import { toSearchDocuments } from '../../search/core/documents.ts';
import type { SearchHit } from '../../search/engine/engine.ts';
import { cardHtml, plainCardOptions, similarHtml } from '../../../tests/support/car-tiles.tsx';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const { site, visible } = loadTenant('tests/fixtures/tenants/search-demo', NOW);
const card = plainCardOptions(site, NOW);

// The fixture's cars show their body's placeholder; one more shows a demo drawing, one a feed photo.
const drawn: Car = { ...visible[0]!, id: 9001, slug: 'drawn', primary_image_url: vehicleImageUrl('suv', 'white', 'angle') };
const photographed: Car = { ...visible[0]!, id: 9002, slug: 'photographed', primary_image_url: photoUrl('0123456789abcdef01234567', '#a1b2c3') };
// One car for each image shown (the fixture's cars share a few placeholders).
const cars = [...new Map([...visible, drawn, photographed].map((car) => [primaryImage(car), car])).values()];
const hits = toSearchDocuments(cars, site).map((document): SearchHit => ({ ...document, objectID: document.uid }));

/** Every file the build makes for these cars: the drawing step's and the photo step's. */
const made = new Set([...bundleImageJobs({ cars, extras: {} }).map((job) => job.path), ...photoFilePaths(cars)]);

/** The URLs named by every srcset attribute of some markup. */
const srcsetUrls = (html: string) => [...html.matchAll(/srcSet="([^"]*)"/gi)].flatMap((match) => match[1]!.split(', ').map((entry) => entry.split(' ')[0]!));
const sourceUrls = (image: ImageSources) =>
  [image.srcset, ...(image.sources ?? []).map((source) => source.srcset)].flatMap((set) => (set ? set.split(', ').map((entry) => entry.split(' ')[0]!) : []));

/** The srcset URLs of each tile, by name. */
const TILES: [string, (index: number) => string[]][] = [
  ['search result card', (index) => srcsetUrls(cardHtml(hits[index]!, card))],
  ['similar-vehicles tile', (index) => srcsetUrls(similarHtml(hits[index]!, site))],
  ['home-page tile', (index) => sourceUrls(vehicleTileView(cars[index]!, site).image)],
];

describe('tiles ask only for image files the build makes', () => {
  it('the fixture covers placeholders, a drawing and a feed photo', () => {
    expect(hits.map((hit) => hit.slug)).toEqual(cars.map((car) => car.slug));
    const urls = hits.flatMap((_hit, index) => TILES[0]![1](index));
    expect(urls.some((url) => url.startsWith('/media/placeholders/'))).toBe(true);
    expect(urls.some((url) => url.startsWith('/media/vehicles/suv-white-angle-'))).toBe(true);
    expect(urls.some((url) => url.startsWith('/media/photos/'))).toBe(true);
  });

  it.each(TILES.flatMap(([tile, urlsOf]) => cars.map((car, index) => [tile, car.slug, () => urlsOf(index)] as const)))('%s of %s', (_tile, _slug, urlsOf) => {
    const urls = urlsOf();
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => !made.has(url))).toEqual([]);
  });
});
