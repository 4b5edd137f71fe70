/** Post-build step: sitemap.xml from the pages actually written (so every route is listed, none invented). */
import { closeSync, openSync, readdirSync, readSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sitemapXml } from '../lib/site/sitemap.ts';
import type { PostBuildStep } from './steps.ts';

function htmlFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) htmlFiles(path, found);
    else if (entry.name === 'index.html') found.push(path);
  }
  return found;
}

/** The first 4 KB of a page (where the robots meta tag is): big sites have tens of thousands of pages. */
function head(file: string): string {
  const buffer = Buffer.alloc(4000);
  const fd = openSync(file, 'r');
  try {
    return buffer.toString('utf8', 0, readSync(fd, buffer, 0, buffer.length, 0));
  } finally {
    closeSync(fd);
  }
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
      .filter((file) => !/<meta name="robots" content="noindex"/.test(head(file)))
      .map((file) => routeOf(outDir, file))
      .sort();
    writeFileSync(join(outDir, 'sitemap.xml'), sitemapXml(bundle.site.url, paths, new Date(bundle.buildTime)));
  },
};
