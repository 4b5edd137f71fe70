/**
 * A stopping worker does not keep trying a failing bucket publish (PUBLISH_RETRY): its stop ends
 * the wait between tries at once, no try follows, and the job is given back (the stop's reason
 * thrown, as at the core gate), not recorded as failed; but once a try has passed beforeSwitch
 * (the live pointer may have switched) the tries go on and the live release is recorded. The
 * Astro build is stood in for by a writer of the pages the checks ask for: what is under test is
 * the publish's retry.
 */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { LogFields } from '../log.ts';
import type { Publisher } from '../publish/types.ts';
import { JobReturned } from '../service/queue.ts';
import { openPipelineState } from '../state/store.ts';
import { releaseJobGround } from '../../../tests/support/release-build.ts';
import { rebuildTenant } from './run.ts';

vi.mock('./build.ts', async (importOriginal) => {
  const { checkedPages, standInBuild } = await import('../../../tests/support/release-build.ts');
  return { ...(await importOriginal<typeof import('./build.ts')>()), ...standInBuild(checkedPages) };
});

const SLUG = 'stop-motors';
const ground = releaseJobGround('publish-stop', SLUG);
const { root, tenantDir } = ground;

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
      state: ground.state,
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
    expect((await ground.state.tenants.status(SLUG))?.lastFailure ?? null).toBeNull();
  }, 90_000);
});

describe('a stop after the bucket switched its live pointer', () => {
  it('does not give the job back: the publish is tried again to completion and the state records the live release', async () => {
    const stopping = new AbortController();
    let bucketLive: string | undefined;
    let tries = 0;
    const publisher: Publisher = {
      name: 'bucket whose host-alias PUT fails once after the switch',
      precompressed: false,
      publish: async ({ id, beforeSwitch }) => {
        tries += 1;
        await beforeSwitch?.();
        bucketLive = id; // the pointer switched
        // The host aliases' PUT (or the pointer PUT's lost answer) fails transiently, once.
        if (tries === 1) throw slowDown();
      },
    };
    const outcome = await rebuildTenant({
      tenantDir,
      sitesDir: join(root, 'sites-switched'),
      state: ground.state,
      publisher,
      env: {},
      renderers: join(root, 'renderers'),
      stopping: stopping.signal,
      log: (fields) => {
        // The first try switched and failed, its wait began: the worker stops now.
        if (fields.event === 'dependency-wait') setTimeout(() => stopping.abort(new JobReturned()), 20);
      },
    }).catch((error: unknown) => error);
    expect(stopping.signal.aborted).toBe(true);
    expect(outcome).not.toBeInstanceOf(JobReturned);
    expect(tries).toBe(2);
    expect(bucketLive).toBeDefined();
    expect(await ground.state.tenants.live(SLUG)).toBe(bucketLive);
  }, 90_000);

  it('a stop while the try that then switches still runs: that try switching and failing is not given back either', async () => {
    const stopping = new AbortController();
    let bucketLive: string | undefined;
    let tries = 0;
    const publisher: Publisher = {
      name: 'bucket stopped during its upload, whose host-alias PUT fails once after the switch',
      precompressed: false,
      publish: async ({ id, beforeSwitch }) => {
        tries += 1;
        stopping.abort(new JobReturned()); // the worker stops while the objects go up
        await beforeSwitch?.();
        bucketLive = id;
        if (tries === 1) throw slowDown();
      },
    };
    // A state of its own: in the shared one the tenant is published already (nothing to do).
    const own = await openPipelineState({ dataDir: join(root, 'data-2') });
    const outcome = await rebuildTenant({
      tenantDir,
      sitesDir: join(root, 'sites-switched-2'),
      state: own,
      publisher,
      env: {},
      renderers: join(root, 'renderers'),
      stopping: stopping.signal,
      log: () => {},
    }).catch((error: unknown) => error);
    const live = await own.tenants.live(SLUG);
    await own.close();
    expect(outcome).not.toBeInstanceOf(JobReturned);
    expect(tries).toBe(2);
    expect(live).toBe(bucketLive);
  }, 90_000);
});
