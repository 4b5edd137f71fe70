/**
 * The paths of the product's own pages that a tenant's Markdown may not take (content.ts): read
 * from the routes themselves (src/pages), so a page added to the product is reserved with no
 * second list to keep. A content page is /<name> (content/<name>.md) or /pages/<name>
 * (content/pages/<name>.md).
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Site } from '../../schemas/site.ts';
import type { Brand, Product } from '../../schemas/marketing.ts';
import { brandsPagePaths } from '../../lib/marketing/brands.ts';
import { productListingPages } from '../../lib/marketing/products.ts';
import { shortlistPages } from '../../lib/vehicle/shortlist.ts';

/** The content pages' own route (src/pages/[...content].astro). */
const CONTENT_ROUTE = '/[...content]';

/** The tenant's files that decide whether a dynamic page is built: products.json, brands.json (none = no page). */
export interface OwnedPageFiles {
  products?: readonly Product[];
  brands?: readonly Brand[];
}

/**
 * What a top-level dynamic page ('/[brands]') is built at for the tenant: from the function its
 * getStaticPaths asks, so a path is taken only where the page is built. A top-level dynamic page
 * missing here stops the build (a test of every one keeps this complete). Spin to Win takes
 * none: its content page is the wheel's introduction.
 */
export const DYNAMIC_PAGE_PATHS: Readonly<Record<string, (site: Site, files: OwnedPageFiles) => readonly string[]>> = {
  '/[brands]': (_site, files) => brandsPagePaths(files.brands ?? []),
  '/[products]': (_site, files) => productListingPages(files.products ?? []).map((page) => page.path),
  '/[savedCars]': (site) => nonNull(shortlistPages(site.features).saved),
  '/[compareCars]': (site) => nonNull(shortlistPages(site.features).compare),
  '/[garageRoute]': (site) => site.garage_routes ?? [],
  '/[spinToWin]': () => [],
};

function nonNull(path: string | null): string[] {
  return path ? [path] : [];
}

/** Paths served beside the built pages on the site's origin: the lead API and the build's photos and art. */
const SERVED_BESIDE: Readonly<Record<string, string>> = { '/api': 'the lead API (/api/...)', '/media': "the build's photos and art (/media/...)" };

/**
 * src/pages, from this file's own path (a string: under a test's DOM environment `URL` is the DOM's,
 * which node:url's fileURLToPath does not take).
 */
function pagesDir(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'pages');
}

/** Every route of src/pages as an Astro route pattern ('/cars/[slug]', '/robots.txt', '/'). */
export function productRoutePatterns(dir = pagesDir(), prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      if (entry.isDirectory()) return productRoutePatterns(join(dir, entry.name), `${prefix}/${entry.name}`);
      if (!/\.(astro|ts)$/.test(entry.name) || entry.name.endsWith('.test.ts')) return [];
      const route = `${prefix}/${entry.name.replace(/\.(astro|ts)$/, '')}`.replace(/\/index$/, '');
      return [route === '' ? '/' : route];
    });
}

let patterns: string[] | undefined;

/**
 * The content paths the product takes for `site` and its products and brands, each with what
 * takes it: a page of the product at that path ('/service', '/pages/unsubscribe'), a top-level
 * dynamic page's built paths (DYNAMIC_PAGE_PATHS), its home page ('/index'), or what is served
 * beside the pages ('/api'). A folder of pages with a dynamic segment ('/cars' of
 * '/cars/[slug]') is not taken: no page of the product is built at it.
 */
export function productPaths(site: Site, files: OwnedPageFiles): Map<string, string> {
  patterns ??= productRoutePatterns();
  const taken = new Map<string, string>(Object.entries(SERVED_BESIDE));
  const take = (path: string, by: string) => {
    if (!taken.has(path)) taken.set(path, by);
  };
  for (const route of patterns) {
    if (route === CONTENT_ROUTE) continue;
    if (route === '/') {
      take('/index', 'the home page');
      continue;
    }
    const segments = route.split('/').slice(1);
    const dynamic = DYNAMIC_PAGE_PATHS[route];
    if (segments.length === 1 && /^\[\w+\]$/.test(segments[0])) {
      if (!dynamic)
        throw new Error(
          `src/pages${route}: a top-level dynamic page of the product: name its paths in DYNAMIC_PAGE_PATHS (src/builder/bundle/product-routes.ts)`,
        );
      for (const path of dynamic(site, files)) take(path, `the page ${route}`);
      continue;
    }
    // A page with a dynamic segment ('/cars/[slug]', '/search/[...path]') is built below its folder, not at it.
    if (!route.includes('[')) take(route, `the page ${route}`);
  }
  return taken;
}
