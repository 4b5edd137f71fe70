/**
 * The lead API reads the accepted stock from the pipeline state (issue 33 item 1): its tenant
 * folder has no stock.json at all, the pipeline (another machine: its own tenant folder and
 * data directory) takes feeds into the state, and the API finds the cars the state holds,
 * and the next feed's cars after a refresh. On SQLite (one shared data directory) and on
 * PostgreSQL (separate data directories, the state's files in a bucket standing in folder).
 */
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import type { StateStockSource } from '../../src/pipeline/state/stock-source.ts';
import type { PipelineState } from '../../src/pipeline/state/store.ts';
import { openSharedState } from '../support/shared-state.ts';
import { DATABASES, POSTGRES_SKIP_REASON, tempDir, testApp, testDatabase, writeTestTenants } from '../support/server-helpers.ts';

describe.each(DATABASES)('lead API stock from the pipeline state (%s)', (kind) => {
  const folder = tempDir(`api-stock-state-${kind}-`);
  const apiTenants = join(folder.dir, 'api', 'tenants');
  const pipelineTenants = join(folder.dir, 'pipeline', 'tenants');
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let pipeline: PipelineState;
  let source: StateStockSource;
  let app: LeadApi;
  let plain: LeadApi;
  const skip = kind === 'postgres' && POSTGRES_SKIP_REASON !== undefined;

  beforeAll(async () => {
    if (skip) return;
    writeTestTenants(pipelineTenants);
    cpSync(pipelineTenants, apiTenants, { recursive: true });
    // The API machine's tenant folders carry configuration only.
    for (const slug of ['alpha', 'beta']) rmSync(join(apiTenants, slug, 'stock.json'));
    database = await testDatabase(kind, folder.dir);
    ({ pipeline, source } = await openSharedState(kind, folder.dir, database.url));
    // A feed adds a car on the pipeline's machine (its tenant folder's stock.json is the seed).
    await pipeline.stock.update('alpha', join(pipelineTenants, 'alpha'), (records) => [...records, { ...(records[0] as object), id: 9, slug: 'alpha-feed-car', name: 'alpha-feed-car' }]);
    await source.refresh();
    app = await testApp(database.db, apiTenants, { stockSource: source });
    plain = await testApp(database.db, apiTenants);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await plain?.close();
    await source?.state.close();
    await pipeline?.close();
    await database?.stop();
    folder.remove();
  }, 60_000);

  const view = (api: LeadApi, slug: string) => api.inject({ method: 'GET', url: `/api/cars/${slug}/view.json`, headers: { host: 'alpha.localhost' } });

  it.skipIf(skip)('finds the cars the state holds though the tenant folder has no stock, and the next feed after a refresh', async () => {
    expect((await view(app, 'alpha-feed-car')).statusCode).toBe(200);
    expect((await view(app, 'alpha-corolla-1')).json()).toMatchObject({ car_fields: { id: 1, price: 25_990 } });
    // Today's default (no source): the folder decides, and it has no stock.
    expect((await view(plain, 'alpha-corolla-1')).statusCode).toBe(404);
    // The next feed: car 9 gone, car 1 repriced. The API learns which tenant moved and reloads it.
    await pipeline.stock.update('alpha', join(pipelineTenants, 'alpha'), (records) => records.filter((car) => (car as { id: number }).id !== 9).map((car) => ((car as { id: number }).id === 1 ? { ...(car as object), price: 19_990 } : car)));
    expect(await source.refresh()).toEqual(['alpha']);
    expect(await source.refresh()).toEqual([]);
    await app.reloadChangedTenants(['alpha']);
    expect((await view(app, 'alpha-feed-car')).statusCode).toBe(404);
    expect((await view(app, 'alpha-corolla-1')).json()).toMatchObject({ car_fields: { id: 1, price: 19_990 } });
    // A tenant the state has no stock for keeps the folder's behaviour.
    expect(source.stockOf('beta')).toBeUndefined();
  });
});
