/**
 * A worker's core gate (src/pipeline/release/run.ts, RebuildOptions.cores): a pipeline of one
 * core and two job slots renders one release at a time, and the next release renders while
 * the first one uploads. The publisher here holds the first upload until the other release has
 * started its build (or gives up after a minute: that attempt fails, and the test with it), so the test shows
 * both: the second build starts only once the first release has left its core phases, and
 * before its upload ends. A worker that stops (with Redis) hands the jobs waiting at its gate back
 * to the queue at once, and another worker builds them: it finishes only the releases it began.
 * A job makes its feed photos before it waits for a core, so they are made while another
 * release holds it; a worker that stops ends a job's photos after those under way and gives the
 * job back (photos served by tests/support/photos).
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { environment } from '../../src/config/env.ts';
import { limiter } from '../../src/lib/batch/limiter.ts';
import type { LogFields } from '../../src/pipeline/log.ts';
import { rebuildTenant } from '../../src/pipeline/release/run.ts';
import { JobReturned } from '../../src/pipeline/service/queue.ts';
import type { Publisher } from '../../src/pipeline/publish/types.ts';
import { createRedisProducer } from '../../src/pipeline/service/queue.ts';
import { startPipeline, type RunningPipeline } from '../../src/pipeline/service/service.ts';
import { waitFor, workspace } from '../support/pipeline-env.ts';
import { startPhotoServer } from '../support/photos/server.ts';
import { writePhotoTenant } from '../support/photos/tenant.ts';
import { startRedis } from '../support/redis-server.ts';

const ws = workspace('core-gate');
afterAll(() => ws.remove());

const TENANTS = ['foxtrot-cars', 'golf-cars'];
/** How long the first upload waits for the other release's build to start. */
const HOLD_MS = 60_000;

describe("a worker's core gate", () => {
  it('with one core and two job slots, one release renders at a time and the next renders while the first uploads', { timeout: 400_000 }, async () => {
    for (const slug of TENANTS) ws.addTenant(slug);
    const events: (LogFields & { at: number })[] = [];
    const uploads: { slug: string; ended?: number }[] = [];
    const buildStarted = (slug: string) => events.find((event) => event.event === 'build-start' && event.tenant === slug)?.at;
    const publisher: Publisher = {
      name: 'held upload',
      precompressed: false,
      async publish({ slug }) {
        const upload: (typeof uploads)[number] = { slug };
        uploads.push(upload);
        if (uploads.length === 1) {
          const other = TENANTS.find((tenant) => tenant !== slug)!;
          await waitFor(`${other}'s build to start while ${slug} uploads`, () => buildStarted(other), HOLD_MS, 20);
        }
        upload.ended = performance.now();
      },
    };
    const pipeline = await startPipeline({
      tenantsDir: ws.tenants,
      sitesDir: ws.sites,
      cores: 1,
      concurrency: 2,
      debounceMs: 0,
      warmRenderers: false,
      publisher,
      log: (fields) => events.push({ ...fields, at: performance.now() }),
    });
    try {
      await waitFor('both tenants live', () => TENANTS.every((slug) => ws.current(slug)));
      await pipeline.settled();
    } finally {
      await pipeline.close();
    }
    const released = events.filter((event) => event.event === 'release');
    expect(released.map((event) => [event.tenant, event.outcome]).sort()).toEqual(TENANTS.map((slug) => [slug, 'published']));
    expect(uploads.map((upload) => upload.slug).sort()).toEqual(TENANTS);
    const [first, second] = [...TENANTS].sort((a, b) => buildStarted(a)! - buildStarted(b)!) as [string, string];
    const timings = (slug: string) => released.find((event) => event.tenant === slug)?.timings as { build: number; coreWait?: number };
    // One core: the second release's build began only after the first one's render had ended (its build-start plus its render's seconds) ...
    expect(buildStarted(second)!).toBeGreaterThanOrEqual(buildStarted(first)! + timings(first).build * 1000 - 10);
    // ... and while the first one was still uploading.
    const firstUpload = uploads.find((upload) => upload.slug === first)!;
    expect(firstUpload.ended!).toBeGreaterThanOrEqual(buildStarted(second)!);
    // The second job waited for the core, and its release line says so.
    expect(timings(second).coreWait).toBeGreaterThan(0);
  });
});

