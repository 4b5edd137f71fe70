/**
 * `npm run sync-search` refills Meilisearch with the stock the pipeline accepted (docs/reliability.md
 * "Meilisearch"): the pipeline state's snapshot and reserved overlay, not the tenant folder's
 * stock.json (only the seed). A tenant the state has no snapshot of, or a machine without a
 * state, syncs its folder; the command's line says which. A tenant an operator rolled back and
 * holds lists the cars of the release that is live, not the newer accepted stock. On a real
 * Meilisearch and SQLite state.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Meilisearch } from 'meilisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../src/config/pipeline.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { syncAcceptedTenant } from '../../src/pipeline/release/search-sync.ts';
import { openPipelineState, type PipelineState } from '../../src/pipeline/state/store.ts';
import { startMeilisearch, type MeilisearchServer } from '../support/meilisearch-server.ts';
import { REPO, workspace } from '../support/pipeline-env.ts';

const FED = 'fed-motors';
const NEVER_FED = 'seed-motors';
const HELD = 'held-motors';
const HELD_RELEASE = '20260101T000000000Z-held';
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
  await rolledBackAndHeld(ws.addTenant(HELD, search));
}, 120_000);

/**
 * HELD was published from its seed, then a feed (sold 111 and 112, brought 199) was accepted and
 * published, then an operator rolled it back to the seed's release and holds it there.
 */
async function rolledBackAndHeld(dir: string): Promise<void> {
  const cars = loadTenant(dir).visible;
  await state.releases.record({
    id: HELD_RELEASE,
    slug: HELD,
    createdAt: '2026-01-01T00:00:00.000Z',
    buildTime: 0,
    fullBuildTime: 0,
    mode: 'full',
    configHash: 'test',
    cars,
    fingerprints: {},
    added: cars.length,
    changed: 0,
    removed: 0,
    brokenLinks: [],
  });
  await state.stock.update(HELD, dir, (records) => [
    ...records.filter((car) => ![111, 112].includes((car as { id: number }).id)),
    { ...(records[0] as object), id: 199, slug: '2024-toyota-corolla-feed-hm99', stocknum: 'HM99' },
  ]);
  await state.tenants.setLive(HELD, HELD_RELEASE);
  await state.tenants.setHold(HELD, { release: HELD_RELEASE, from: '20260102T000000000Z-feed', at: '2026-01-03T00:00:00.000Z' });
}

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

  it("syncs a tenant held on a rolled-back release with that release's cars, not the newer accepted stock", async () => {
    const result = await syncAcceptedTenant(join(ws.tenants, HELD), { now: Date.now(), state, env });
    expect(result).toMatchObject({ slug: HELD, stock: `release ${HELD_RELEASE}, held by a rollback`, report: { added: SEED_IDS.length } });
    expect((await indexed(HELD)).ids).toEqual(SEED_IDS);
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
    expect(run.stdout).toMatch(new RegExp(`✓ ${HELD} -> ${INDEX}: ${SEED_IDS.length} added, .* \\(stock: release ${HELD_RELEASE}, held by a rollback\\)`));
    expect((await indexed(HELD)).ids).toEqual(SEED_IDS);
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
