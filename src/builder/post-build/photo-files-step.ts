/**
 * Post-build step: the variant files of every processed feed photo the published cars use,
 * placed in the site by src/images/files.ts (hard links to the shared cache; a file the cache
 * lacks comes from a fleet's shared work).
 */
import { PhotoCache } from '../../images/cache.ts';
import { fetchPhotoFiles, photoFilePaths, placePhotoFiles } from '../../images/files.ts';
import type { PostBuildStep } from './types.ts';

export const photoFilesStep: PostBuildStep = {
  name: 'feed photos',
  async run({ bundle, outDir, work, made }) {
    const cache = new PhotoCache(undefined, work);
    let { missing } = placePhotoFiles(photoFilePaths(bundle.cars), outDir, cache);
    if (missing.length > 0 && work) {
      const fetched = await fetchPhotoFiles(missing, outDir, cache);
      if (made) made.photoFilesFetched += fetched.fetched;
      missing = fetched.missing;
    }
    // Only a cache emptied during the build can cause this: the page would show a broken image.
    if (missing.length > 0) throw new Error(`photo cache lost ${missing.length} file(s) during the build, e.g. ${missing[0]}`);
  },
};