describe('a worker that stops', () => {
  it('hands the jobs waiting at its core gate back to the queue, and another worker builds them', { timeout: 400_000 }, async () => {
    const redis = await startRedis();
    const stopWs = workspace('core-gate-stop');
    const tenants = ['hotel-cars', 'india-cars'];
    for (const slug of tenants) stopWs.addTenant(slug);
    const producer = createRedisProducer(redis.url);
    const first: (LogFields & { at: number })[] = [];
    const second: (LogFields & { at: number })[] = [];
    const start = (events: typeof first) =>
      startPipeline({
        tenantsDir: stopWs.tenants,
        sitesDir: stopWs.sites,
        redisUrl: redis.url,
        role: 'worker',
        cores: 1,
        concurrency: 2,
        debounceMs: 0,
        warmRenderers: false,
        log: (fields) => events.push({ ...fields, at: performance.now() }),
      });
    const builds = (events: typeof first) => events.filter((event) => event.event === 'build-start').map((event) => event.tenant);
    let stopping: Promise<void> | undefined;
    let other: RunningPipeline | undefined;
    try {
      for (const slug of tenants) await producer.enqueue(slug);
      const worker = await start(first);
      // One core, two job slots: the first worker takes both jobs; one builds, the other waits at its gate.
      await waitFor(
        'both jobs taken by the first worker',
        () => tenants.every((slug) => first.some((event) => event.event === 'job-start' && event.tenant === slug)),
        120_000,
        20,
      );
      const building = await waitFor('a build on the first worker', () => builds(first)[0], 180_000, 20);
      stopping = worker.close();
      other = await start(second);
      // A release is live (its local switch) a moment before its worker logs its release line: wait for the lines.
      const released = () => [...first, ...second].filter((event) => event.event === 'release');
      await waitFor('both releases logged', () => tenants.every((slug) => released().some((event) => event.tenant === slug)));
      await stopping;
      const waited = tenants.find((slug) => slug !== building)!;
      // The stopping worker finished the release it had begun, and began no other.
      expect(builds(first)).toEqual([building]);
      expect(first.some((event) => event.event === 'job-returned' && event.tenant === waited)).toBe(true);
      // The job it handed back went to the other worker, which published it.
      expect(builds(second)).toEqual([waited]);
      expect(released().map((event) => [event.tenant, event.outcome]).sort()).toEqual(tenants.map((slug) => [slug, 'published']));
      expect(tenants.every((slug) => stopWs.current(slug))).toBe(true);
    } finally {
      await stopping?.catch(() => {});
      await other?.close();
      await producer.close();
      await redis.stop();
      stopWs.remove();
    }
  });
});

describe("a job's feed photos", () => {
  it('are made before the job waits for a core: while another release holds the only one', { timeout: 400_000 }, async () => {
    const server = await startPhotoServer({ width: 1600, height: 1200, bases: 2, hugeBytes: 1024 * 1024 });
    const photoWs = workspace('core-gate-photos');
    const tenantDir = writePhotoTenant(photoWs.tenants, server.origin, { cars: 2, slug: 'kilo-cars', faults: false });
    const env = { ...environment(), DEALER_PHOTO_CACHE: join(photoWs.root, 'photo-cache'), DEALER_PHOTO_ALLOW_PRIVATE: '1', DEALER_PHOTO_RETRIES: '0' };
    const events: (LogFields & { at: number })[] = [];
    // One core, taken by another release until the photos are in.
    const cores = limiter(1);
    let free: () => void = () => {};
    const other = cores(() => new Promise<void>((done) => (free = done)));
    try {
      const job = rebuildTenant({ tenantDir, sitesDir: photoWs.sites, cores, env, log: (fields) => events.push({ ...fields, at: performance.now() }) });
      const photos = await waitFor('the photos made while the core is taken', () => events.find((event) => event.event === 'photos'), 120_000, 20);
      expect(photos).toMatchObject({ tenant: 'kilo-cars', photos: 8, fetched: 8, failed: 0 });
      expect(Number(photos.transformed)).toBeGreaterThan(0);
      const freed = performance.now();
      free();
      await other;
      const result = await job;
      expect(result.outcome).toBe('published');
      // The release's render began only once the core was free: the photos did not wait for it.
      const buildStart = events.find((event) => event.event === 'build-start')!;
      expect(buildStart.at).toBeGreaterThanOrEqual(freed);
      expect(photos.at).toBeLessThan(freed);
    } finally {
      free();
      await server.close();
      photoWs.remove();
    }
  });
  it('stop after those under way when the worker stops, and the job goes back; its next run makes only the rest', { timeout: 400_000 }, async () => {
    const server = await startPhotoServer({ width: 1600, height: 1200, bases: 2, hugeBytes: 1024 * 1024 });
    const photoWs = workspace('core-gate-photos-stop');
    const tenantDir = writePhotoTenant(photoWs.tenants, server.origin, { cars: 2, slug: 'lima-cars', faults: false });
    // One download and one transform at a time, so the stop comes with photos still to make.
    const env = {
      ...environment(),
      DEALER_PHOTO_CACHE: join(photoWs.root, 'photo-cache'),
      DEALER_PHOTO_ALLOW_PRIVATE: '1',
      DEALER_PHOTO_RETRIES: '0',
      DEALER_PHOTO_DOWNLOADS: '1',
      DEALER_PHOTO_TRANSFORMS: '1',
    };
    const photoRequests = () => [...server.requests].filter(([path]) => path.startsWith('/photos/')).reduce((sum, [, count]) => sum + count, 0);
    const stopping = new AbortController();
    const events: LogFields[] = [];
    try {
      const job = rebuildTenant({ tenantDir, sitesDir: photoWs.sites, cores: limiter(1, { signal: stopping.signal }), stopping: stopping.signal, env, log: (fields) => events.push(fields) });
      await waitFor('the first photo downloaded', () => photoRequests() > 0, 120_000, 5);
      stopping.abort(new JobReturned());
      await expect(job).rejects.toBeInstanceOf(JobReturned);
      const madeBeforeStop = photoRequests();
      expect(madeBeforeStop).toBeLessThan(8);
      expect(events.some((event) => event.event === 'build-start' || event.event === 'release')).toBe(false);
      // The next run (another worker's, or this one's after its restart) takes over what was made.
      const result = await rebuildTenant({ tenantDir, sitesDir: photoWs.sites, env, log: (fields) => events.push(fields) });
      expect(result.outcome).toBe('published');
      // Each photo downloaded before the stop was made and kept: only the others are downloaded now.
      expect(events.find((event) => event.event === 'photos')).toMatchObject({ photos: 8, known: madeBeforeStop, fetched: 8 - madeBeforeStop });
      expect(photoRequests()).toBe(8);
    } finally {
      await server.close();
      photoWs.remove();
    }
  });
});
