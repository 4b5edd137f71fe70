/**
 * A tenant folder written for a test or a benchmark: site.json (the fields every test site
 * shares, under the tenant's own), stock.json and, when given, lead-delivery.json. The lead
 * API suites and the lead benchmark write their tenants through it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** site.json fields a test tenant has unless it sets its own: a used-car group with a service page. */
export const TEST_SITE = { template: 'used-group', phone: '+61 7 3000 1234', service_page: { book_href: '/service' } } as const;

export interface TenantFolderFiles {
  /** The tenant's own site.json fields (slug, name and url at least). */
  site: Record<string, unknown> & { slug: string; name: string; url: string };
  stock: readonly unknown[];
  /** lead-delivery.json; absent = no file. */
  delivery?: unknown;
}

/** Write the tenant folder `dir` (created when missing). */
export function writeTenantFolder(dir: string, files: TenantFolderFiles): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'site.json'), JSON.stringify({ ...TEST_SITE, ...files.site }));
  writeFileSync(join(dir, 'stock.json'), JSON.stringify(files.stock));
  if (files.delivery !== undefined) writeFileSync(join(dir, 'lead-delivery.json'), JSON.stringify(files.delivery));
}
