/**
 * A stopping worker does not keep trying a failing bucket publish (PUBLISH_RETRY): its stop ends
 * the wait between tries at once, no try follows, and the job is given back (the stop's reason
 * thrown, as at the core gate), not recorded as failed. The Astro build is stood in for by a
 * writer of the pages the checks ask for: what is under test is the publish's retry.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tenant } from '../../lib/site/tenant.ts';
import type { LogFields } from '../log.ts';
import type { Publisher } from '../publish/types.ts';
import { JobReturned } from '../service/queue.ts';
import { openPipelineState, type PipelineState } from '../state/store.ts';
import { rebuildTenant } from './run.ts';

vi.mock('./build.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./build.ts')>();
  const { allStockPath } = await import('../../lib/site/search-urls.ts');
  /** The home page, the all-stock page and every visible car's page: what checkRelease asks for. */
  const writePages = (outDir: string, tenant: Tenant) => {
    const pages = ['index.html', `${allStockPath(tenant.site).slice(1)}/index.html`, ...tenant.visible.map((car) => `cars/${car.slug}/index.html`)];
    for (const page of pages) {
      mkdirSync(dirname(join(outDir, page)), { recursive: true });
      writeFileSync(join(outDir, page), '<!doctype html><title>page</title>');
    }
    return { ok: true, rendered: tenant.visible.length, reused: 0 };
  };
  return {
    ...actual,
    buildFullRelease: async (prepared: { outDir: string; tenant: Tenant }) => ({
      ...writePages(prepared.outDir, prepared.tenant),
      visible: prepared.tenant.visible.length,
    }),
    buildIncrementalRelease: async (options: { outDir: string; tenant: Tenant }) => writePages(options.outDir, options.tenant),
  };
});

const FIXTURE = resolve(import.meta.dirname, '../../../tests/fixtures/tenants/pipeline-motors');
const SLUG = 'stop-motors';
const root = mkdtempSync(join(tmpdir(), 'publish-stop-'));
const tenantDir = join(root, 'tenants', SLUG);
let state: PipelineState;

beforeAll(async () => {
  cpSync(FIXTURE, tenantDir, { recursive: true });
  const site = JSON.parse(readFileSync(join(tenantDir, 'site.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(tenantDir, 'site.json'), JSON.stringify({ ...site, slug: SLUG, url: `https://${SLUG}.example.com.au` }));
  state = await openPipelineState({ dataDir: join(root, 'data') });
});
afterAll(async () => {
  await state.close();
  rmSync(root, { recursive: true, force: true });
});

/** A transient bucket error (transient.ts isTransient): tried again after a wait. */
const slowDown = () => Object.assign(new Error('Please reduce your request rate.'), { name: 'SlowDown' });

describe("a release's bucket publish when its worker stops", () => {
  it('a stop during the wait after a failed try ends the wait within a tick; no try follows and the job is given back', async () => {
    const stopping = new AbortController();
    const events: LogFields[] = [];
    let tries = 0;
    const publisher: Publisher = {
      name: 'failing bucket',
      precompressed: false,
      publish: async () => {
        tries += 1;
        throw slowDown();
      },
    };
    let settled = false;
    const job = rebuildTenant({
      tenantDir,
      sitesDir: join(root, 'sites'),
      state,
      publisher,
      env: {},
      renderers: join(root, 'renderers'),
      stopping: stopping.signal,
      log: (fields) => {
        events.push(fields);
        // The first try failed and its wait (1 s) began: the worker stops now.
        if (fields.event === 'dependency-wait') setTimeout(() => stopping.abort(new JobReturned()), 20);
      },
    }).finally(() => (settled = true));
    const outcome = job.catch((error: unknown) => error);
    await vi.waitFor(() => expect(stopping.signal.aborted).toBe(true), { timeout: 60_000, interval: 5 });
    await new Promise((done) => setImmediate(done));
    expect(settled).toBe(true);
    expect(await outcome).toBeInstanceOf(JobReturned);
    expect(tries).toBe(1);
    expect(events.filter((fields) => fields.event === 'dependency-wait')).toHaveLength(1);
    // Given back, not failed: no release line, no failure in the status.
    expect(events.some((fields) => fields.event === 'release')).toBe(false);
    expect((await state.tenants.status(SLUG))?.lastFailure ?? null).toBeNull();
  }, 90_000);
});
