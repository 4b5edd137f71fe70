/**
 * The page plan (docs/architecture.md "Page plan"): the one registry of which pages depend on
 * what, used by the routes (through the bundle's render plan), by the pipeline's incremental
 * releases (what to render, what to take over) and by the release checks (which files must
 * exist). Every route under `src/pages` is in exactly one class, checked by `plan.test.ts`: a
 * stock-dependent page family (`PAGE_FAMILIES`), `GLOBAL_ROUTES` (rendered in every release),
 * or `STOCK_FREE_ROUTES` / `CLOCK_SEEDED_ROUTES` (taken over). An incremental release happens
 * only with the previous release's config, tenant files, code and menus, within a day of the
 * last full build (release/decide.ts).
 */
import type { PageFamilyName, RenderPlan } from '../../builder/bundle/bundle.ts';
import { brandOverviews, computeRange } from '../../lib/range/site-range.ts';
import type { Tenant } from '../../lib/site/tenant.ts';
import { dealerYear } from '../../lib/text/dealer-time.ts';
import { RESERVE_ROUTES } from '../../lib/vehicle/vehicle-actions.ts';
import type { Car } from '../../schemas/car.ts';
import type { ModelsFile } from '../../schemas/models.ts';
import { affectedSearchPages } from '../../search/build-time/affected.ts';
import { stockRouteTable } from '../../search/build-time/page-data.ts';
import { affectedCarSlugs, type StockDiff } from './changes.ts';

/** A stock change between two releases of the same code and config: what a family's `affected` reads. */
export interface StockChange {
  site: Tenant['site'];
  /** The tenant's models.json (the brand pages' range), when it has one. */
  models: ModelsFile | undefined;
  /** Visible cars of the previous release and of this one. */
  previous: readonly Car[];
  next: readonly Car[];
  diff: StockDiff;
}

/** The keys of a family a change affects: `render` them, take the `reuse` ones over; `all` = render every page. */
export type AffectedKeys = { all: true; reason: string } | { all: false; render: string[]; reuse: string[] };

/** One stock-dependent page family. */
export interface PageFamily {
  /** What one page is keyed by. */
  key: string;
  /** Astro route patterns (as in `RouteData.route`) whose pages belong to the family. */
  routes: readonly string[];
  /** A page's output files, relative to the release root (every form the routes write). */
  files(key: string): string[];
  /** What a page shows, hence what makes it change. */
  dependsOn: string;
  /** The keys whose pages `change` may alter. */
  affected(change: StockChange): AffectedKeys;
}

export const PAGE_FAMILIES: Readonly<Record<PageFamilyName, PageFamily>> = {
  car: {
    key: 'the car slug',
    routes: ['/cars/[slug]', '/cars/[slug]/[reserve]'],
    files: (slug) => [`cars/${slug}/index.html`, ...RESERVE_ROUTES.map((reserve) => `cars/${slug}/${reserve}/index.html`)],
    dependsOn: 'the car itself, and the cars its similar-vehicles list shows (names, prices, photos)',
    // Unaffected cars' pages are taken over by owner (any file under a path segment equal to a visible slug).
    affected: (change) => ({ all: false, render: affectedCarSlugs(change.previous, change.next, change.diff), reuse: [] }),
  },
  search: {
    key: 'the route path after the search prefix (e.g. toyota/corolla)',
    routes: ['/search/[...path]', '/used-car/[...path]'],
    files: (path) => [`search/${path}/index.html`, `used-car/${path}/index.html`],
    dependsOn: "the route table (makes, models, locations), and the cars in its preset's main query or its refined facets' counts",
    affected: (change) => {
      const touched = new Set([...change.diff.added, ...change.diff.changed, ...change.diff.removed]);
      const pages = affectedSearchPages(change.site, change.previous, change.next, touched);
      return pages.all ? pages : { all: false, render: pages.paths, reuse: pages.unchanged };
    },
  },
  brand: {
    key: 'the brand slug',
    routes: ['/[brand]/overview'],
    files: (slug) => [`${slug}/overview/index.html`],
    dependsOn: "the brand's tiles of the model range (models.json, else the stock), whose links follow which makes and models have stock",
    affected: (change) => {
      const brands = brandPagePlan(change.site, change.models, change.previous, change.next);
      return brands ? { all: false, ...brands } : { all: true, reason: 'a brand appeared or went' };
    },
  },
};

/** Routes whose pages show the whole stock or the build clock: rendered in every release. */
export const GLOBAL_ROUTES: readonly string[] = [
  '/',
  '/[shortlistCars].json',
  '/book-a-service',
  '/car-choices.json',
  '/garage-cars.json',
  '/locations/[slug]',
  '/models',
  '/our-location/[slug]',
  '/search-index-[tenant].json',
  '/service',
];

