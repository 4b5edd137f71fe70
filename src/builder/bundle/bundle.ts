/**
 * The tenant bundle format: everything a tenant's pages need, validated by the parent build
 * process (createBundle in build-tenant.ts) and handed to the Astro child process as one JSON
 * file (DEALER_BUNDLE). The child reads it only through src/site-data (siteData()), which
 * only pages call; they never read tenant files themselves.
 */
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import type { TenantFiles } from '../../schemas/tenant-files.ts';

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
   * Incremental builds of the operations pipeline: per page family of the page plan
   * (src/pipeline/release/plan.ts), the keys whose pages this build renders; the pipeline takes
   * the others over from the previous release. A family absent = all its pages. `cars` still
   * holds all visible stock for listings and search. Absent = a full build.
   */
  render?: RenderPlan;
  /**
   * Incremental builds only: routes (Astro route patterns) whose pages a kept-bundle render
   * does not write; the release takes them over from the previous one (src/pipeline/release/plan.ts).
   * An Astro build renders them anyway. Absent = none.
   */
  reuseRoutes?: string[];
}

/** The stock-dependent page families of the page plan (src/pipeline/release/plan.ts): one page per car slug, search route path, brand slug. */
export type PageFamilyName = 'car' | 'search' | 'brand';

/** Per page family, the keys whose pages a build renders (a family absent = all its pages). */
export type RenderPlan = Partial<Record<PageFamilyName, string[]>>;
