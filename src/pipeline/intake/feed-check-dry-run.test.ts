/**
 * The feed dry run (`npm run feed:check`, docs/pipeline.md "Feed mappings") "changes nothing":
 * its guard compares the file with the stock the pipeline would take as current, and when that
 * is the tenant folder's replaced stock.json (a seed not yet taken in), it reads the seed
 * without taking it in, so the pipeline's next job still takes it in and reports it as a feed.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUARD_DEFAULTS } from './guard.ts';
import { assessFeedCheck, checkFeedFile } from './inbox.ts';
import { withState } from '../state/store.ts';

const FIXTURE = resolve(import.meta.dirname, '../../../tests/fixtures/tenants/pipeline-motors');
const SLUG = 'pipeline-motors';
let root = '';

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'feed-dry-run-'));
  cpSync(FIXTURE, join(root, 'tenants', SLUG), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the feed dry run', () => {
  it('takes no replaced stock.json into the pipeline state, and judges the file against it as the pipeline would', async () => {
    const tenantDir = join(root, 'tenants', SLUG);
    const sites = join(root, 'sites');
    const stock = JSON.parse(readFileSync(join(tenantDir, 'stock.json'), 'utf8')) as Record<string, unknown>[];
    // The state took the folder's stock in (sequence 1); then the operator replaced stock.json with two cars.
    await withState(undefined, sites, (state) => state.stock.get(SLUG, tenantDir));
    writeFileSync(join(tenantDir, 'stock.json'), JSON.stringify(stock.slice(0, 2)));
    // A feed of all twelve: against the two-car seed nothing is removed, so the guard holds nothing.
    const feed = join(root, 'feed.json');
    writeFileSync(feed, JSON.stringify(stock));
    const check = checkFeedFile(tenantDir, SLUG, feed);
    const guard = await withState(undefined, sites, (state) => assessFeedCheck(tenantDir, SLUG, check, { sitesDir: sites, guard: GUARD_DEFAULTS, state }));
    expect(guard?.held ?? false).toBe(false);
    expect(await withState(undefined, sites, (state) => state.stock.sequences())).toEqual([{ tenant: SLUG, seq: 1 }]);
    // The pipeline's next read takes the seed in and says so.
    const next = await withState(undefined, sites, (state) => state.stock.get(SLUG, tenantDir));
    expect(next).toMatchObject({ seq: 2, seeded: true });
  });
});
