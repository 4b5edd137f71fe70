/**
 * Every width a srcset asks for (SRCSET_WIDTHS, the one list of them) is a width the image step
 * makes (docs/images.md "Widths asked and made"): the drawing step's files of a demo drawing, a
 * body placeholder and a promotion slide, and the photo step's variants of a feed photo. Pages
 * ask only through SRCSET_WIDTHS (carImageSources takes a use, not widths), so a width asked
 * for and never made fails here.
 */
import { describe, expect, it } from 'vitest';
import { bundleImageJobs } from '../builder/post-build/demo-art/images.ts';
import { photoFilePaths } from '../images/files.ts';
import type { TenantFiles } from '../schemas/tenant-files.ts';
import { makeCar } from '../../tests/fixtures/make-car.ts';
import { carImageSources, PHOTO_WIDTHS, photoUrl, placeholderImage, SRCSET_WIDTHS, vehicleImageUrl, type ImageSources, type SrcsetUse } from './images.ts';

const USES = Object.keys(SRCSET_WIDTHS) as SrcsetUse[];

/** The URLs every srcset of some sources names. */
function named(image: ImageSources): string[] {
  return [image.srcset, ...(image.sources ?? []).map((source) => source.srcset)].flatMap((set) =>
    set ? set.split(', ').map((entry) => entry.split(' ')[0]!) : [],
  );
}

const drawing = vehicleImageUrl('suv', 'white', 'angle');
const slide = vehicleImageUrl('ute', 'red', 'side');
const photo = photoUrl('0123456789abcdef01234567', '#a1b2c3');
const car = makeCar({ primary_image_url: drawing });
const photographed = makeCar({ id: 2, slug: 'car-2', primary_image_url: photo });

/** The drawing step's files for a tenant with `car` and a promotion slide showing `slide`. */
const drawn = new Set(bundleImageJobs({ cars: [car], extras: { slides: [{ image: slide }] } as unknown as TenantFiles }).map((job) => job.path));
/** The photo step's files for a car with a feed photo. */
const photoFiles = new Set(photoFilePaths([photographed]));

describe('every width a srcset asks for is made', () => {
  it.each(USES.filter((use) => use !== 'thumb' && use !== 'slide'))('%s: a demo drawing and a body placeholder, every width asked', (use) => {
    for (const url of [drawing, placeholderImage(car.simple_body, car.vehicle_kind)]) {
      const urls = named(carImageSources(url, use));
      expect(urls).toHaveLength(SRCSET_WIDTHS[use].length);
      expect(urls.filter((file) => !drawn.has(file))).toEqual([]);
    }
  });

  it('slide: a promotion slide drawing, every width asked', () => {
    const urls = named(carImageSources(slide, 'slide'));
    expect(urls).toHaveLength(SRCSET_WIDTHS.slide.length);
    expect(urls.filter((file) => !drawn.has(file))).toEqual([]);
  });

  it.each(USES)('%s: a feed photo names only its variants', (use) => {
    const urls = named(carImageSources(photo, use));
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((file) => !photoFiles.has(file))).toEqual([]);
  });

  it.each(USES.filter((use) => use !== 'slide'))('%s: a feed photo is made in every width asked (a slide offers the photo widths instead)', (use) => {
    expect(SRCSET_WIDTHS[use].filter((width) => !(PHOTO_WIDTHS as readonly number[]).includes(width))).toEqual([]);
  });

  it.each(USES)('%s: widths are listed smallest first, each once', (use) => {
    const widths = [...SRCSET_WIDTHS[use]];
    expect(widths).toEqual([...new Set(widths)].sort((a, b) => a - b));
  });
});
