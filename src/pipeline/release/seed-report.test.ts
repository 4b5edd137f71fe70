/**
 * The first release reports the seed's bad records (operations trial defect 4): the tenant
 * folder's stock.json, taken into the state by the tenant's first job, is reported as a feed
 * is (a `feed` log line, the last feed on the operator page with its report), not skipped in
 * silence. The tenant's site.json is broken here, so the job stops before any build.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LogFields } from '../log.ts';
import { readFeedStatus } from '../state/status.ts';
import { rebuildTenant } from './run.ts';

const FIXTURE = resolve(import.meta.dirname, '../../../tests/fixtures/tenants/pipeline-motors');
const root = mkdtempSync(join(tmpdir(), 'seed-report-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the seed stock.json of a first release', () => {
  it('is reported with its bad records, once', async () => {
    const tenantDir = join(root, 'tenants', 'seed-motors');
    cpSync(FIXTURE, tenantDir, { recursive: true });
    const stock = JSON.parse(readFileSync(join(tenantDir, 'stock.json'), 'utf8')) as Record<string, unknown>[];
    writeFileSync(join(tenantDir, 'stock.json'), JSON.stringify([...stock, { ...stock[0], id: 999, slug: 'bad-one', status: 'gone' }]));
    writeFileSync(join(tenantDir, 'site.json'), '{ "slug": "seed-motors", ');
    const sites = join(root, 'sites');
    const events: LogFields[] = [];
    const result = await rebuildTenant({ tenantDir, sitesDir: sites, log: (fields) => events.push(fields) });
    expect(result.outcome).toBe('failed');
    expect(events.filter((event) => event.event === 'feed')).toEqual([
      expect.objectContaining({
        level: 'warn',
        tenant: 'seed-motors',
        source: 'stock.json (tenant folder seed)',
        outcome: 'accepted',
        records: stock.length + 1,
        valid: stock.length,
        problems: 1,
        // Where the problems are: the tenant's last feed status (the seed has no file in the inbox).
        report: join(sites, 'seed-motors', 'feed-status.json'),
      }),
    ]);
    const feed = readFeedStatus(sites, 'seed-motors');
    expect(feed).toMatchObject({ source: 'stock.json (tenant folder seed)', outcome: 'accepted', problems: 1 });
    expect(feed?.report).toMatch(/seed-motors: stock.json record id 999, stock PM1 \(#12\) field status: .*; record skipped\n/);
    // The next job reads the state's snapshot: nothing new to report.
    events.length = 0;
    await rebuildTenant({ tenantDir, sitesDir: sites, log: (fields) => events.push(fields) });
    expect(events.filter((event) => event.event === 'feed')).toEqual([]);
  });
});
