/**
 * `npm run sync-search` refills Meilisearch with the stock the pipeline accepted (docs/reliability.md
 * "Meilisearch"): the pipeline state's snapshot and reserved overlay, not the tenant folder's
 * stock.json (only the seed). A tenant the state has no snapshot of, or a machine without a
 * state, syncs its folder; the command's line says which. On a real Meilisearch and SQLite state.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Meilisearch } from 'meilisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../src/config/pipeline.ts';
import { syncAcceptedTenant } from '../../src/pipeline/release/search-sync.ts';
import { openPipelineState, type PipelineState } from '../../src/pipeline/state/store.ts';
import { startMeilisearch, type MeilisearchServer } from '../support/meilisearch-server.ts';
import { REPO, workspace } from '../support/pipeline-env.ts';

const FED = 'fed-motors';
const NEVER_FED = 'seed-motors';
const INDEX = 'Car_sync_state_test';
const SEED_IDS = ['101', '102', '103', '104', '105', '106', '107', '108', '109', '110', '111', '112'];
// The feed sold 111 and 112 off and brought 199; the lead API reserved 101 in the state.
const ACCEPTED_IDS = ['101', '102', '103', '104', '105', '106', '107', '108', '109', '110', '199'];
const ws = workspace('sync-state');
// The pipeline's default data directory as an operator runs it in ws.root (`--sites dist`).
const dataDir = defaultDataDir(join(ws.root, 'dist'));
let meili: MeilisearchServer;
let admin: Meilisearch;
let state: PipelineState;
let env: Record<string, string>;

/** The tenant's documents in the index: ids sorted, and the reserved ones. */
async function indexed(slug: string): Promise<{ ids: string[]; reserved: string[] }> {
  const { results } = await admin.index(INDEX).getDocuments({ filter: `site = "${slug}"`, limit: 1000 });
  const ids = results.map((document) => String(document.id)).sort();
  return { ids, reserved: results.filter((document) => document.reserved === true).map((document) => String(document.id)) };
}

/** A Meilisearch that lost its data: the index is gone. */
async function loseIndex(): Promise<void> {
  await admin.deleteIndex(INDEX).waitTask();
}

beforeAll(async () => {
  meili = await startMeilisearch();
  admin = new Meilisearch({ host: meili.host, apiKey: meili.masterKey });
  env = { MEILI_ADMIN_KEY: meili.masterKey, MEILI_ADMIN_HOST: meili.host };
  const search = { search: { host: meili.host, index: INDEX } };
  const fedDir = ws.addTenant(FED, search);
  ws.addTenant(NEVER_FED, search);
  state = await openPipelineState({ dataDir });
  // A feed taken in: the folder's stock.json seeds the state, the feed's records replace it.
  await state.stock.update(FED, fedDir, (records) => [
    ...records.filter((car) => ![111, 112].includes((car as { id: number }).id)),
    { ...(records[0] as object), id: 199, slug: '2024-toyota-corolla-feed-pm99', stocknum: 'PM99' },
  ]);
  await state.reservations.reserveCar(FED, '101', 'pi_sync_state', new Date().toISOString());
}, 120_000);

afterAll(async () => {
  await state?.close();
  await meili?.stop();
  ws.remove();
}, 60_000);

describe('sync-search takes the accepted stock from the pipeline state', () => {
  it("syncs a fed tenant's snapshot and reserved overlay from the state, not its folder's seed", async () => {
    const result = await syncAcceptedTenant(join(ws.tenants, FED), { now: Date.now(), state, env });
    expect(result).toMatchObject({ slug: FED, stock: 'pipeline state', report: { added: ACCEPTED_IDS.length } });
    expect(await indexed(FED)).toEqual({ ids: ACCEPTED_IDS, reserved: ['101'] });
  });

  it('syncs a tenant the state has no snapshot of from its folder, and takes no seed into the state', async () => {
    const result = await syncAcceptedTenant(join(ws.tenants, NEVER_FED), { now: Date.now(), state, env });
    expect(result).toMatchObject({ slug: NEVER_FED, stock: 'tenant folder, no snapshot in the pipeline state', report: { added: SEED_IDS.length } });
    expect((await indexed(NEVER_FED)).ids).toEqual(SEED_IDS);
    expect(await state.stock.get(NEVER_FED)).toBeNull();
  });

  it('npm run sync-search refills a Meilisearch that lost its data from the state in the default data directory, saying where each stock came from', async () => {
    await loseIndex();
    const run = spawnSync(process.execPath, [join(REPO, 'scripts/sync-search.ts')], {
      cwd: ws.root,
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`✓ ${FED} -> ${INDEX}: ${ACCEPTED_IDS.length} added, .* \\(stock: pipeline state\\)`));
    expect(run.stdout).toMatch(
      new RegExp(`✓ ${NEVER_FED} -> ${INDEX}: ${SEED_IDS.length} added, .* \\(stock: tenant folder, no snapshot in the pipeline state\\)`),
    );
    expect(await indexed(FED)).toEqual({ ids: ACCEPTED_IDS, reserved: ['101'] });
    expect((await indexed(NEVER_FED)).ids).toEqual(SEED_IDS);
  }, 60_000);

  it('without a pipeline state (a developer machine) syncs the tenant folders and creates no state', async () => {
    await loseIndex();
    const run = spawnSync(
      process.execPath,
      [join(REPO, 'scripts/sync-search.ts'), '--tenants', ws.tenants, '--tenant', FED, '--sites', join(ws.root, 'elsewhere')],
      {
        cwd: ws.root,
        env: { PATH: process.env.PATH ?? '', ...env },
        encoding: 'utf8',
      },
    );
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`✓ ${FED} -> ${INDEX}: ${SEED_IDS.length} added, .* \\(stock: tenant folder, no pipeline state\\)`));
    expect(await indexed(FED)).toEqual({ ids: SEED_IDS, reserved: [] });
    expect(existsSync(join(ws.root, 'elsewhere'))).toBe(false);
  }, 60_000);
});
