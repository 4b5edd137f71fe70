/**
 * The pipeline's stop when a job's render never ends (service.ts jobsBoundCut): a warm renderer
 * that never answers holds the stop its bound (stopJobsMs) at most; the stop then ends the render
 * children, starts no other (the render's fallback to an Astro build is refused), and leaves the
 * job unfinished, not recorded as failed. The release's build is stood in for by a warm render
 * of a kept bundle that never finishes loading, with a one-shot child as its fallback.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endStalledChildren } from '../../../tests/support/kept-bundle.ts';
import type { LogFields } from '../log.ts';
import { openPipelineState } from '../state/store.ts';
import { processRuns } from '../../platform/process/runs.ts';
import { startPipeline } from './service.ts';

/** The folder of the test under way: its stand-in renderer, and the pid files of the children it started. */
const current = vi.hoisted(() => ({ root: '' }));

vi.mock('../release/build.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../release/build.ts')>();
  const { join: joinPath } = await import('node:path');
  const { writeFileSync: write } = await import('node:fs');
  const { runBundleChild, warmRendererFor } = await import('../../builder/render/children.ts');
  const { writeKeptBundle } = await import('../../../tests/support/kept-bundle.ts');
  /** A child that writes its pid file and never finishes loading. */
  const stalled = () =>
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(current.root)} + '/child-' + process.pid, '');\nsetInterval(() => {}, 1000);\nawait new Promise(() => {});\n`;
  return {
    ...actual,
    buildFullRelease: async (prepared: { outDir: string; bundle: never }) => {
      const rendererDir = joinPath(current.root, 'renderer');
      writeKeptBundle(rendererDir, stalled());
      const warm = await warmRendererFor(rendererDir).render(prepared.bundle, prepared.outDir, 'https://stalled.example');
      // As render-tenant.ts does: a failed warm render falls back to a one-shot child (an Astro build there).
      const script = joinPath(current.root, 'one-shot.mjs');
      write(script, stalled());
      const fallback = warm.code === 0 ? warm : await runBundleChild(script, [], prepared.bundle, prepared.outDir, {});
      return { ok: fallback.code === 0, error: fallback.output, rendered: 0, reused: 0, visible: 0, phases: {} };
    },
  };
});

const FIXTURE = resolve(import.meta.dirname, '../../../tests/fixtures/tenants/pipeline-motors');
const SLUG = 'stalled-motors';
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) {
    endStalledChildren(root);
    rmSync(root, { recursive: true, force: true });
  }
});

/** The pids of the stand-in render children started so far. */
const children = (root: string) =>
  readdirSync(root)
    .filter((name) => name.startsWith('child-'))
    .map((name) => Number(name.slice('child-'.length)));

describe('a pipeline told to stop while a job renders', () => {
  // Fault: the stop waited for the job, and the job for its warm renderer's answer, for ever;
  // the render children were ended only after that wait.
  it('ends its render children after its bound, starts no other, and leaves the job unfinished', { timeout: 60_000 }, async () => {
    const root = mkdtempSync(join(tmpdir(), 'stop-stalled-render-'));
    roots.push(root);
    current.root = root;
    const tenantDir = join(root, 'tenants', SLUG);
    cpSync(FIXTURE, tenantDir, { recursive: true });
    const site = JSON.parse(readFileSync(join(tenantDir, 'site.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(tenantDir, 'site.json'), JSON.stringify({ ...site, slug: SLUG, url: `https://${SLUG}.example.com.au` }));
    const state = await openPipelineState({ dataDir: join(root, 'data') });
    const logged: LogFields[] = [];
    const results: unknown[] = [];
    const stopJobsMs = 1500;
    const pipeline = await startPipeline({
      tenantsDir: join(root, 'tenants'),
      sitesDir: join(root, 'sites'),
      state,
      role: 'worker',
      concurrency: 1,
      stopJobsMs,
      warmRenderers: false,
      env: {},
      renderers: join(root, 'renderers'),
      log: (fields) => void logged.push(fields),
      onResult: (result) => void results.push(result),
    });
    try {
      await pipeline.queue.enqueue(SLUG);
      await vi.waitFor(() => expect(children(root), JSON.stringify(logged)).toHaveLength(1), { timeout: 30_000, interval: 20 });

      const told = Date.now();
      const closed = await Promise.race([pipeline.close().then(() => 'closed'), new Promise((done) => setTimeout(() => done('hung'), 20_000))]);
      expect(closed).toBe('closed');
      // Its bound, and the children's end (a SIGTERM answered at once).
      expect(Date.now() - told).toBeLessThan(stopJobsMs + 3000);
      expect(logged.find((fields) => fields.event === 'jobs-close-cut')).toMatchObject({ level: 'warn', running: [SLUG] });
      // The warm child ended; no fallback child started after it, now or once the job went on.
      await new Promise((done) => setTimeout(done, 500));
      expect(children(root)).toHaveLength(1);
      expect(children(root).filter(processRuns)).toEqual([]);
      // Left unfinished: neither a result nor a failure recorded or logged.
      expect(results).toEqual([]);
      expect(logged.filter((fields) => fields.event === 'release')).toEqual([]);
      expect((await state.tenants.status(SLUG))?.lastFailure ?? null).toBeNull();
    } finally {
      await state.close();
    }
  });
});
