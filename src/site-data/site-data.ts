/**
 * Site data: the one reader of tenant data in the Astro child process. The parent build
 * validates the tenant folder and writes the bundle (src/builder/render/build-tenant.ts createBundle);
 * here it is read once per bundle file and offered, typed, to pages through one accessor,
 * siteData(), whose derived views (range, menus, search data, ...) are memoised methods.
 *
 * Only src/pages/** call siteData(); components and layouts take what they need as props
 * (tests/unit/architecture.test.ts enforces this). See docs/architecture.md "Site data".
 */
import { readFileSync } from 'node:fs';
import { bundleFile } from '../config/build.ts';
import type { ContentPage, PageFamilyName, TenantBundle } from '../builder/bundle/bundle.ts';
import type { Car } from '../schemas/car.ts';
import type { Site } from '../schemas/site.ts';
import type { Offer } from '../schemas/offers.ts';
import type { BlogCard, Brand, Product, Slide } from '../schemas/marketing.ts';
import type { ModelsFile } from '../schemas/models.ts';
import type { ReviewsFile } from '../schemas/reviews.ts';
import type { TenantFiles } from '../schemas/tenant-files.ts';
import { brandOverviews, computeRange, siteMenus, type BrandOverview, type PageChrome, type Range, type SiteMenus } from '../lib/range/site-range.ts';
import { heroSearchProps, searchBuildData, stockRouteTable, type SearchBuildData } from '../search/build-time/page-data.ts';
import type { RouteTable } from '../search/core/routes.ts';
import { heroSelects } from '../search/browser/hero.ts';
import { vehicleKindsOf } from '../lib/text/template-wording.ts';
import { makeLogos } from '../lib/range/make-logos.ts';
import { leadDealershipSlugs } from '../lib/locations/locations.ts';
import { productPagePaths } from '../lib/marketing/products.ts';
import { brandsPagePaths } from '../lib/marketing/brands.ts';

/** Compute a view on first use, then return the same value. */
function memo<T>(compute: () => T): () => T {
  let state: { value: T } | undefined;
  return () => (state ??= { value: compute() }).value;
}

/** The data of one tenant's build, with memoised views derived from it. */
export class SiteData {
  readonly slug: string;
  readonly site: Site;
  /** Visible stock, newest first. */
  readonly cars: Car[];
  /** Build clock in ms: every time rule (sold window, New Arrival) uses it. */
  readonly buildTime: number;
  /** Absolute path of the tenant folder. */
  readonly tenantDir: string;
  /** Content pages (the tenant's Markdown, or the platform's default texts). */
  readonly content: ContentPage[];
  /** The optional tenant files, typed by their schemas. */
  readonly files: TenantFiles;
  readonly #bundle: TenantBundle;

  constructor(bundle: TenantBundle) {
    this.#bundle = bundle;
    this.slug = bundle.slug;
    this.site = bundle.site;
    this.cars = bundle.cars;
    this.buildTime = bundle.buildTime;
    this.tenantDir = bundle.tenantDir;
    this.content = bundle.content;
    this.files = bundle.extras;
  }

  /** The dealerships a lead may name (leadDealershipSlugs: the site's, its locations', its cars'), sorted: the lead API's own list. */
  leadDealershipSlugs(): string[] {
    return [...leadDealershipSlugs(this.site, this.cars)].sort();
  }

  /** offers.json (none = empty). */
  offers(): Offer[] {
    return this.files.offers ?? [];
  }

  /** slides.json, the promotion slides (none = empty). */
  slides(): Slide[] {
    return this.files.slides ?? [];
  }

  /** blog.json, the vehicle review cards (none = empty). */
  blog(): BlogCard[] {
    return this.files.blog ?? [];
  }

  /** brands.json, the /brands page (none = empty). */
  brands(): Brand[] {
    return this.files.brands ?? [];
  }

  /** products.json, parts and accessories (none = empty). */
  products(): Product[] {
    return this.files.products ?? [];
  }

