/**
 * The tenant bundle: everything a tenant's pages need, validated by the parent build
 * process and handed to the Astro child process as one JSON file (DEALER_BUNDLE).
 * Pages call getBundle(); they never read tenant files themselves.
 */
import { readFileSync } from 'node:fs';
import { bundleFile } from '../config/build.ts';
import type { Car } from '../schemas/car.ts';
import type { Site } from '../schemas/site.ts';

/** A content page rendered from the tenant's content/<slug>.md (or a default text). */
export interface ContentPage {
  /** Route path, e.g. '/about-us' or '/pages/faqs'. */
  path: string;
  title: string;
  description: string;
  /** Rendered HTML of the tenant's own Markdown (dealer-authored, not feed data). */
  html: string;
  /** True when the tenant has no file and the platform's default text is used. */
  isDefault: boolean;
}

export interface TenantBundle {
  slug: string;
  site: Site;
  /** Visible stock, newest first. */
  cars: Car[];
  /** Build clock in ms: every time rule (sold window, New Arrival) uses it. */
  buildTime: number;
  /** Absolute path of the tenant folder. */
  tenantDir: string;
  content: ContentPage[];
  /** Optional tenant files (models.json, reviews.json, offers.json, ...), parsed but validated by their consumers. */
  extras: Record<string, unknown>;
  /**
   * Incremental builds of the operations pipeline (src/pipeline): when set, per-car routes
   * render only the cars with these slugs (the rest of the release is reused from the
   * previous one); `cars` still holds all visible stock for listings and search. Absent = all.
   */
  renderCars?: string[];
  /**
   * Incremental builds only: the search routes (path after the /search or /used-car prefix,
   * e.g. 'toyota/corolla') whose pages this build renders; the pipeline reuses the others
   * from the previous release because their results did not change. Absent = all.
   */
  renderSearchPaths?: string[];
  /** Incremental builds only: the brands whose /{brand}/overview pages this build renders (their tiles changed). Absent = all. */
  renderBrandPages?: string[];
  /**
   * Incremental builds only: routes (Astro route patterns) whose pages a kept-bundle render
   * does not write; the release takes them over from the previous one (src/pipeline/page-plan.ts).
   * An Astro build renders them anyway. Absent = none.
   */
  reuseRoutes?: string[];
}

/** The cars whose per-car pages this build renders: every visible car unless `renderCars` restricts them. */
export function carsToRender(bundle: TenantBundle): Car[] {
  if (!bundle.renderCars) return bundle.cars;
  const wanted = new Set(bundle.renderCars);
  return bundle.cars.filter((car) => wanted.has(car.slug));
}

/** Whether this build renders the search page of `path` (relative to the search prefix). */
export function rendersSearchPath(bundle: TenantBundle, path: string): boolean {
  return !bundle.renderSearchPaths || bundle.renderSearchPaths.includes(path);
}

/** Whether this build renders the /{brand}/overview page of `brandSlug`. */
export function rendersBrandPage(bundle: TenantBundle, brandSlug: string): boolean {
  return !bundle.renderBrandPages || bundle.renderBrandPages.includes(brandSlug);
}

let cached: { file: string; bundle: TenantBundle } | undefined;

/**
 * The bundle of the tenant being built, read from the file DEALER_BUNDLE names (once per file:
 * a warm renderer, scripts/render-pages.ts --serve, renders one tenant after another in one
 * process by pointing DEALER_BUNDLE at the next bundle file). Memos derived from the bundle
 * key on the object this returns.
 */
export function getBundle(): TenantBundle {
  const file = bundleFile();
  if (!file) throw new Error('DEALER_BUNDLE is not set: build tenants with `npm run build` (scripts/build.ts), not `astro build`.');
  if (cached?.file === file) return cached.bundle;
  cached = { file, bundle: JSON.parse(readFileSync(file, 'utf8')) as TenantBundle };
  return cached.bundle;
}
