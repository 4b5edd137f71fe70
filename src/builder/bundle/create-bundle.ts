/**
 * The tenant bundle: a validated tenant folder made into the one JSON value the render reads
 * (format: bundle.ts). Made in the parent build; pages read it through siteData().
 */
import { join } from 'node:path';
import { readOptionalJson, TenantConfigError, type Tenant } from '../../lib/site/tenant.ts';
import { shiftTenantFileDates } from '../../lib/site/demo-clock.ts';
import { parseTenantFile, tenantFileProblems, type TenantFileKey, type TenantFiles } from '../../schemas/tenant-files.ts';
import type { TenantBundle } from './bundle.ts';
import { loadContentPages } from './content.ts';

/** Optional JSON files of a tenant folder (<key>.json) that are handed to pages as `bundle.extras`, in this order. */
const EXTRA_FILES: readonly TenantFileKey[] = ['models', 'reviews', 'offers', 'slides', 'blog', 'products', 'brands'];

/** Create the bundle handed to Astro. */
export function createBundle(tenant: Tenant, now: number): TenantBundle {
  const extras: Record<string, unknown> = {};
  for (const key of EXTRA_FILES) {
    const name = `${key}.json`;
    // Demo tenants' dated files move with their stock (src/lib/site/demo-clock.ts).
    const data = shiftTenantFileDates(name, readOptionalJson(tenant.dir, name), tenant.dateShift ?? 0);
    if (data === undefined) continue;
    // Optional files are validated like site.json: a bad one names the file and field path.
    const fileProblems = tenantFileProblems(key, data);
    if (fileProblems.length > 0) throw new TenantConfigError(join(tenant.dir, name), fileProblems);
    extras[key] = parseTenantFile(key, data);
  }
  return {
    slug: tenant.slug,
    site: tenant.site,
    cars: tenant.visible,
    buildTime: now,
    tenantDir: tenant.dir,
    // Each value is the output of its own key's schema (parseTenantFile above).
    content: loadContentPages(tenant.dir, tenant.site, extras as TenantFiles),
    extras: extras as TenantFiles,
  };
}

