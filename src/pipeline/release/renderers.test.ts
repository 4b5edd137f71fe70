/**
 * obtainRenderer's wait: a full release that waits for another worker's compile is told once,
 * when the wait begins (`whileWaiting`: the release draws its images then, run.ts); one that
 * owns the compile is never told; one waiting for a compile of its own process renders as soon
 * as that compile has kept the renderer, not at its next look.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirectoryObjectStore } from '../../platform/bucket/object-store.ts';
import { silentLogger } from '../log.ts';
import { openPipelineState, type PipelineState } from '../state/store.ts';
import { codeRendererPaths } from '../../builder/render/code-renderer.ts';
import { writeKeptBundle } from '../../../tests/support/kept-bundle.ts';
import { obtainRenderer, type FleetRenderers } from './renderers.ts';

let root = '';
let state: PipelineState;
let fleet: FleetRenderers;
const keep = () => ({ key: 'code-key-1', root: join(root, 'renderers') });

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'renderers-'));
  state = await openPipelineState({ dataDir: join(root, 'data') });
  fleet = { store: new DirectoryObjectStore(join(root, 'bucket')), state, log: silentLogger, pollMs: 20, maxWaitMs: 400 };
});
afterEach(async () => {
  await state.close();
  rmSync(root, { recursive: true, force: true });
});

describe('obtainRenderer', () => {
  it('tells a full release once when it starts waiting for another worker compiling the code version', async () => {
    expect(await state.codeVersions.claim(keep().key, 'another-worker', 60_000)).toEqual({ status: 'compile' });
    let told = 0;
    const obtained = await obtainRenderer(keep(), fleet, { full: true, whileWaiting: () => (told += 1) });
    // The other worker never finished within the longest wait: the release renders without the renderer.
    expect(obtained.source).toBe('none');
    expect(told).toBe(1);
  });

  it('does not tell a release that owns the compile', async () => {
    let told = 0;
    const obtained = await obtainRenderer(keep(), fleet, { full: true, whileWaiting: () => (told += 1) });
    expect(obtained.source).toBe('compile');
    expect(told).toBe(0);
    // Nothing was kept (no compile ran): finishing gives the key up for the next claim.
    await obtained.compile!.finish();
    expect(await state.codeVersions.claim(keep().key, 'next-worker', 60_000)).toEqual({ status: 'compile' });
  });

  it("wakes a release waiting for its own process's compile as soon as the renderer is kept", async () => {
    // Looks again only after a minute: the wait ends early only when the compile wakes it.
    const slow = { ...fleet, pollMs: 60_000, maxWaitMs: 120_000 };
    const owned = await obtainRenderer(keep(), slow, { full: true });
    expect(owned.source).toBe('compile');
    const waited = performance.now();
    const waiting = obtainRenderer(keep(), slow, { full: true });
    await new Promise((done) => setTimeout(done, 100));
    // The compile keeps the renderer on this disk, then is finished (stored for the fleet).
    const paths = codeRendererPaths(keep().key, keep().root);
    writeKeptBundle(paths.server, 'export {};');
    mkdirSync(paths.compiled, { recursive: true });
    const finished = owned.compile!.finish();
    expect((await waiting).source).toBe('disk');
    expect(performance.now() - waited).toBeLessThan(10_000);
    await finished;
  });
});
