/**
 * A stand-in for a release's Astro build (src/pipeline/release/build.ts) in tests of the release
 * job, for their `vi.mock('./build.ts')` factories: the full and the incremental build write the
 * pages a test names (a page, its body) and report them rendered; what is under test is the job.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { allStockPath } from '../../src/lib/site/search-urls.ts';
import type { Tenant } from '../../src/lib/site/tenant.ts';

/** Pages of a tenant's release: path under the output (`cars/x/index.html`) and body. */
export type StandInPages = (tenant: Tenant) => [page: string, body: string][];

/** The home page, the all-stock page and every visible car's page: what checkRelease asks for. */
export const checkedPages: StandInPages = (tenant) =>
  ['index.html', `${allStockPath(tenant.site).slice(1)}/index.html`, ...tenant.visible.map((car) => `cars/${car.slug}/index.html`)].map((page) => [page, '']);

/** buildFullRelease and buildIncrementalRelease writing `pagesOf` the tenant. */
export function standInBuild(pagesOf: StandInPages) {
  const writePages = (outDir: string, tenant: Tenant) => {
    for (const [page, body] of pagesOf(tenant)) {
      mkdirSync(dirname(join(outDir, page)), { recursive: true });
      writeFileSync(join(outDir, page), `<!doctype html><title>page</title>${body}`);
    }
    return { ok: true, rendered: tenant.visible.length, reused: 0 };
  };
  return {
    buildFullRelease: async (prepared: { outDir: string; tenant: Tenant }) => ({
      ...writePages(prepared.outDir, prepared.tenant),
      visible: prepared.tenant.visible.length,
    }),
    buildIncrementalRelease: async (options: { outDir: string; tenant: Tenant }) => writePages(options.outDir, options.tenant),
  };
}
