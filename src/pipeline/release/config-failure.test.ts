/**
 * A bad site.json stops only its tenant, reported once, naming the file and the field: a job that
 * meets the same problem in the same file again (the next process's first pass, a feed) says only
 * that the file is unchanged, and the reconciler does not ask again until the file changes.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LogFields } from '../log.ts';
import { createReconciler } from '../service/reconcile.ts';
import { openPipelineState } from '../state/store.ts';
import { rebuildTenant } from './run.ts';

const root = mkdtempSync(join(tmpdir(), 'config-failure-'));
const tenantDir = join(root, 'tenants', 'broken-site');
cpSync(resolve(import.meta.dirname, '../../../tests/fixtures/tenants/broken-site'), tenantDir, { recursive: true });
const siteFile = join(tenantDir, 'site.json');
const state = await openPipelineState({ dataDir: join(root, 'data') });
afterAll(async () => {
  await state.close();
  rmSync(root, { recursive: true, force: true });
});

const logged: LogFields[] = [];
const log = (fields: LogFields) => void logged.push(fields);
const build = () => rebuildTenant({ tenantDir, sitesDir: join(root, 'sites'), state, log });
/** The lines that report the bad field. */
const reports = () => logged.filter((fields) => String(fields.reason ?? '').includes('locations.0.address.state'));

describe('a bad site.json in the pipeline', () => {
  const asked: string[] = [];
  let clock = 0;
  const reconciler = createReconciler({
    state,
    queue: { enqueue: async (slug: string) => void asked.push(slug), pending: async () => new Set<string>() } as never,
    debouncing: () => false,
    known: () => true,
    log,
    graceMs: 1000,
    now: () => clock,
  });
  const tick = async () => {
    clock += 60_000;
    await reconciler.tick();
  };

  it('is reported once, naming the file and the field; the same problem again is said to be unchanged', async () => {
    // Fault: every job of the tenant (the next process's first pass, each reconciler request) reported it again.
    expect((await build()).outcome).toBe('failed');
    expect((await build()).outcome).toBe('failed');
    expect(reports()).toHaveLength(1);
    expect(reports()[0]).toMatchObject({ level: 'error', event: 'release', tenant: 'broken-site' });
    expect(String(reports()[0]!.reason)).toContain(`${siteFile}: field locations.0.address.state`);
    expect(logged.filter((fields) => fields.event === 'release').at(-1)).toMatchObject({
      level: 'info',
      outcome: 'failed',
      reason: `${siteFile} unchanged since its problem was reported`,
    });
    // The status keeps the whole reason for the operator page.
    expect((await state.tenants.status('broken-site'))?.lastFailure?.reason).toContain('locations.0.address.state');
  });

  it('is not asked for again by the reconciler until the file changes', async () => {
    for (let count = 0; count < 3; count += 1) await tick();
    expect(asked).toEqual([]);
    expect(logged.filter((fields) => fields.event === 'reconcile')).toEqual([]);
    // Another problem in the file: asked for, and reported as the new problem it is.
    writeFileSync(siteFile, readFileSync(siteFile, 'utf8').replace('"Queensland"', '"Qld"'));
    await tick();
    await tick();
    expect(asked).toEqual(['broken-site']);
    const before = logged.length;
    await build();
    expect(logged.slice(before).find((fields) => fields.event === 'release')).toMatchObject({ level: 'error', reason: expect.stringContaining('"Qld"') });
  });
});
