/**
 * Tests of the release job: a stand-in for a release's Astro build (src/pipeline/release/build.ts)
 * for their `vi.mock('./build.ts')` factories (the full and the incremental build write the pages
 * a test names, a page and its body, and report them rendered; what is under test is the job), and
 * their ground (a workspace with the fixture tenant and a pipeline state: releaseJobGround).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { allStockPath } from '../../src/lib/site/search-urls.ts';
import type { Tenant } from '../../src/lib/site/tenant.ts';
import { openPipelineState, type PipelineState } from '../../src/pipeline/state/store.ts';
import { workspace } from './pipeline-env.ts';

/**
 * A workspace (pipeline-env.ts) with the fixture tenant copied under `slug` and a pipeline state
 * in `<root>/data`, opened before the file's tests and closed, with the workspace removed, after them.
 */
export function releaseJobGround(prefix: string, slug: string) {
  const ws = workspace(prefix);
  const tenantDir = ws.addTenant(slug);
  let state: PipelineState | undefined;
  beforeAll(async () => {
    state = await openPipelineState({ dataDir: join(ws.root, 'data') });
  });
  afterAll(async () => {
    await state?.close();
    ws.remove();
  });
  return {
    ...ws,
    tenantDir,
    get state(): PipelineState {
      if (!state) throw new Error('the pipeline state opens before the tests');
      return state;
    },
  };
}

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
