/**
 * docs/pipeline.md "Reconciler": a job whose pipeline state does not answer (PostgreSQL
 * restarting) waits for it up to 60 s, doubling from 0.5 s, before it fails. That holds for
 * every read and write of a release, not only the first: here the state refuses the host claim
 * (taken after the photos) and the release history read twice each, as a restarting server does,
 * and the release still goes live, with the waits in its log.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LogFields } from '../../src/pipeline/log.ts';
import { rebuildTenant } from '../../src/pipeline/release/run.ts';
import { openPipelineState, type PipelineState } from '../../src/pipeline/state/store.ts';
import { defaultDataDir } from '../../src/config/pipeline.ts';
import { workspace } from '../support/pipeline-env.ts';

const ws = workspace('state-blips');
const SLUG = 'blip-motors';
afterAll(() => ws.remove());

/** ECONNREFUSED, as node-postgres reports a server that is restarting. */
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** `state` whose `area.method` fails `times` times, then answers. */
function failing<A extends keyof PipelineState>(state: PipelineState, area: A, method: string, times: number): PipelineState {
  let left = times;
  const inner = state[area] as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const wrapped = new Proxy(inner, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (name !== method || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: unknown[]) => {
        if (left > 0) {
          left -= 1;
          throw refused();
        }
        return (value as (...args: unknown[]) => Promise<unknown>).apply(target, args);
      };
    },
  });
  return new Proxy(state, { get: (target, name, receiver) => (name === area ? wrapped : Reflect.get(target, name, receiver)) });
}

describe('a release rides out a state that refuses connections for a moment', () => {
  it('claims its host and reads its release history again after the waits, and goes live', { timeout: 300_000 }, async () => {
    ws.addTenant(SLUG);
    const tenantDir = join(ws.tenants, SLUG);
    const real = await openPipelineState({ dataDir: defaultDataDir(ws.sites) });
    try {
      const events: LogFields[] = [];
      const log = (fields: LogFields) => events.push(fields);
      const first = await rebuildTenant({ tenantDir, sitesDir: ws.sites, state: failing(real, 'hosts', 'claimsOf', 2), log });
      expect(first.outcome, first.reason).toBe('published');
      // A full build of the same stock reads the live release's record first.
      const second = await rebuildTenant({ tenantDir, sitesDir: ws.sites, state: failing(real, 'releases', 'get', 2), log, full: true });
      expect(second.outcome, second.reason).toBe('published');
      const waits = events.filter((event) => event.event === 'dependency-wait' && event.what === 'the pipeline state');
      expect(waits.length).toBe(4);
    } finally {
      await real.close();
    }
  });
});
