/**
 * The tenant bundle format: everything a tenant's pages need, validated by the parent build
 * process (createBundle in build-tenant.ts) and handed to the Astro child process as one JSON
 * file (DEALER_BUNDLE). The child reads it only through src/site-data (siteData()), which
 * only pages call; they never read tenant files themselves.
 */
import type { Car } from '../schemas/car.ts';
import type { Site } from '../schemas/site.ts';
import type { TenantFiles } from '../schemas/tenant-files.ts';

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
  /** Optional tenant files (models.json, reviews.json, offers.json, ...), each parsed by its schema (src/schemas/tenant-files.ts); absent = no file. */
  extras: TenantFiles;
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
