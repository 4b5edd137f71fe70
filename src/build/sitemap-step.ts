/** Post-build step: sitemap.xml from the pages actually written (so every route is listed, none invented). */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sitemapXml } from '../lib/sitemap.ts';
import type { PostBuildStep } from './steps.ts';

function htmlFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) htmlFiles(path, found);
    else if (entry.name === 'index.html') found.push(path);
  }
  return found;
}

/** Route path of an index.html file relative to the site root. */
function routeOf(root: string, file: string): string {
  const rel = relative(root, file).replace(/index\.html$/, '').replace(/\/$/, '');
  return `/${rel}`;
}

export const sitemapStep: PostBuildStep = {
  name: 'sitemap',
  run({ outDir, bundle }) {
    const paths = htmlFiles(outDir)
      // Pages that ask not to be indexed (404, print, sign-in, success) stay out.
      .filter((file) => !/<meta name="robots" content="noindex"/.test(readFileSync(file, 'utf8').slice(0, 4000)))
      .map((file) => routeOf(outDir, file))
      .sort();
    writeFileSync(join(outDir, 'sitemap.xml'), sitemapXml(bundle.site.url, paths, new Date(bundle.buildTime)));
  },
};