  /** reviews.json, when the tenant has one. */
  reviews(): ReviewsFile | undefined {
    return this.files.reviews;
  }

  /** models.json, when the tenant has one. */
  modelsFile(): ModelsFile | undefined {
    return this.files.models;
  }

  /**
   * The cars whose per-car pages this build renders: every visible car unless the bundle's
   * render plan restricts the car family (the pipeline's incremental builds).
   */
  carsToRender(): Car[] {
    return this.#carsToRender();
  }

  #carsToRender = memo((): Car[] => {
    const wanted = this.#bundle.render?.car;
    if (!wanted) return this.cars;
    const slugs = new Set(wanted);
    return this.cars.filter((car) => slugs.has(car.slug));
  });

  /**
   * Whether this build renders the page of `key` in a page family of the page plan
   * (src/pipeline/release/plan.ts): a search route path relative to the search prefix, a brand
   * slug, a car slug. True unless the bundle's render plan restricts the family.
   */
  renders(family: PageFamilyName, key: string): boolean {
    const wanted = this.#bundle.render?.[family];
    return !wanted || wanted.includes(key);
  }

  /** The search route table: the search pages this stock has (the search routes render them, the model range links only to them). */
  readonly routeTable: () => RouteTable = memo(() => stockRouteTable(this.cars, this.site));

  /** The model range (/models, /{brand}/overview, the Range menu): models.json, else derived from stock. */
  readonly range: () => Range = memo(() => computeRange(this.site, this.cars, this.modelsFile(), this.routeTable()));

  /** The /{brand}/overview pages: brand slug -> brand and tiles. */
  readonly brandOverviews: () => Map<string, BrandOverview> = memo(() => brandOverviews(this.range()));

  /** Header menu and buttons, footer groups and Range menu models (every page shows them, so they are computed once). */
  readonly menus: () => SiteMenus = memo(() => siteMenus(this.site, this.range(), this.builtPaths()));

  /** The paths of the pages only some sites build that this build has: the products' pages, the content pages and the brands page (the menus link exactly these). */
  readonly builtPaths: () => ReadonlySet<string> = memo(() => new Set([...productPagePaths(this.products()), ...this.content.map((page) => page.path), ...brandsPagePaths(this.brands())]));

  /** What the site layout needs: the site, its menus and the build clock. */
  readonly chrome: () => PageChrome = memo(() => ({
    site: this.site,
    menu: this.menus().menu,
    buttons: this.menus().buttons,
    footer: this.menus().footer,
    garage: this.menus().garage,
    buildTime: this.buildTime,
  }));

  /** Search documents, route table, engine and island config (may sign a Meilisearch tenant token, hence async). */
  readonly search: () => Promise<SearchBuildData> = memo(() => searchBuildData(this.#bundle, this.routeTable()));

  /** Props of the home page's hero search island. */
  readonly heroSearch: () => Promise<ReturnType<typeof heroSearchProps>> = memo(async () =>
    heroSearchProps(await this.search(), heroSelects(this.site.template, vehicleKindsOf(this.site).length), vehicleKindsOf(this.site), makeLogos([...this.range().brands, ...this.brands()])),
  );
}

export type { ContentPage };

let cached: { file: string; data: SiteData } | undefined;

/**
 * The site data of the tenant being built, from the bundle file DEALER_BUNDLE names (read
 * once per file: a warm renderer, src/builder/render/render-pages.ts --serve, renders one tenant after
 * another in one process by pointing DEALER_BUNDLE at the next bundle file).
 */
export function siteData(): SiteData {
  const file = bundleFile();
  if (!file) throw new Error('DEALER_BUNDLE is not set: build tenants with `npm run build` (scripts/build.ts), not `astro build`.');
  if (cached?.file === file) return cached.data;
  // The parent build validated every part of the bundle before writing it (createBundle).
  cached = { file, data: new SiteData(JSON.parse(readFileSync(file, 'utf8')) as TenantBundle) };
  return cached.data;
}
