/**
 * The reserved overlay in the pipeline state (issue 33 item 1): a deposit paid on the lead
 * API's machine (its own tenant folders and data directory, STOCK_FROM_STATE) is written to
 * the state, not to a tenant folder; the pipeline on another machine sees the tenant's overlay
 * change (the poll that enqueues its rebuild) and builds the car reserved; a refund and a feed
 * that catches up clear it, and the API sees that too. On SQLite (one shared state file) and
 * on PostgreSQL (separate data directories, the state's files in a bucket stand-in folder).
 */
import { cpSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { isPrepared, prepareTenant } from '../../src/builder/render/build-tenant.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { OVERLAY_FILE } from '../../src/lib/vehicle/reservation-overlay.ts';
import { intakePush } from '../../src/pipeline/intake/inbox.ts';
import { tenantInputs } from '../../src/pipeline/release/inputs.ts';
import { startPipeline } from '../../src/pipeline/service/service.ts';
import { ReservationWatch } from '../../src/pipeline/state/reservation-watch.ts';
import type { StateStockSource } from '../../src/pipeline/state/stock-source.ts';
import { openPipelineState, type PipelineState } from '../../src/pipeline/state/store.ts';
import { openSharedState } from '../support/shared-state.ts';
import { DATABASES, POSTGRES_SKIP_REASON, tempDir, testApp, testDatabase, writeTestTenants } from '../support/server-helpers.ts';

describe.each(DATABASES)('reserved overlay in the pipeline state (%s)', (kind) => {
  const folder = tempDir(`reservations-state-${kind}-`);
  const apiTenants = join(folder.dir, 'api', 'tenants');
  const pipelineTenants = join(folder.dir, 'pipeline', 'tenants');
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let pipeline: PipelineState;
  let source: StateStockSource;
  let watch: ReservationWatch;
  let app: LeadApi;
  const skip = kind === 'postgres' && POSTGRES_SKIP_REASON !== undefined;

  beforeAll(async () => {
    if (skip) return;
    writeTestTenants(pipelineTenants);
    cpSync(pipelineTenants, apiTenants, { recursive: true });
    database = await testDatabase(kind, folder.dir);
    ({ pipeline, source } = await openSharedState(kind, folder.dir, database.url));
    app = await testApp(database.db, apiTenants, { stockSource: source, reservations: source });
    watch = new ReservationWatch(pipeline);
    expect(await watch.changed()).toEqual([]);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await source?.state.close();
    await pipeline?.close();
    await database?.stop();
    folder.remove();
  }, 60_000);

  // What a rebuild on the pipeline's machine builds (release/run.ts: the state's inputs, then loadTenant) and records once live.
  const built = async (id: number) => {
    const dir = join(pipelineTenants, 'alpha');
    const inputs = await tenantInputs(pipeline, 'alpha', dir);
    const reserved = loadTenant(dir, Date.now(), inputs.stock ?? undefined, inputs.overlay).cars.find((car) => car.id === id)?.reserved ?? false;
    await pipeline.reservations.recordBuilt('alpha', inputs.reservations);
    return reserved;
  };
  const apiReserved = async () => {
    await app.reloadChangedTenants(await source.refresh());
    const response = await app.inject({ method: 'GET', url: '/api/cars/alpha-corolla-1/view.json', headers: { host: 'alpha.localhost' } });
    return (response.json() as { car_fields: { reserved: boolean } }).car_fields.reserved;
  };

  it.skipIf(skip)('a deposit paid on the API machine is built reserved on the pipeline machine; its refund clears it', async () => {
    expect(await built(1)).toBe(false);
    await app.payments.markReserved('alpha', '1', 'pi_first', Date.parse('2026-11-27T10:00:00Z'));
    // Into the state, not into the API machine's tenant folder.
    expect(existsSync(join(apiTenants, 'alpha', OVERLAY_FILE))).toBe(false);
    expect(await watch.changed()).toEqual(['alpha']);
    expect(await built(1)).toBe(true);
    expect(await built(2)).toBe(false);
    // A full release's build (release/build.ts buildFullRelease) gets the same overlay.
    const dir = join(pipelineTenants, 'alpha');
    const inputs = await tenantInputs(pipeline, 'alpha', dir);
    const prepared = await prepareTenant({ dir, outRoot: join(folder.dir, 'out'), now: Date.now(), logProblems: false, stock: inputs.stock ?? undefined, overlay: inputs.overlay });
    expect(isPrepared(prepared) && prepared.bundle.cars.find((car) => car.id === 1)?.reserved).toBe(true);
    expect(await apiReserved()).toBe(true);
    // A second payment for the car does not replace the first; nothing changes for the pipeline.
    await app.payments.markReserved('alpha', '1', 'pi_second', Date.now());
    expect(await pipeline.reservations.of('alpha')).toEqual({ '1': { reference: 'pi_first', reserved_at: '2026-11-27T10:00:00.000Z' } });
    expect(await watch.changed()).toEqual([]);
    // The second payment's refund leaves the first's entry; the first's refund removes it.
    await app.payments.unmarkReserved('alpha', '1', 'pi_second');
    expect(await watch.changed()).toEqual([]);
    await app.payments.unmarkReserved('alpha', '1', 'pi_first');
    expect(await watch.changed()).toEqual(['alpha']);
    expect(await built(1)).toBe(false);
    expect(await apiReserved()).toBe(false);
  });

  it.skipIf(skip)('the pipeline settles an entry once the feed shows the car reserved; a folder file (npm start) still counts', async () => {
    await app.payments.markReserved('alpha', '1', 'pi_third', Date.now());
    expect(await watch.changed()).toEqual(['alpha']);
    expect(await apiReserved()).toBe(true);
    // A lead API without the state wrote the pipeline machine's folder file: laid under the state's rows.
    writeFileSync(join(pipelineTenants, 'alpha', OVERLAY_FILE), JSON.stringify({ '2': { reference: 'pi_file', reserved_at: '2026-11-27T11:00:00.000Z' } }));
    expect([await built(1), await built(2)]).toEqual([true, true]);
    // The dealer's feed (a webhook push) catches up on car 1 (reserved): the state's entry goes.
    const stock = await pipeline.stock.get('alpha', join(pipelineTenants, 'alpha'));
    const records = (stock!.data as { id: number }[]).map((car) => (car.id === 1 ? { ...car, reserved: true } : car));
    const result = await intakePush(join(pipelineTenants, 'alpha'), 'alpha', JSON.stringify(records), () => {}, { state: pipeline, sitesDir: join(folder.dir, 'pipeline', 'sites') });
    expect(result).toMatchObject({ accepted: true });
    expect(await watch.changed()).toEqual(['alpha']);
    expect(await pipeline.reservations.of('alpha')).toEqual({});
    // The API now has car 1 reserved from the feed it reads from the state, and no overlay left.
    expect(await apiReserved()).toBe(true);
    expect(source.reservationsOf('alpha')).toBeUndefined();
  });

  it.skipIf(skip)('a pipeline that starts after a change sees it at its first poll; a change already built is not asked for again', async () => {
    // No pipeline polls while the deposit is paid (a restart, a deploy): the next one's first poll has it.
    await app.payments.markReserved('alpha', '2', 'pi_while_down', Date.now());
    expect(await new ReservationWatch(pipeline).changed()).toEqual(['alpha']);
    expect(await built(2)).toBe(true);
    expect(await new ReservationWatch(pipeline).changed()).toEqual([]);
    // A refund while down: the site was built with the car reserved, so it is asked for too.
    await app.payments.unmarkReserved('alpha', '2', 'pi_while_down');
    const restarted = new ReservationWatch(pipeline);
    expect(await restarted.changed()).toEqual(['alpha']);
    // Once per change: the next poll, with the rebuild still queued, asks for nothing more.
    expect(await restarted.changed()).toEqual([]);
  });
});

describe('the pipeline service and reservations in the state', () => {
  it('enqueues a tenant whose overlay another process changed in the state, and only that tenant', async () => {
    const folder = tempDir('reservations-service-');
    const tenants = join(folder.dir, 'tenants');
    writeTestTenants(tenants);
    // Both tenants' builds stop at their site.json, before any rendering: each job is one result, at once.
    for (const slug of ['alpha', 'beta']) writeFileSync(join(tenants, slug, 'site.json'), '{ not json');
    const dataDir = join(folder.dir, 'data');
    const results: string[] = [];
    const pipeline = await startPipeline({ tenantsDir: tenants, sitesDir: join(folder.dir, 'sites'), dataDir, pollMs: 40, debounceMs: 0, maxWaitMs: 0, warmRenderers: false, log: () => {}, env: {}, onResult: (result) => results.push(result.tenant) });
    const api = await openPipelineState({ dataDir, stockMirror: false });
    const until = async (check: () => boolean) => {
      for (let waited = 0; !check(); waited += 25) {
        if (waited > 10_000) throw new Error(`jobs seen: ${results.join(', ')}`);
        await new Promise((done) => setTimeout(done, 25));
      }
    };
    try {
      await pipeline.settled();
      await until(() => results.length === 2);
      await new Promise((done) => setTimeout(done, 200));
      expect(results.sort()).toEqual(['alpha', 'beta']);
      results.length = 0;
      await api.reservations.reserveCar('beta', '21', 'pi_other_machine', new Date().toISOString());
      await until(() => results.length === 1);
      // The job failed (its site.json), so nothing was built from that reservation: another change is asked for again.
      await api.reservations.reserveCar('beta', '22', 'pi_other_machine_2', new Date().toISOString());
      await until(() => results.length === 2);
      await new Promise((done) => setTimeout(done, 200));
      expect(results).toEqual(['beta', 'beta']);
    } finally {
      await api.close();
      await pipeline.close();
      folder.remove();
    }
  }, 30_000);
});
