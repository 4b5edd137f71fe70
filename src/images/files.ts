/**
 * The files of the processed feed photos in a built site (the builder's post-build step runs
 * it): the variant files of every photo the published cars use, as hard links to the shared
 * cache (content-addressed, never rewritten in place, so a link is safe; a copy where links
 * are impossible). A file already in the output (an incremental release links the previous
 * release's) is left. A file the cache lacks is fetched from a fleet's shared work when the
 * cache has one (another worker made it).
 */
import { copyFileSync, existsSync, linkSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parsePhotoUrl, PHOTO_WIDTHS, photoVariantUrl } from '../lib/images.ts';
import type { Car } from '../schemas/car.ts';
import { PhotoCache } from './cache.ts';

/** Site paths of every file of the processed photos the cars reference. */
export function photoFilePaths(cars: readonly Car[]): string[] {
  const paths = new Set<string>();
  for (const car of cars) {
    for (const url of [...(car.images ?? []).flatMap((image) => [image.image, image.thumb ?? '']), car.primary_image_url ?? '']) {
      if (!parsePhotoUrl(url) || paths.has(url)) continue;
      paths.add(url);
      for (const width of PHOTO_WIDTHS) for (const format of ['avif', 'webp'] as const) paths.add(photoVariantUrl(url, width, format));
    }
  }
  return [...paths];
}

/** Link the files into outDir; returns how many were added and which were missing from the cache. */
export function placePhotoFiles(paths: readonly string[], outDir: string, cache: PhotoCache = new PhotoCache()): { added: number; missing: string[] } {
  const dir = join(outDir, 'media', 'photos');
  if (paths.length > 0) mkdirSync(dir, { recursive: true });
  let added = 0;
  const missing: string[] = [];
  for (const path of paths) {
    const name = path.slice('/media/photos/'.length);
    const target = join(dir, name);
    if (existsSync(target)) continue;
    const source = cache.variantFile(name);
    try {
      linkSync(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        missing.push(path);
        continue;
      }
      if (code !== 'EEXIST') copyFileSync(source, target);
    }
    added += 1;
  }
  return { added, missing };
}

/** Fetch the files `placePhotoFiles` found missing from the cache's shared work, then place them; returns how many were fetched and which are still missing. */
export async function fetchPhotoFiles(missing: readonly string[], outDir: string, cache: PhotoCache): Promise<{ fetched: number; missing: string[] }> {
  let fetched = 0;
  for (const path of missing) if (await cache.fetchFile(path.slice('/media/photos/'.length))) fetched += 1;
  return { fetched, missing: fetched > 0 ? placePhotoFiles(missing, outDir, cache).missing : [...missing] };
}
