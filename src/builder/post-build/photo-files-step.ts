/**
 * Post-build step: the variant files of every processed feed photo the published cars use,
 * placed in the site by src/images/files.ts (hard links to the shared cache).
 */
import { photoFilePaths, placePhotoFiles } from '../../images/files.ts';
import type { PostBuildStep } from './types.ts';

export const photoFilesStep: PostBuildStep = {
  name: 'feed photos',
  run({ bundle, outDir }) {
    const { missing } = placePhotoFiles(photoFilePaths(bundle.cars), outDir);
    // Only a cache emptied during the build can cause this: the page would show a broken image.
    if (missing.length > 0) throw new Error(`photo cache lost ${missing.length} file(s) during the build, e.g. ${missing[0]}`);
  },
};