/**
 * Astro route patterns whose pages never depend on the stock or the build time beyond the
 * year: such a page is the same file as in the previous release. The list is deliberately
 * short and checked by hand: a route is listed only after reading the page and every component
 * it renders. Pages stay off it when they show anything from the stock (tiles, counts, the
 * makes of the service form; the forms' car choices and the garage's car list are files of
 * their own, /car-choices.json and /garage-cars.json, read by the islands; the saved cars and
 * comparison pages' facts are /shortlist-cars.json) or from the build
 * time (offers' expiry, opening hours, the home page's counters). A route not listed is
 * rendered in every release, so forgetting one costs time, never a stale page;
 * tests/integration/pipeline-releases.test.ts compares incremental releases with full builds
 * of the same stock, file for file, which catches a listed route that does depend on the
 * stock, and a family whose `affected` misses a page.
 */
export const STOCK_FREE_ROUTES: readonly string[] = [
  '/404',
  '/[...content]',
  '/[garageRoute]',
  '/[savedCars]',
  '/[compareCars]',
  '/[brands]',
  '/[products]',
  '/[spinToWin]',
  '/apply-for-finance',
  '/blog/[reviews]',
  '/book-test-drive',
  '/cars/trade-in',
  '/checkout-journey',
  '/contact',
  '/contact-us',
  '/contact-us/[locationSlug]',
  '/dealer-locator',
  '/finance',
  '/finance-enquiry',
  '/finance-pre-approval',
  '/my-garage',
  '/online-payment',
  '/pages/unsubscribe',
  '/parts/[search]',
  '/personalised/finance',
  '/print',
  '/robots.txt',
  '/sell-my-car',
  '/sign-in',
  '/success',
  '/trade-in',
];

/**
 * Stock-free routes whose pages also carry the build clock, but only as an island's starting
 * value that the browser replaces with its own clock when the page loads (the offers list
 * drops expired offers by the shopper's clock). Taken over like the reused search pages, they
 * keep the clock of the release that rendered them, at most a day old (the periodic full build).
 * Pages that show the build clock in their HTML for good (a location's "today" in its opening
 * hours, the service page) are not here.
 */
export const CLOCK_SEEDED_ROUTES: readonly string[] = ['/offers', '/special-offers'];

/**
 * The routes an incremental release at `now` takes over, for a chain whose last full build ran
 * at `fullBuildTime`: none when the dealer's year (site.json `timezone`) changed since (every
 * page's footer shows the year).
 */
export function reusableRoutes(now: number, fullBuildTime: number, timeZone: string): readonly string[] {
  return dealerYear(now, timeZone) === dealerYear(fullBuildTime, timeZone) ? [...STOCK_FREE_ROUTES, ...CLOCK_SEEDED_ROUTES] : [];
}

/**
 * The /{brand}/overview pages to render: a page is exactly its brand and tiles (props) in the
 * site layout, so only brands whose tiles differ between the two stocks; undefined (every page)
 * when a brand appears or goes.
 */
export function brandPagePlan(site: Tenant['site'], modelsFile: ModelsFile | undefined, previous: readonly Car[], next: readonly Car[]): { render: string[]; reuse: string[] } | undefined {
  const before = brandOverviews(computeRange(site, previous, modelsFile, stockRouteTable(previous, site)));
  const after = brandOverviews(computeRange(site, next, modelsFile, stockRouteTable(next, site)));
  if (before.size !== after.size || [...after.keys()].some((slug) => !before.has(slug))) return undefined;
  const render: string[] = [];
  const reuse: string[] = [];
  for (const [slug, page] of after) (JSON.stringify(page) === JSON.stringify(before.get(slug)) ? reuse : render).push(slug);
  return { render, reuse };
}

/** An incremental release's plan: per family the keys it renders and takes over, and the stock-free routes it takes over. */
export interface ReleasePlan {
  families: Record<PageFamilyName, AffectedKeys>;
  reuseRoutes: readonly string[];
}

/** The plan of an incremental release at `now` for `change`, in a chain whose last full build ran at `fullBuildTime`. */
export function planRelease(change: StockChange, now: number, fullBuildTime: number): ReleasePlan {
  const families = Object.fromEntries(Object.entries(PAGE_FAMILIES).map(([name, family]) => [name, family.affected(change)])) as Record<PageFamilyName, AffectedKeys>;
  return { families, reuseRoutes: reusableRoutes(now, fullBuildTime, change.site.timezone) };
}

/** The car slugs whose pages a release plan renders (every visible car when the car family is affected whole). */
export function carSlugsToRender(plan: ReleasePlan, visible: readonly Pick<Car, 'slug'>[]): string[] {
  const cars = plan.families.car;
  return cars.all ? visible.map((car) => car.slug) : [...cars.render];
}

/** The bundle's render plan of a release plan: per family the keys to render (absent = all). */
export function renderPlanOf(plan: ReleasePlan): RenderPlan {
  const render: RenderPlan = {};
  for (const [name, keys] of Object.entries(plan.families) as [PageFamilyName, AffectedKeys][]) if (!keys.all) render[name] = [...keys.render];
  return render;
}

/** Output files of the pages a release plan takes over from the previous release (the families' `reuse` keys). */
export function reusedFamilyFiles(plan: ReleasePlan): Set<string> {
  const files = new Set<string>();
  for (const [name, keys] of Object.entries(plan.families) as [PageFamilyName, AffectedKeys][]) if (!keys.all) for (const key of keys.reuse) for (const file of PAGE_FAMILIES[name].files(key)) files.add(file);
  return files;
}
