/** Post-build step: sitemap.xml from the pages actually written (so every route is listed, none invented); car pages with their record's date. */
import { writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { carLastModified, sitemapXml } from '../../lib/site/sitemap.ts';
import { contextPages } from './built-pages.ts';
import type { PostBuildStep } from './types.ts';

/** Route path of an index.html file relative to the site root. */
function routeOf(root: string, file: string): string {
  const rel = relative(root, file)
    .replace(/index\.html$/, '')
    .replace(/\/$/, '');
  return `/${rel}`;
}

export const sitemapStep: PostBuildStep = {
  name: 'sitemap',
  run(context) {
    const { outDir, bundle } = context;
    const carDates = new Map(bundle.cars.map((car) => [`/cars/${car.slug}`, carLastModified(car, bundle.buildTime)]));
    const entries = contextPages(context)
      // Pages that ask not to be indexed (404, print, sign-in, success) stay out.
      .filter(({ file, facts }) => basename(file) === 'index.html' && !facts.noindex)
      .map(({ file }) => routeOf(outDir, file))
      .sort()
      .map((path) => ({ path, lastModified: carDates.get(path) }));
    writeFileSync(join(outDir, 'sitemap.xml'), sitemapXml(bundle.site.url, entries));
  },
};
