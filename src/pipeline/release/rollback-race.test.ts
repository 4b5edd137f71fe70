/**
 * A rollback of a tenant while its release job publishes (the rollback command runs apart from
 * the workers): the job read the live pointers (the state's, the bucket's) at its start, and must
 * not switch over a rollback that moved them meanwhile. The rollback runs at a fixed point of the
 * job's bucket publish (a store hook), between its pointer read and its switch. The Astro build
 * is stood in for by a writer of the pages the checks ask for.
 */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { layout, type LivePointer } from '../../platform/bucket/layout.ts';
import { DirectoryObjectStore, type ObjectStore } from '../../platform/bucket/object-store.ts';
import { createBucketPublisher } from '../publish/s3-publisher.ts';
import type { Publisher } from '../publish/types.ts';
import { releaseJobGround } from '../../../tests/support/release-build.ts';
import { rollbackTenant } from './rollback.ts';
import { rebuildTenant, type RebuildOptions } from './run.ts';

vi.mock('./build.ts', async (importOriginal) => {
  const { checkedPages, standInBuild } = await import('../../../tests/support/release-build.ts');
  return { ...(await importOriginal<typeof import('./build.ts')>()), ...standInBuild(checkedPages) };
});

const SLUG = 'race-motors';
const ground = releaseJobGround('rollback-race', SLUG);
const { root, tenantDir, sites: sitesDir } = ground;

/** A directory store whose reads of `key` run `hook` once armed (after the read: the caller holds what it read). */
function hookedStore(dir: string): { store: ObjectStore; arm: (key: string, hook: () => Promise<void>) => void } {
  const inner = new DirectoryObjectStore(dir);
  let armed: { key: string; hook: () => Promise<void> } | undefined;
  const store: ObjectStore = Object.assign(Object.create(inner) as DirectoryObjectStore, {
    get: async (key: string) => {
      const object = await inner.get(key);
      if (armed?.key === key) {
        const { hook } = armed;
        armed = undefined;
        await hook();
      }
      return object;
    },
  });
  return { store, arm: (key, hook) => (armed = { key, hook }) };
}

/** A full release job of the tenant `minutes` ahead (each its own release id). */
const jobOf =
  (publisher: Publisher, sites: string) =>
  (minutes: number): RebuildOptions => ({
    tenantDir,
    sitesDir: sites,
    state: ground.state,
    publisher,
    env: {},
    renderers: join(root, 'renderers'),
    full: true,
    now: Date.now() + minutes * 60_000,
  });

const pointerOf = async (store: ObjectStore) => JSON.parse((await store.get(layout.live(SLUG)))!.body.toString('utf8')) as LivePointer;

describe('a rollback while a release of the same tenant publishes', () => {
  it('the job publishes nothing over it: the state, the bucket and the hold stay on the rolled-back release', async () => {
    const { store, arm } = hookedStore(join(root, 'bucket'));
    const publisher = createBucketPublisher({ store });
    const job = jobOf(publisher, sitesDir);
    const first = await rebuildTenant(job(1));
    const second = await rebuildTenant(job(2));
    expect([first.outcome, second.outcome]).toEqual(['published', 'published']);
    // The third job has read the bucket's pointer (second) and now reads second's manifest: the operator rolls back to first.
    arm(layout.manifest(SLUG, second.release!), async () => {
      await rollbackTenant({ sitesDir, slug: SLUG, to: first.release!, state: ground.state, publisher });
    });
    const third = await rebuildTenant(job(3));
    expect(third.outcome).toBe('superseded');
    expect(await ground.state.tenants.live(SLUG)).toBe(first.release);
    expect((await ground.state.tenants.hold(SLUG))?.release).toBe(first.release);
    const pointer = await pointerOf(store);
    expect(pointer.release).toBe(first.release);
    // The release the rollback left stays listed for the edges' pointer caches (prune spares it).
    expect(pointer.recent?.map((entry) => entry.release)).toContain(second.release);
    expect((await ground.state.tenants.status(SLUG))?.lastOutcome).toBe('rolled-back');
  }, 90_000);

  it('caught half way (its bucket pointer moved, the state not yet): the job does not switch the bucket back', async () => {
    const { store, arm } = hookedStore(join(root, 'bucket-half'));
    const publisher = createBucketPublisher({ store });
    const job = jobOf(publisher, join(root, 'sites-half'));
    await ground.state.tenants.setHold(SLUG, null);
    const first = await rebuildTenant(job(11));
    const second = await rebuildTenant(job(12));
    // The rollback's first step only (publisher.rollback: the bucket's pointer), as rollbackTenant takes it.
    arm(layout.manifest(SLUG, second.release!), () => publisher.rollback(SLUG, first.release!));
    const third = await rebuildTenant(job(13));
    expect(third.outcome).toBe('superseded');
    expect(third.reason).toContain(`rolled back to ${first.release}`);
    expect((await pointerOf(store)).release).toBe(first.release);
  }, 90_000);
});
